! SPDX-License-Identifier: BSD-3-Clause
! The Fortran twin of mpi_calls.c (mpif.h bindings): keeps its own tally
! of the calls it makes per class of the PMPI tool, with their bytes, and
! prints "EXPECT <rank> <region> <calls> <bytes>" per class.
!   mpi_calls_fortran FILE   (FILE: a scratch file for the MPI-IO calls)
program mpi_calls_fortran
  implicit none
  include 'mpif.h'
  integer, parameter :: p2p = 1, coll = 2, wait = 3, rma = 4, io = 5
  character(len=*), parameter :: names(5) = [character(len=18) :: 'mpi:point-to-point', &
       'mpi:collective', 'mpi:wait-test', 'mpi:one-sided', 'mpi:io']
  integer(kind=8) :: calls(5) = 0, nbytes(5) = 0
  integer :: ierr, rank, nranks, right, left, i, fh, win, flag
  integer :: reqs(2), statuses(MPI_STATUS_SIZE, 2), status(MPI_STATUS_SIZE)
  integer :: out(100), in(100), window(16), four(4), two(2), block(16), a2a(128)
  double precision :: d(16), r(16)
  integer(kind=MPI_ADDRESS_KIND) :: winsize, disp
  integer(kind=MPI_OFFSET_KIND) :: offset
  character(len=256) :: path

  call get_command_argument(1, path)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  right = mod(rank + 1, nranks)
  left = mod(rank + nranks - 1, nranks)
  out = rank
  d = 1.0d0

  do i = 1, 2
     call MPI_Irecv(in, 100, MPI_INTEGER, left, 1, MPI_COMM_WORLD, reqs(1), ierr)
     call tally(p2p, 400)
     call MPI_Isend(out, 100, MPI_INTEGER, right, 1, MPI_COMM_WORLD, reqs(2), ierr)
     call tally(p2p, 400)
     call MPI_Waitall(2, reqs, statuses, ierr)
     call tally(wait, 0)
  end do
  if (rank == 0) then
     call MPI_Send(d, 8, MPI_DOUBLE_PRECISION, 1, 2, MPI_COMM_WORLD, ierr)
     call tally(p2p, 64)
  else if (rank == 1) then
     call MPI_Recv(d, 8, MPI_DOUBLE_PRECISION, 0, 2, MPI_COMM_WORLD, status, ierr)
     call tally(p2p, 64)
  end if
  call MPI_Sendrecv(out, 10, MPI_INTEGER, right, 3, in, 10, MPI_INTEGER, left, 3, &
       MPI_COMM_WORLD, status, ierr)
  call tally(p2p, 80)
  call MPI_Irecv(in, 1, MPI_INTEGER, left, 4, MPI_COMM_WORLD, reqs(1), ierr)
  call tally(p2p, 4)
  call MPI_Isend(out, 1, MPI_INTEGER, right, 4, MPI_COMM_WORLD, reqs(2), ierr)
  call tally(p2p, 4)
  call MPI_Wait(reqs(1), status, ierr)
  call tally(wait, 0)
  flag = 0
  do while (flag == 0)
     call MPI_Test(reqs(2), flag, status, ierr)
     call tally(wait, 0)
  end do

  call MPI_Sendrecv_replace(out, 5, MPI_INTEGER, right, 5, left, 5, MPI_COMM_WORLD, status, ierr)
  call tally(p2p, 40)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call tally(coll, 0)
  call MPI_Alltoall(out, 2, MPI_INTEGER, a2a, 2, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call tally(coll, 8 * nranks)
  call MPI_Scan(d, r, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call tally(coll, 8)
  call MPI_Ibarrier(MPI_COMM_WORLD, reqs(1), ierr)
  call tally(coll, 0)
  call MPI_Waitany(1, reqs, i, status, ierr)
  call tally(wait, 0)
  call MPI_Bcast(d, 16, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call tally(coll, 128)
  call MPI_Allreduce(d, r, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call tally(coll, 32)
  call MPI_Reduce(out, in, 3, MPI_INTEGER, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  call tally(coll, 12)
  call MPI_Gather(out, 2, MPI_INTEGER, in, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call tally(coll, 8)
  ! Rank r does r more on its own: min on rank 0, max on the last rank.
  do i = 1, rank
     call MPI_Bcast(d, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_SELF, ierr)
     call tally(coll, 16)
  end do

  window = 0
  four = 7
  winsize = 64
  call MPI_Win_create(window, winsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  call tally(rma, 0)
  disp = 0
  call MPI_Put(four, 4, MPI_INTEGER, right, disp, 4, MPI_INTEGER, win, ierr)
  call tally(rma, 16)
  call MPI_Win_fence(0, win, ierr)
  call tally(rma, 0)
  disp = 8
  call MPI_Get(two, 2, MPI_INTEGER, left, disp, 2, MPI_INTEGER, win, ierr)
  call tally(rma, 8)
  call MPI_Win_fence(0, win, ierr)
  call tally(rma, 0)
  call MPI_Win_free(win, ierr)

  call MPI_File_open(MPI_COMM_WORLD, trim(path), MPI_MODE_CREATE + MPI_MODE_RDWR, &
       MPI_INFO_NULL, fh, ierr)
  call tally(io, 0)
  block = rank
  offset = rank * 64
  call MPI_File_write_at(fh, offset, block, 16, MPI_INTEGER, status, ierr)
  call tally(io, 64)
  call MPI_File_read_at(fh, offset, block, 16, MPI_INTEGER, status, ierr)
  call tally(io, 64)
  call MPI_File_seek(fh, offset, MPI_SEEK_SET, ierr)
  call MPI_File_write_all(fh, block, 8, MPI_INTEGER, status, ierr)
  call tally(io, 32)
  call MPI_File_close(fh, ierr)
  call tally(io, 0)

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

end program mpi_calls_fortran
