! SPDX-License-Identifier: BSD-3-Clause
! hw_tot_ins: PAPI_TOT_INS through the Fortran bindings counts a loop exactly. The loop
! runs n, 2n and 3n times between papif_start and papif_stop; whatever the compiler made
! of its body (k instructions an iteration) and whatever the library adds around it (F),
! exact counts are k*n + F, 2k*n + F, 3k*n + F: the two differences are equal and a
! multiple of n. A first, uncounted run goes before them: the first start and stop of
! an event set take a few instructions more (the lab's aarch64 guest: 5) than later ones.
! Needs a PMU that counts exactly (the lab's QEMU guests); without a hardware PMU it skips.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program hw_tot_ins
  use ftest_checks
  implicit none
  integer, parameter :: n = 100000
  integer :: check, es, i
  integer(8) :: counts(3), values(1), step
  character(len=PAPI_HUGE_STR_LEN) :: reason
  character(len=200) :: line

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  CHECK('papif_create_eventset', check, PAPI_OK)
  call papif_add_event(es, PAPI_TOT_INS, check)
  if (check /= PAPI_OK) then
    call papif_strreason(reason, check)
    call ftest_skip('no hardware PMU on this machine: PAPI_TOT_INS cannot count ('//trim(reason)//')')
  end if
  do i = 0, 3
    call papif_start(es, check)
    CHECK('papif_start', check, PAPI_OK)
    call spin(max(i, 1) * n)
    call papif_stop(es, values, check)
    CHECK('papif_stop', check, PAPI_OK)
    if (i > 0) counts(i) = values(1)
  end do
  step = counts(2) - counts(1)
  write (line, '(a,3(i0,1x),a,i0,a,i0)') 'PAPI_TOT_INS for n, 2n, 3n: ', counts, &
    '; per iteration ', step / n, ', around the loop ', counts(1) - step
  call ftest_note(line)
  if (counts(3) - counts(2) /= step) FAIL('the counts do not grow by the same step: not exact')
  if (mod(step, int(n, 8)) /= 0) FAIL('the step is not a whole number of instructions an iteration')
  if (step / n < 1) FAIL('the loop counted under one instruction an iteration')
  call papif_shutdown()
  call ftest_pass()

contains

  ! The same body iterations times; the volatile total keeps each iteration's work.
  subroutine spin(iterations)
    integer, intent(in) :: iterations
    integer(8), volatile :: total
    integer :: j
    total = 0
    do j = 1, iterations
      total = total + j
    end do
  end subroutine spin
end program hw_tot_ins
