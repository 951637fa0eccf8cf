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
  integer :: zero(1024), g(1024), sc(64), ag(1024), av(1024), aw(1024), rs(64), rsb(2), sn(3), ex(2)
  integer :: counts(64), displs(64), rcounts(64), rdispls(64), wdispls(64), rwdispls(64), types(64)
  integer :: nreqs(9), nstatuses(MPI_STATUS_SIZE, 9), ring, dims(1), n2(2), nd(2), nin(12)
  integer :: ngot(12, 3), one, old, cmp, res(2), world, from, to
  integer(kind=MPI_ADDRESS_KIND) :: nwd(2)
  logical :: periods(1)

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
  call MPI_Gather(out(1), 2, MPI_INTEGER, in, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call tally(coll, 8)
  ! MPI_IN_PLACE: the root's own part (gather), every rank's (allgather) not counted.
  if (rank == 0) then
     call MPI_Gather(MPI_IN_PLACE, 2, MPI_INTEGER, in, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
     call tally(coll, 0)
  else
     call MPI_Gather(out(1), 2, MPI_INTEGER, in, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
     call tally(coll, 8)
  end if
  call MPI_Allgather(MPI_IN_PLACE, 1, MPI_INTEGER, a2a, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call tally(coll, 0)
  ! The nonblocking collectives Open MPI's bindings hand to PMPI_* directly.
  call MPI_Igather(out, 3, MPI_INTEGER, a2a, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, reqs(1), ierr)
  call tally(coll, 12)
  call MPI_Ireduce(out, in, 5, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, reqs(2), ierr)
  call tally(coll, 20)
  call MPI_Waitall(2, reqs, statuses, ierr)
  call tally(wait, 0)
  call MPI_Iallgather(MPI_IN_PLACE, 1, MPI_INTEGER, a2a, 1, MPI_INTEGER, MPI_COMM_WORLD, &
       reqs(1), ierr)
  call tally(coll, 0)
  call MPI_Ialltoall(out, 1, MPI_INTEGER, a2a, 1, MPI_INTEGER, MPI_COMM_WORLD, reqs(2), ierr)
  call tally(coll, 4 * nranks)
  call MPI_Waitall(2, reqs, statuses, ierr)
  call tally(wait, 0)
  ! Rank r does r more on its own: min on rank 0, max on the last rank.
  do i = 1, rank
     call MPI_Bcast(d, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_SELF, ierr)
     call tally(coll, 16)
  end do

  ! The nonblocking v collectives and scans: rank i sends (or receives) i + 1 integers.
  zero = 0
  do i = 1, nranks
     counts(i) = i
     displs(i) = (i - 1) * i / 2
     rcounts(i) = rank + 1
     rdispls(i) = (i - 1) * (rank + 1)
     wdispls(i) = 4 * displs(i)
     rwdispls(i) = 4 * rdispls(i)
     types(i) = MPI_INTEGER
  end do
  call MPI_Igatherv(zero, rank + 1, MPI_INTEGER, g, counts, displs, MPI_INTEGER, 0, &
       MPI_COMM_WORLD, nreqs(1), ierr)
  call tally(coll, 4 * (rank + 1))
  call MPI_Iscatterv(zero, counts, displs, MPI_INTEGER, sc, rank + 1, MPI_INTEGER, 0, &
       MPI_COMM_WORLD, nreqs(2), ierr)
  call tally(coll, 4 * (rank + 1))
  call MPI_Iallgatherv(zero, rank + 1, MPI_INTEGER, ag, counts, displs, MPI_INTEGER, &
       MPI_COMM_WORLD, nreqs(3), ierr)
  call tally(coll, 4 * (rank + 1))
  call MPI_Ialltoallv(zero, counts, displs, MPI_INTEGER, av, rcounts, rdispls, MPI_INTEGER, &
       MPI_COMM_WORLD, nreqs(4), ierr)
  call tally(coll, 2 * nranks * (nranks + 1))
  call MPI_Ialltoallw(zero, counts, wdispls, types, aw, rcounts, rwdispls, types, &
       MPI_COMM_WORLD, nreqs(5), ierr)
  call tally(coll, 2 * nranks * (nranks + 1))
  call MPI_Ireduce_scatter(zero, rs, counts, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreqs(6), ierr)
  call tally(coll, 2 * nranks * (nranks + 1))
  call MPI_Ireduce_scatter_block(zero, rsb, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreqs(7), ierr)
  call tally(coll, 8 * nranks)
  call MPI_Iscan(zero, sn, 3, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreqs(8), ierr)
  call tally(coll, 12)
  call MPI_Iexscan(zero, ex, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreqs(9), ierr)
  call tally(coll, 8)
  call MPI_Waitall(9, nreqs, nstatuses, ierr)
  call tally(wait, 0)

  ! Neighbourhood collectives on a periodic ring: two out-neighbours, the
  ! same counts both ways (one rank both ways on 2 ranks).
  dims(1) = nranks
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  n2 = 2
  nd(1) = 0
  nd(2) = 3
  nwd(1) = 0
  nwd(2) = 12
  call MPI_Neighbor_allgather(zero, 3, MPI_INTEGER, nin, 3, MPI_INTEGER, ring, ierr)
  call tally(coll, 12)
  call MPI_Neighbor_alltoall(zero, 2, MPI_INTEGER, nin, 2, MPI_INTEGER, ring, ierr)
  call tally(coll, 16)
  call MPI_Neighbor_alltoallv(zero, n2, nd, MPI_INTEGER, nin, n2, nd, MPI_INTEGER, ring, ierr)
  call tally(coll, 16)
  call MPI_Neighbor_alltoallw(zero, n2, nwd, types, nin, n2, nwd, types, ring, ierr)
  call tally(coll, 16)
  call MPI_Ineighbor_allgather(zero, 1, MPI_INTEGER, ngot(1, 1), 1, MPI_INTEGER, ring, &
       nreqs(1), ierr)
  call tally(coll, 4)
  call MPI_Ineighbor_alltoall(zero, 3, MPI_INTEGER, ngot(1, 2), 3, MPI_INTEGER, ring, &
       nreqs(2), ierr)
  call tally(coll, 24)
  call MPI_Ineighbor_alltoallv(zero, n2, nd, MPI_INTEGER, ngot(1, 3), n2, nd, MPI_INTEGER, &
       ring, nreqs(3), ierr)
  call tally(coll, 16)
  call MPI_Waitall(3, nreqs, nstatuses, ierr)
  call tally(wait, 0)
  call MPI_Comm_free(ring, ierr)

  ! Persistent requests: the inits carry the bytes, each start is a call.
  call MPI_Recv_init(in, 20, MPI_INTEGER, left, 7, MPI_COMM_WORLD, nreqs(1), ierr)
  call tally(p2p, 80)
  call MPI_Send_init(out, 20, MPI_INTEGER, right, 7, MPI_COMM_WORLD, nreqs(2), ierr)
  call tally(p2p, 80)
  call MPI_Startall(2, nreqs, ierr)
  call tally(p2p, 0)
  call MPI_Waitall(2, nreqs, nstatuses, ierr)
  call tally(wait, 0)
  call MPI_Start(nreqs(1), ierr)
  call tally(p2p, 0)
  call MPI_Start(nreqs(2), ierr)
  call tally(p2p, 0)
  call MPI_Waitall(2, nreqs, nstatuses, ierr)
  call tally(wait, 0)
  call MPI_Request_free(nreqs(1), ierr)
  call MPI_Request_free(nreqs(2), ierr)

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
  ! Passive target: atomics and flushes.
  one = 1
  cmp = 0
  call MPI_Win_lock_all(0, win, ierr)
  call tally(rma, 0)
  disp = 12
  call MPI_Fetch_and_op(one, old, MPI_INTEGER, right, disp, MPI_SUM, win, ierr)
  call tally(rma, 4)
  call MPI_Win_flush(right, win, ierr)
  call tally(rma, 0)
  disp = 13
  call MPI_Compare_and_swap(one, cmp, old, MPI_INTEGER, right, disp, win, ierr)
  call tally(rma, 4)
  call MPI_Win_flush_local(right, win, ierr)
  call tally(rma, 0)
  disp = 14
  call MPI_Get_accumulate(four, 2, MPI_INTEGER, res, 2, MPI_INTEGER, right, disp, 2, &
       MPI_INTEGER, MPI_SUM, win, ierr)
  call tally(rma, 8)
  call MPI_Win_flush_all(win, ierr)
  call tally(rma, 0)
  call MPI_Win_flush_local_all(win, ierr)
  call tally(rma, 0)
  call MPI_Win_unlock_all(win, ierr)
  call tally(rma, 0)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call tally(coll, 0)
  ! General active target: rank r accesses its right, is accessed by its left.
  call MPI_Comm_group(MPI_COMM_WORLD, world, ierr)
  call MPI_Group_incl(world, 1, [left], from, ierr)
  call MPI_Group_incl(world, 1, [right], to, ierr)
  call MPI_Win_post(from, 0, win, ierr)
  call tally(rma, 0)
  call MPI_Win_start(to, 0, win, ierr)
  call tally(rma, 0)
  disp = 15
  call MPI_Put(four, 1, MPI_INTEGER, right, disp, 1, MPI_INTEGER, win, ierr)
  call tally(rma, 4)
  call MPI_Win_complete(win, ierr)
  call tally(rma, 0)
  flag = 0
  do while (flag == 0)
     call MPI_Win_test(win, flag, ierr)
     call tally(rma, 0)
  end do
  call MPI_Win_post(from, 0, win, ierr)
  call tally(rma, 0)
  call MPI_Win_start(to, 0, win, ierr)
  call tally(rma, 0)
  call MPI_Win_complete(win, ierr)
  call tally(rma, 0)
  call MPI_Win_wait(win, ierr)
  call tally(rma, 0)
  call MPI_Group_free(from, ierr)
  call MPI_Group_free(to, ierr)
  call MPI_Group_free(world, ierr)
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
  ! Nonblocking: counted when started.
  call MPI_File_iwrite_at(fh, offset, block, 8, MPI_INTEGER, nreqs(1), ierr)
  call tally(io, 32)
  call MPI_File_iread_at(fh, offset + 32, two, 2, MPI_INTEGER, nreqs(2), ierr)
  call tally(io, 8)
  call MPI_Waitall(2, nreqs, nstatuses, ierr)
  call tally(wait, 0)
  call MPI_File_iwrite_at_all(fh, offset, block, 4, MPI_INTEGER, nreqs(1), ierr)
  call tally(io, 16)
  call MPI_Wait(nreqs(1), status, ierr)
  call tally(wait, 0)
  call MPI_File_iread_at_all(fh, offset, block, 3, MPI_INTEGER, nreqs(1), ierr)
  call tally(io, 12)
  call MPI_Wait(nreqs(1), status, ierr)
  call tally(wait, 0)
  call MPI_File_iread(fh, block, 5, MPI_INTEGER, nreqs(1), ierr)
  call tally(io, 20)
  call MPI_Wait(nreqs(1), status, ierr)
  call tally(wait, 0)
  call MPI_File_iwrite(fh, block, 1, MPI_INTEGER, nreqs(1), ierr)
  call tally(io, 4)
  call MPI_Wait(nreqs(1), status, ierr)
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

end program mpi_calls_fortran
