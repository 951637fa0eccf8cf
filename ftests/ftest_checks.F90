! SPDX-License-Identifier: BSD-3-Clause
! Verdict helpers of the ftests, the ctests' conventions: one line PASSED, SKIPPED: reason
! or FAILED file:line: message; the exit status is 0 for PASSED and SKIPPED, 1 for FAILED.
! Also the CPU work the counting tests measure (ftest_work).
module ftest_checks
  implicit none
  private
  public :: ftest_pass, ftest_skip, ftest_fail, ftest_check, ftest_note, ftest_work

contains

  subroutine ftest_pass()
    write (*, '(a)') 'PASSED'
    stop
  end subroutine ftest_pass

  subroutine ftest_skip(reason)
    character(len=*), intent(in) :: reason
    write (*, '(a)') 'SKIPPED: '//trim(reason)
    stop
  end subroutine ftest_skip

  subroutine ftest_fail(file, line, message)
    character(len=*), intent(in) :: file, message
    integer, intent(in) :: line
    write (*, '(a,a,i0,a,a)') 'FAILED ', file//':', line, ': ', trim(message)
    stop 1
  end subroutine ftest_fail

  ! A PAPI call's return code: anything but expected fails the test.
  subroutine ftest_check(file, line, call, got, expected)
    character(len=*), intent(in) :: file, call
    integer, intent(in) :: line, got, expected
    character(len=200) :: message
    if (got /= expected) then
      write (message, '(a,a,i0,a,i0)') call, ' returned ', got, ', expected ', expected
      call ftest_fail(file, line, message)
    end if
  end subroutine ftest_check

  subroutine ftest_note(text)
    character(len=*), intent(in) :: text
    write (*, '(a)') '  '//trim(text)
  end subroutine ftest_note

  ! Spins until the thread has used ms of CPU time (not wall-clock time: on a
  ! loaded machine the thread may run for a small part of the wall-clock
  ! span, and the tests compare its perf::TASK-CLOCK with ms). The thread's
  ! CPU time is a system call away, so it is read only every 20,000 steps:
  ! the time stays user time, which is what the overflow test samples (perf
  ! drops a user-only event's timer samples that land in the kernel).
  subroutine ftest_work(ms)
    integer, intent(in) :: ms
    integer(8) :: start, now
    integer :: step
    real(8) :: x
    x = 1.0d0
    call papif_get_virt_usec(start)
    now = start
    do while (now - start < ms * 1000_8)
      do step = 1, 20000
        x = x * 1.0000001d0 + 1.0d-9
      end do
      call papif_get_virt_usec(now)
    end do
    if (x < 0) print *, x
  end subroutine ftest_work

end module ftest_checks
