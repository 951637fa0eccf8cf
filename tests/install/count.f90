! SPDX-License-Identifier: BSD-3-Clause
! An installed-library client in Fortran (scripts/test-install): built with
! gfortran and `pkg-config --cflags --libs papi` only, which must find the module
! papi (papi.mod) in the installed include directory. It counts perf::TASK-CLOCK
! over 20 ms of this process's CPU time.
program count
  use papi
  implicit none
  integer :: check, es
  integer(8) :: values(1), start, now

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  if (check /= PAPI_VER_CURRENT) error stop 'FAILED: papif_library_init'
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  if (check /= PAPI_OK) error stop 'FAILED: papif_create_eventset'
  call papif_add_named_event(es, 'perf::TASK-CLOCK', check)
  if (check /= PAPI_OK) error stop 'FAILED: papif_add_named_event perf::TASK-CLOCK'
  call papif_start(es, check)
  if (check /= PAPI_OK) error stop 'FAILED: papif_start'
  call papif_get_virt_usec(start)
  now = start
  do while (now - start < 20000_8)
    call papif_get_virt_usec(now)
  end do
  call papif_stop(es, values, check)
  if (check /= PAPI_OK) error stop 'FAILED: papif_stop'
  print '(a,i0,a)', 'perf::TASK-CLOCK: ', values(1), ' ns'
  if (values(1) < 18000000_8) error stop 'FAILED: under 18 ms counted'
  print '(a)', 'PASSED'
end program count
