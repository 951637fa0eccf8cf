! SPDX-License-Identifier: BSD-3-Clause
! The Fortran twin of mpi_calls.c (mpif.h bindings): keeps its own tally
! of the calls it makes per class of the PMPI tool, with their bytes, and
! prints "EXPECT <rank> <region> <calls> <bytes>" per class. The calls are
! mpi_calls_body.inc's, which mpi_calls_f08.f90 makes through mpi_f08.
!   mpi_calls_fortran FILE   (FILE: a scratch file for the MPI-IO calls)
program mpi_calls_fortran
  implicit none
  include 'mpif.h'
  ! The handles: integers in mpif.h.
  integer :: fh, win, ring, world, from, to, types(64), reqs(2), nreqs(9)
  integer :: statuses(MPI_STATUS_SIZE, 2), status(MPI_STATUS_SIZE), nstatuses(MPI_STATUS_SIZE, 9)
  include 'mpi_calls_decls.inc'

  call get_command_argument(1, path)
  call MPI_Init(ierr)
  include 'mpi_calls_body.inc'
  call report()
  call MPI_Finalize(ierr)

contains

  include 'mpi_calls_tally.inc'

  ! The ring of the neighbourhood collectives: a periodic 1-D Cartesian one.
  subroutine ring_create()
    integer :: dims(1)
    logical :: periods(1)
    dims(1) = nranks
    periods(1) = .true.
    call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  end subroutine ring_create

end program mpi_calls_fortran
