! SPDX-License-Identifier: BSD-3-Clause
! mpi_calls_fortran.f90's sibling for the mpi_f08 module: the same calls
! (mpi_calls_body.inc, MPI_IN_PLACE among them), the handles in mpi_f08's
! types, and first calls of every class without their optional ierror
! (the wrappers then get a null pointer). Keeps its own tally of calls and
! bytes, printed as "EXPECT <rank> <region> <calls> <bytes>".
!   mpi_calls_f08 FILE   (FILE: a scratch file for the MPI-IO calls)
program mpi_calls_f08
  use mpi_f08
  implicit none
  ! The handles: mpi_f08's types.
  type(MPI_File) :: fh
  type(MPI_Win) :: win
  type(MPI_Comm) :: ring
  type(MPI_Group) :: world, from, to
  type(MPI_Datatype) :: types(64)
  type(MPI_Request) :: reqs(2), nreqs(9)
  type(MPI_Status) :: statuses(2), status, nstatuses(9)
  include 'mpi_calls_decls.inc'

  call get_command_argument(1, path)
  call MPI_Init()
  call without_ierror()
  include 'mpi_calls_body.inc'
  call report()
  call MPI_Finalize()

contains

  include 'mpi_calls_tally.inc'

  ! The ring of the neighbourhood collectives: a distributed graph, its
  ! out-neighbours in a Cartesian ring's order (left, right). MPICH 4.0's
  ! mpi_f08 MPI_Neighbor_alltoallw asks any communicator for its
  ! distributed-graph neighbours and aborts on a Cartesian one, without the
  ! tool too (mpif.h's does not).
  subroutine ring_create()
    call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, [left, right], MPI_UNWEIGHTED, 2, &
         [left, right], MPI_UNWEIGHTED, MPI_INFO_NULL, .false., ring, ierr)
  end subroutine ring_create

  ! A call or more of every class with ierror left out.
  subroutine without_ierror()
    integer :: me, n, to_right, from_left, buf(8), got(8), cell(4)
    type(MPI_Request) :: pair(2)
    type(MPI_Win) :: w
    integer(kind=MPI_ADDRESS_KIND) :: size, at
    call MPI_Comm_rank(MPI_COMM_WORLD, me)
    call MPI_Comm_size(MPI_COMM_WORLD, n)
    to_right = mod(me + 1, n)
    from_left = mod(me + n - 1, n)
    buf = me
    call MPI_Irecv(got, 8, MPI_INTEGER, from_left, 9, MPI_COMM_WORLD, pair(1))
    call tally(p2p, 32)
    call MPI_Isend(buf, 8, MPI_INTEGER, to_right, 9, MPI_COMM_WORLD, pair(2))
    call tally(p2p, 32)
    call MPI_Waitall(2, pair, MPI_STATUSES_IGNORE)
    call tally(wait, 0)
    call MPI_Recv_init(got, 5, MPI_INTEGER, from_left, 10, MPI_COMM_WORLD, pair(1))
    call tally(p2p, 0)
    call MPI_Send_init(buf, 5, MPI_INTEGER, to_right, 10, MPI_COMM_WORLD, pair(2))
    call tally(p2p, 0)
    call MPI_Startall(2, pair)
    call tally(p2p, 40)
    call MPI_Wait(pair(1), MPI_STATUS_IGNORE)
    call tally(wait, 0)
    call MPI_Wait(pair(2), MPI_STATUS_IGNORE)
    call tally(wait, 0)
    call MPI_Start(pair(1))
    call tally(p2p, 20)
    call MPI_Start(pair(2))
    call tally(p2p, 20)
    call MPI_Waitall(2, pair, MPI_STATUSES_IGNORE)
    call tally(wait, 0)
    call MPI_Request_free(pair(1))
    call MPI_Request_free(pair(2))
    call MPI_Barrier(MPI_COMM_WORLD)
    call tally(coll, 0)
    call MPI_Allreduce(buf, got, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call tally(coll, 8)
    cell = 0
    size = 16
    call MPI_Win_create(cell, size, 4, MPI_INFO_NULL, MPI_COMM_WORLD, w)
    call MPI_Win_fence(0, w)
    call tally(rma, 0)
    at = 1
    call MPI_Put(buf, 2, MPI_INTEGER, to_right, at, 2, MPI_INTEGER, w)
    call tally(rma, 8)
    call MPI_Win_fence(0, w)
    call tally(rma, 0)
    call MPI_Win_free(w)
  end subroutine without_ierror

end program mpi_calls_f08
