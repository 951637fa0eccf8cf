! SPDX-License-Identifier: BSD-3-Clause
! The Fortran twin of mpi_calls.c (mpif.h bindings): keeps its own tally
! of the calls it makes per class of the PMPI tool, with their bytes, and
! prints "EXPECT <rank> <region> <calls> <bytes>" per class. The calls are
! mpi_calls_body.inc's, which mpi_calls_f08.f90 makes through mpi_f08.
!   mpi_calls_fortran FILE   (FILE: a scratch file for the MPI-IO calls)
program mpi_calls_fortran
  implicit none
  include 'mpif.h'
  integer, parameter :: p2p = 1, coll = 2, wait = 3, rma = 4, io = 5
  character(len=*), parameter :: names(5) = [character(len=18) :: 'mpi:point-to-point', &
       'mpi:collective', 'mpi:wait-test', 'mpi:one-sided', 'mpi:io']
  integer(kind=8) :: calls(5) = 0, nbytes(5) = 0
  integer :: ierr, rank, nranks, right, left, i
  logical :: flag
  ! The handles: integers in mpif.h.
  integer :: fh, win, ring, world, from, to, types(64), reqs(2), nreqs(9)
  integer :: statuses(MPI_STATUS_SIZE, 2), status(MPI_STATUS_SIZE), nstatuses(MPI_STATUS_SIZE, 9)
  integer :: out(100), in(100), window(16), four(4), two(2), block(16), a2a(128)
  double precision :: d(16), r(16)
  integer(kind=MPI_ADDRESS_KIND) :: winsize, disp
  integer(kind=MPI_OFFSET_KIND) :: offset
  character(len=256) :: path
  integer :: zero(1024), g(1024), sc(64), ag(1024), av(1024), aw(1024), rs(64), rsb(2), sn(3), ex(2)
  integer :: counts(64), displs(64), rcounts(64), rdispls(64), wdispls(64), rwdispls(64)
  integer :: n2(2), nd(2), nin(12), ngot(12, 3), one, old, cmp, res(2)
  integer(kind=MPI_ADDRESS_KIND) :: nwd(2)

  call get_command_argument(1, path)
  call MPI_Init(ierr)
  include 'mpi_calls_body.inc'

  do i = 1, 5
     write (*, '(a,i0,1x,a,1x,i0,1x,i0)') 'EXPECT ', rank, trim(names(i)), calls(i), nbytes(i)
  end do
  flush (6)
  call MPI_Finalize(ierr)

contains

  subroutine tally(cls, size)
    integer, intent(in) :: cls, size
    calls(cls) = calls(cls) + 1
    nbytes(cls) = nbytes(cls) + size
  end subroutine tally

  ! The ring of the neighbourhood collectives: a periodic 1-D Cartesian one.
  subroutine ring_create()
    integer :: dims(1)
    logical :: periods(1)
    dims(1) = nranks
    periods(1) = .true.
    call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  end subroutine ring_create

end program mpi_calls_fortran
