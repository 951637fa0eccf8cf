// SPDX-License-Identifier: BSD-3-Clause
// The C entry points this tool intercepts: each calls its PMPI_ twin and
// records the call under its class, with the bytes the call moves as
// count x type size (counted only when the call succeeds: the datatype was
// valid then). Which bytes a collective counts is in doc/mpi.md.
#include "mpi_profile.h"

// Run call, record it under cls with bytes (evaluated after a success).
#define COUNTED_CALL(cls, bytes, call)                                                             \
	do {                                                                                       \
		struct mpi_call counted_;                                                          \
		mpi_call_begin(&counted_);                                                         \
		int rc_ = (call);                                                                  \
		mpi_call_end(&counted_, (cls), rc_ == MPI_SUCCESS ? (uint64_t)(bytes) : 0);        \
		return rc_;                                                                        \
	} while (0)

#define P2P  MPI_CLASS_POINT_TO_POINT
#define COLL MPI_CLASS_COLLECTIVE
#define WAIT MPI_CLASS_WAIT_TEST
#define RMA  MPI_CLASS_ONE_SIDED
#define IO   MPI_CLASS_IO

// --- initialisation and finalisation ----------------------------------------

int MPI_Init(int *argc, char ***argv)
{
	int rc = PMPI_Init(argc, argv);
	if (rc == MPI_SUCCESS)
		mpi_profile_start(MPI_THREAD_SINGLE);
	return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
	int rc = PMPI_Init_thread(argc, argv, required, provided);
	if (rc == MPI_SUCCESS)
		mpi_profile_start(*provided);
	return rc;
}

int MPI_Finalize(void)
{
	mpi_profile_finish();
	return PMPI_Finalize();
}

// --- point-to-point ----------------------------------------------------------

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Send(buf, count, type, dest, tag, comm));
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Ssend(buf, count, type, dest, tag, comm));
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Bsend(buf, count, type, dest, tag, comm));
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Rsend(buf, count, type, dest, tag, comm));
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Isend(buf, count, type, dest, tag, comm, request));
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Issend(buf, count, type, dest, tag, comm, request));
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Recv(buf, count, type, source, tag, comm, status));
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Irecv(buf, count, type, source, tag, comm, request));
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status)
{
	COUNTED_CALL(P2P, mpi_type_bytes(sendcount, sendtype) + mpi_type_bytes(recvcount, recvtype),
	             PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
	                           recvtype, source, recvtag, comm, status));
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status *status)
{
	COUNTED_CALL(
	    P2P, 2 * mpi_type_bytes(count, type),
	    PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, status));
}

// --- collectives: the bytes this rank contributes or receives ---------------

int MPI_Barrier(MPI_Comm comm)
{
	COUNTED_CALL(COLL, 0, PMPI_Barrier(comm));
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type), PMPI_Bcast(buf, count, type, root, comm));
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm));
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Scan(sendbuf, recvbuf, count, type, op, comm));
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm));
}

// In place (the root's own part already in recvbuf), the root sends none.
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	COUNTED_CALL(
	    COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	    PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	COUNTED_CALL(
	    COLL, recvbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(recvcount, recvtype),
	    PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(
	    COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	    PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
}

// One block of sendcount to every rank of the communicator.
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(
	    COLL,
	    sendbuf == MPI_IN_PLACE ? 0
	                            : mpi_type_bytes(sendcount, sendtype) * mpi_comm_peers(comm),
	    PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
	                          recvtype, root, comm));
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm)
{
	COUNTED_CALL(COLL, recvbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(recvcount, recvtype),
	             PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
	                           recvtype, root, comm));
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
	                             recvtype, comm));
}

// The sum of the blocks sent.
int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL,
	             sendbuf == MPI_IN_PLACE ? 0 : mpi_counts_bytes(sendcounts, comm, sendtype),
	             PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
	                            rdispls, recvtype, comm));
}

