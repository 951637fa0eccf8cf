! SPDX-License-Identifier: BSD-3-Clause
! highlevel: the high-level regions and rate calls from Fortran (fpapi.h): nested and
! repeated regions with a read, their return codes (an unmatched end is PAPI_EINVAL,
! PAPIF_hl_stop twice PAPI_ENOEVNT), and the rate calls' arguments and, without a
! hardware PMU, their PAPI_ENOEVNT. The report goes to the directory PAPI_OUTPUT_DIRECTORY
! names (set here through setenv; the previous run's report is removed first, so only
! the last one stays); tests/hl checks reports' contents.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program highlevel
  use ftest_checks
  use, intrinsic :: iso_c_binding, only: c_int, c_char, c_null_char
  implicit none
  interface
    function setenv(name, value, overwrite) bind(c, name='setenv')
      import :: c_int, c_char
      character(kind=c_char), dimension(*) :: name, value
      integer(c_int), value :: overwrite
      integer(c_int) :: setenv
    end function setenv
    function c_system(command) bind(c, name='system')
      import :: c_int, c_char
      character(kind=c_char), dimension(*) :: command
      integer(c_int) :: c_system
    end function c_system
  end interface
  integer :: check, i
  real :: rtime, ptime, rate
  integer(8) :: count, ref, core

  if (c_system('rm -rf /tmp/papillon-ftests-hl'//c_null_char) /= 0) FAIL('cannot remove the last report')
  if (setenv('PAPI_OUTPUT_DIRECTORY'//c_null_char, '/tmp/papillon-ftests-hl'//c_null_char, 1) /= 0) &
    FAIL('setenv failed')
  if (setenv('PAPI_EVENTS'//c_null_char, 'perf::TASK-CLOCK,perf::PAGE-FAULTS'//c_null_char, 1) /= 0) &
    FAIL('setenv failed')

  call papif_hl_region_begin('outer', check)
  if (check == PAPI_ENOEVNT .or. check == PAPI_EPERM) &
    call ftest_skip('the software events cannot count here (no perf_event access)')
  CHECK('papif_hl_region_begin(outer)', check, PAPI_OK)
  do i = 1, 3
    call papif_hl_region_begin('inner   ', check)
    CHECK('papif_hl_region_begin(inner)', check, PAPI_OK)
    call ftest_work(2)
    call papif_hl_read('inner', check)
    CHECK('papif_hl_read(inner)', check, PAPI_OK)
    call papif_hl_region_end('inner', check)
    CHECK('papif_hl_region_end(inner)', check, PAPI_OK)
  end do
  call papif_hl_region_end('nowhere', check)
  CHECK('papif_hl_region_end(nowhere)', check, PAPI_EINVAL)
  call papif_hl_region_end('outer', check)
  CHECK('papif_hl_region_end(outer)', check, PAPI_OK)
  call papif_hl_stop(check)
  CHECK('papif_hl_stop', check, PAPI_OK)
  call papif_hl_stop(check)
  CHECK('papif_hl_stop (again)', check, PAPI_ENOEVNT)

  call papif_flips_rate(PAPI_TOT_INS, rtime, ptime, count, rate, check)
  CHECK('papif_flips_rate(PAPI_TOT_INS)', check, PAPI_ENOEVNT)
  call papif_rate_stop(check)
  CHECK('papif_rate_stop (nothing running)', check, PAPI_ENOTRUN)
  call papif_ipc(rtime, ptime, count, rate, check)
  if (check == PAPI_OK) then
    ! A hardware PMU: the first call starts and returns zeros.
    if (count /= 0 .or. rate /= 0.0) FAIL('the first papif_ipc did not return zeros')
    call ftest_work(5)
    call papif_ipc(rtime, ptime, count, rate, check)
    CHECK('papif_ipc (second)', check, PAPI_OK)
    if (count <= 0 .or. rate <= 0.0) FAIL('papif_ipc counted no instructions')
    call papif_epc(0, rtime, ptime, ref, core, count, rate, check)
    CHECK('papif_epc', check, PAPI_OK)
    call papif_rate_stop(check)
    CHECK('papif_rate_stop', check, PAPI_OK)
  else
    CHECK('papif_ipc without a PMU', check, PAPI_ENOEVNT)
    call papif_epc(0, rtime, ptime, ref, core, count, rate, check)
    CHECK('papif_epc without a PMU', check, PAPI_ENOEVNT)
    call papif_flops_rate(PAPI_FP_OPS, rtime, ptime, count, rate, check)
    CHECK('papif_flops_rate without a PMU', check, PAPI_ENOEVNT)
  end if
  call ftest_pass()
end program highlevel
