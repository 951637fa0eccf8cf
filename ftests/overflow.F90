! SPDX-License-Identifier: BSD-3-Clause
! overflow: a Fortran subroutine as the overflow handler of perf::TASK-CLOCK (a
! software event perf samples like a counter). With a threshold of 1 ms of task clock,
! 200 ms of work calls it about 200 times, each time with the event set it was set on
! and the overflowing event in its overflow vector; after threshold 0, never again.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
module overflow_state
  implicit none
  integer, volatile :: calls = 0, wrong_set = 0, wrong_vector = 0
  integer :: expected_set
  integer(8), volatile :: last_vector = 0
end module overflow_state

subroutine on_overflow(event_set, address, overflow_vector, context)
  use overflow_state
  implicit none
  integer :: event_set
  integer(8) :: address, overflow_vector, context
  calls = calls + 1
  if (event_set /= expected_set) wrong_set = wrong_set + 1
  if (overflow_vector == 0) wrong_vector = wrong_vector + 1
  last_vector = overflow_vector
  if (address == 0 .and. context == -1) print *, 'unreachable'
end subroutine on_overflow

program overflow
  use ftest_checks
  use overflow_state
  implicit none
  external on_overflow
  integer, parameter :: threshold_ns = 1000000
  integer :: check, es, code, at_stop, indices(2), number
  integer(8) :: values(1), vector
  character(len=160) :: line

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  CHECK('papif_create_eventset', check, PAPI_OK)
  call papif_event_name_to_code('perf::TASK-CLOCK', code, check)
  CHECK('papif_event_name_to_code', check, PAPI_OK)
  call papif_add_event(es, code, check)
  if (check == PAPI_ECMP .or. check == PAPI_EPERM) &
    call ftest_skip('perf::TASK-CLOCK cannot count here (no perf_event access)')
  CHECK('papif_add_event', check, PAPI_OK)
  expected_set = es
  call papif_overflow(es, code, threshold_ns, 0, on_overflow, check)
  CHECK('papif_overflow', check, PAPI_OK)

  call papif_start(es, check)
  CHECK('papif_start', check, PAPI_OK)
  call ftest_work(200)
  call papif_stop(es, values, check)
  CHECK('papif_stop', check, PAPI_OK)
  at_stop = calls
  write (line, '(i0,a,i0,a)') at_stop, ' handler calls for ', values(1), ' ns of task clock'
  call ftest_note(line)
  if (wrong_set /= 0) FAIL('the handler was given another event set')
  if (wrong_vector /= 0) FAIL('the handler was given an empty overflow vector')
  ! perf may lose a few samples on a loaded machine; not half of them.
  if (at_stop < values(1) / threshold_ns / 2 .or. at_stop > values(1) / threshold_ns + 2) &
    FAIL('the handler calls do not match the task clock counted')

  ! The vector the handler was given names the set's only event, index 0.
  vector = last_vector
  number = size(indices)
  call papif_get_overflow_event_index(es, vector, indices, number, check)
  CHECK('papif_get_overflow_event_index', check, PAPI_OK)
  CHECK('overflowing events', number, 1)
  CHECK('the index of the overflowing event', indices(1), 0)

  call papif_overflow(es, code, 0, 0, on_overflow, check)
  CHECK('papif_overflow with threshold 0', check, PAPI_OK)
  call papif_start(es, check)
  call ftest_work(30)
  call papif_stop(es, values, check)
  CHECK('papif_stop (overflow off)', check, PAPI_OK)
  if (calls /= at_stop) FAIL('the handler ran with overflow turned off')
  call papif_shutdown()
  call ftest_pass()
end program overflow