// What this rank contributes: every rank's block.
int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_counts_bytes(recvcounts, comm, type),
	             PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm));
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(recvcount, type) * mpi_comm_peers(comm),
	             PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm));
}

// --- nonblocking collectives: counted when started, as the blocking ones;
// their completion is a wait or a test.

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, 0, PMPI_Ibarrier(comm, request));
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
               MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Ibcast(buf, count, type, root, comm, request));
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request));
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request));
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
	                          comm, request));
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request)
{
	COUNTED_CALL(COLL, recvbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(recvcount, recvtype),
	             PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
	                           comm, request));
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
	                             comm, request));
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL,
	             sendbuf == MPI_IN_PLACE
	                 ? 0
	                 : mpi_type_bytes(sendcount, sendtype) * mpi_comm_peers(comm),
	             PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
	                            comm, request));
}

// --- waits and tests ---------------------------------------------------------

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
	COUNTED_CALL(WAIT, 0, PMPI_Wait(request, status));
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
	COUNTED_CALL(WAIT, 0, PMPI_Waitall(count, requests, statuses));
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status)
{
	COUNTED_CALL(WAIT, 0, PMPI_Waitany(count, requests, index, status));
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
	COUNTED_CALL(WAIT, 0, PMPI_Waitsome(incount, requests, outcount, indices, statuses));
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
	COUNTED_CALL(WAIT, 0, PMPI_Test(request, flag, status));
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
	COUNTED_CALL(WAIT, 0, PMPI_Testall(count, requests, flag, statuses));
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
	COUNTED_CALL(WAIT, 0, PMPI_Testany(count, requests, index, flag, status));
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
	COUNTED_CALL(WAIT, 0, PMPI_Testsome(incount, requests, outcount, indices, statuses));
}

// --- one-sided: the origin buffer's bytes --------------------------------------

int MPI_Put(const void *origin, int origin_count, MPI_Datatype origin_type, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Win win)
{
	COUNTED_CALL(RMA, mpi_type_bytes(origin_count, origin_type),
	             PMPI_Put(origin, origin_count, origin_type, target_rank, target_disp,
	                      target_count, target_type, win));
}

int MPI_Get(void *origin, int origin_count, MPI_Datatype origin_type, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Win win)
{
	COUNTED_CALL(RMA, mpi_type_bytes(origin_count, origin_type),
	             PMPI_Get(origin, origin_count, origin_type, target_rank, target_disp,
	                      target_count, target_type, win));
}

int MPI_Accumulate(const void *origin, int origin_count, MPI_Datatype origin_type, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Op op,
                   MPI_Win win)
{
	COUNTED_CALL(RMA, mpi_type_bytes(origin_count, origin_type),
	             PMPI_Accumulate(origin, origin_count, origin_type, target_rank, target_disp,
	                             target_count, target_type, op, win));
}

int MPI_Win_fence(int assertion, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_fence(assertion, win));
}

int MPI_Win_lock(int lock_type, int rank, int assertion, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_lock(lock_type, rank, assertion, win));
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_unlock(rank, win));
}

// --- I/O ---------------------------------------------------------------------

int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
	COUNTED_CALL(IO, 0, PMPI_File_open(comm, filename, amode, info, fh));
}

int MPI_File_close(MPI_File *fh)
{
	COUNTED_CALL(IO, 0, PMPI_File_close(fh));
}

int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type), PMPI_File_read(fh, buf, count, type, status));
}

int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype type, MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_write(fh, buf, count, type, status));
}

int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_read_all(fh, buf, count, type, status));
}

int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype type,
                       MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_write_all(fh, buf, count, type, status));
}

int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype type,
                     MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_read_at(fh, offset, buf, count, type, status));
}

int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype type,
                      MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_write_at(fh, offset, buf, count, type, status));
}

int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype type,
                         MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_read_at_all(fh, offset, buf, count, type, status));
}

int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                          MPI_Datatype type, MPI_Status *status)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_write_at_all(fh, offset, buf, count, type, status));
}
