! SPDX-License-Identifier: BSD-3-Clause
! mpi_calls_fortran.f90's sibling for the mpi_f08 module: a call or more of
! every class, some without their optional ierror, with its own tally of
! calls and bytes printed as "EXPECT <rank> <region> <calls> <bytes>".
!   mpi_calls_f08 FILE   (FILE: a scratch file for the MPI-IO calls)
program mpi_calls_f08
  use mpi_f08
  implicit none
  integer, parameter :: p2p = 1, coll = 2, wait = 3, rma = 4, io = 5
  character(len=*), parameter :: names(5) = [character(len=18) :: 'mpi:point-to-point', &
       'mpi:collective', 'mpi:wait-test', 'mpi:one-sided', 'mpi:io']
  integer(kind=8) :: calls(5) = 0, nbytes(5) = 0
  integer :: ierr, rank, nranks, right, left, i
  integer :: out(100), in(400), window(16), block(16), counts(64), displs(64)
  double precision :: d(16), r(16)
  type(MPI_Request) :: reqs(2)
  type(MPI_Status) :: statuses(2), status
  type(MPI_Win) :: win
  type(MPI_File) :: fh
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

  call MPI_Irecv(in, 100, MPI_INTEGER, left, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call tally(p2p, 400)
  call MPI_Isend(out, 100, MPI_INTEGER, right, 1, MPI_COMM_WORLD, reqs(2))
  call tally(p2p, 400)
  call MPI_Waitall(2, reqs, statuses, ierr)
  call tally(wait, 0)
  if (rank == 0) then
     call MPI_Send(d, 8, MPI_DOUBLE_PRECISION, 1, 2, MPI_COMM_WORLD)
     call tally(p2p, 64)
  else if (rank == 1) then
     call MPI_Recv(d, 8, MPI_DOUBLE_PRECISION, 0, 2, MPI_COMM_WORLD, status, ierr)
     call tally(p2p, 64)
  end if
  call MPI_Recv_init(in, 3, MPI_INTEGER, left, 3, MPI_COMM_WORLD, reqs(1), ierr)
  call tally(p2p, 12)
  call MPI_Send_init(out, 3, MPI_INTEGER, right, 3, MPI_COMM_WORLD, reqs(2), ierr)
  call tally(p2p, 12)
  call MPI_Startall(2, reqs)
  call tally(p2p, 0)
  call MPI_Waitall(2, reqs, statuses)
  call tally(wait, 0)
  call MPI_Request_free(reqs(1), ierr)
  call MPI_Request_free(reqs(2), ierr)

  call MPI_Barrier(MPI_COMM_WORLD)
  call tally(coll, 0)
  call MPI_Bcast(d, 16, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call tally(coll, 128)
  call MPI_Allreduce(d, r, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call tally(coll, 32)
  call MPI_Alltoall(out, 2, MPI_INTEGER, in, 2, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call tally(coll, 8 * nranks)
  do i = 1, nranks
     counts(i) = i
     displs(i) = (i - 1) * i / 2
  end do
  call MPI_Igatherv(out, rank + 1, MPI_INTEGER, in, counts, displs, MPI_INTEGER, 0, &
       MPI_COMM_WORLD, reqs(1), ierr)
  call tally(coll, 4 * (rank + 1))
  call MPI_Iscan(d, r, 3, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, reqs(2), ierr)
  call tally(coll, 24)
  call MPI_Waitall(2, reqs, statuses, ierr)
  call tally(wait, 0)
  ! Rank r does r more on its own: min on rank 0, max on the last rank.
  do i = 1, rank
     call MPI_Bcast(d, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_SELF, ierr)
     call tally(coll, 16)
  end do

  window = 0
  winsize = 64
  call MPI_Win_create(window, winsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  call tally(rma, 0)
  disp = 0
  call MPI_Put(out, 4, MPI_INTEGER, right, disp, 4, MPI_INTEGER, win, ierr)
  call tally(rma, 16)
  call MPI_Win_fence(0, win)
  call tally(rma, 0)
  call MPI_Win_free(win, ierr)

  call MPI_File_open(MPI_COMM_WORLD, trim(path), MPI_MODE_CREATE + MPI_MODE_RDWR, &
       MPI_INFO_NULL, fh, ierr)
  call tally(io, 0)
  block = rank
  offset = rank * 64
  call MPI_File_write_at(fh, offset, block, 16, MPI_INTEGER, status, ierr)
  call tally(io, 64)
  call MPI_File_iread_at(fh, offset, block, 8, MPI_INTEGER, reqs(1), ierr)
  call tally(io, 32)
  call MPI_Wait(reqs(1), status, ierr)
  call tally(wait, 0)
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

end program mpi_calls_f08
