! SPDX-License-Identifier: BSD-3-Clause
! counting: an event set of software events (they count without a hardware PMU) through
! create/add/start/read/accum/read/stop, and the values behave: task clock grows while
! the program works, PAPIF_accum adds and resets, PAPIF_stop gives the last values.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program counting
  use ftest_checks
  implicit none
  integer :: check, es, status, number, codes(4), task_clock
  integer(8) :: values(2), later(2), sums(2), stopped(2)
  character(len=160) :: line

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  CHECK('papif_create_eventset', check, PAPI_OK)
  call papif_add_named_event(es, 'perf::TASK-CLOCK', check)
  if (check == PAPI_ECMP .or. check == PAPI_ENOEVNT .or. check == PAPI_EPERM) &
    call ftest_skip('perf::TASK-CLOCK cannot count here (no perf_event access)')
  CHECK('papif_add_named_event(perf::TASK-CLOCK)', check, PAPI_OK)
  call papif_event_name_to_code('perf::PAGE-FAULTS', codes(1), check)
  CHECK('papif_event_name_to_code(perf::PAGE-FAULTS)', check, PAPI_OK)
  call papif_add_event(es, codes(1), check)
  CHECK('papif_add_event(perf::PAGE-FAULTS)', check, PAPI_OK)

  call papif_num_events(es, number)
  CHECK('papif_num_events', number, 2)
  number = size(codes)
  call papif_list_events(es, codes, number, check)
  CHECK('papif_list_events', check, PAPI_OK)
  CHECK('papif_list_events number', number, 2)
  call papif_event_name_to_code('perf::TASK-CLOCK', task_clock, check)
  CHECK('the first event listed is TASK-CLOCK', codes(1), task_clock)

  call papif_state(es, status, check)
  CHECK('papif_state', check, PAPI_OK)
  CHECK('the state before start', status, PAPI_STOPPED)
  call papif_start(es, check)
  CHECK('papif_start', check, PAPI_OK)
  call papif_state(es, status, check)
  CHECK('the state after start', status, PAPI_RUNNING)

  call ftest_work(30)
  call papif_read(es, values, check)
  CHECK('papif_read', check, PAPI_OK)
  ! 30 ms of work: at least 10 ms of task clock even on a busy machine.
  if (values(1) < 10000000_8) FAIL('TASK-CLOCK counted under 10 ms for 30 ms of work')
  call ftest_work(10)
  call papif_read(es, later, check)
  CHECK('papif_read (second)', check, PAPI_OK)
  if (later(1) <= values(1)) FAIL('TASK-CLOCK did not grow between two reads')

  sums = 0
  call papif_accum(es, sums, check)
  CHECK('papif_accum', check, PAPI_OK)
  if (sums(1) < later(1)) FAIL('PAPIF_accum added less than was read before it')
  call papif_read(es, values, check)
  if (values(1) >= later(1)) FAIL('PAPIF_accum did not reset the counts')
  call papif_reset(es, check)
  CHECK('papif_reset', check, PAPI_OK)

  call ftest_work(20)
  call papif_stop(es, stopped, check)
  CHECK('papif_stop', check, PAPI_OK)
  if (stopped(1) < 5000000_8) FAIL('TASK-CLOCK counted under 5 ms for 20 ms of work')
  if (stopped(2) < 0) FAIL('PAGE-FAULTS is negative')
  call papif_state(es, status, check)
  CHECK('the state after stop', status, PAPI_STOPPED)
  call papif_stop(es, stopped, check)
  CHECK('papif_stop of a stopped set', check, PAPI_ENOTRUN)

  write (line, '(a,i0,a,i0,a)') 'task clock ', stopped(1), ' ns, ', stopped(2), ' page faults'
  call ftest_note(line)
  call papif_cleanup_eventset(es, check)
  CHECK('papif_cleanup_eventset', check, PAPI_OK)
  call papif_destroy_eventset(es, check)
  CHECK('papif_destroy_eventset', check, PAPI_OK)
  CHECK('the set after destroy', es, PAPI_NULL)
  call papif_shutdown()
  call ftest_pass()
end program counting
