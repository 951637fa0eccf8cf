! SPDX-License-Identifier: BSD-3-Clause
! typed_module: a program that uses the module papi instead of an include file: its
! constants and its typed interfaces, a Fortran function as the thread id function of
! papif_thread_init, counting perf::TASK-CLOCK, with PAPIF_event_times (Papillon's
! extension) saying the event ran the whole time it was enabled.
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program typed_module
  use papi
  use ftest_checks
  implicit none
  integer :: check, es
  integer(8) :: id
  integer(8), external :: thread_number
  integer(8) :: values(1), enabled_ns, running_ns, start, now
  character(len=PAPI_MAX_STR_LEN) :: text

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  call papif_thread_init(thread_number, check)
  CHECK('papif_thread_init', check, PAPI_OK)
  call papif_thread_id(id)
  if (id /= 4242_8) FAIL('papif_thread_id is not what the id function returns')
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  CHECK('papif_create_eventset', check, PAPI_OK)
  call papif_add_named_event(es, 'perf::TASK-CLOCK', check)
  if (check == PAPI_ECMP .or. check == PAPI_EPERM) &
    call ftest_skip('perf::TASK-CLOCK cannot count here (no perf_event access)')
  CHECK('papif_add_named_event', check, PAPI_OK)
  call papif_start(es, check)
  CHECK('papif_start', check, PAPI_OK)
  ! CPU time, not wall-clock time: a loaded machine may run this thread for
  ! a small part of a wall-clock span, and TASK-CLOCK counts CPU time.
  call papif_get_virt_usec(start)
  now = start
  do while (now - start < 20000_8)
    call papif_get_virt_usec(now)
  end do
  call papif_stop(es, values, check)
  CHECK('papif_stop', check, PAPI_OK)
  if (values(1) < 5000000_8) FAIL('TASK-CLOCK counted under 5 ms for 20 ms of work')
  call papif_event_times(es, 0, enabled_ns, running_ns, check)
  CHECK('papif_event_times', check, PAPI_OK)
  if (enabled_ns <= 0 .or. running_ns /= enabled_ns) &
    FAIL('a lone software event did not run the whole time it was enabled')
  call papif_strerror(PAPI_EINVAL, text, check)
  CHECK('papif_strerror', check, PAPI_OK)
  if (len_trim(text) == 0) FAIL('PAPI_EINVAL has no text')
  call papif_shutdown()
  call ftest_pass()
end program typed_module

! The id function papif_thread_init is given: one thread, number 4242. External, not
! internal: an internal procedure passed as an argument may need a trampoline on the stack.
function thread_number()
  implicit none
  integer(8) :: thread_number
  thread_number = 4242_8
end function thread_number
