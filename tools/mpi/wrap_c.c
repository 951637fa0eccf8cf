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

// --- the nonblocking v collectives and scans: the bytes of their blocking
// twins above.

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
	                           recvtype, root, comm, request));
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, recvbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(recvcount, recvtype),
	             PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
	                            recvtype, root, comm, request));
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, sendbuf == MPI_IN_PLACE ? 0 : mpi_type_bytes(sendcount, sendtype),
	             PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
	                              recvtype, comm, request));
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL,
	             sendbuf == MPI_IN_PLACE ? 0 : mpi_counts_bytes(sendcounts, comm, sendtype),
	             PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
	                             rdispls, recvtype, comm, request));
}

// Each block its own type: the sum over the peers.
int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
	COUNTED_CALL(COLL,
	             sendbuf == MPI_IN_PLACE
	                 ? 0
	                 : mpi_typed_counts_bytes(sendcounts, sendtypes, mpi_comm_peers(comm)),
	             PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
	                            rdispls, recvtypes, comm));
}

int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request *request)
{
	COUNTED_CALL(COLL,
	             sendbuf == MPI_IN_PLACE
	                 ? 0
	                 : mpi_typed_counts_bytes(sendcounts, sendtypes, mpi_comm_peers(comm)),
	             PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
	                             rdispls, recvtypes, comm, request));
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_counts_bytes(recvcounts, comm, type),
	             PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request));
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(
	    COLL, mpi_type_bytes(recvcount, type) * mpi_comm_peers(comm),
	    PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request));
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
              MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request));
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(count, type),
	             PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request));
}

// --- neighbourhood collectives: an allgather contributes its block once
// (as MPI_Allgather), an alltoall one block per out-neighbour.

int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype),
	             PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
	                                     recvtype, comm));
}

int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype),
	             PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
	                                      recvtype, comm, request));
}

int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype),
	             PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
	                                      displs, recvtype, comm));
}

int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype),
	             PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
	                                       displs, recvtype, comm, request));
}

int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype) * mpi_comm_out_neighbours(comm),
	             PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
	                                    recvtype, comm));
}

int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Request *request)
{
	COUNTED_CALL(COLL, mpi_type_bytes(sendcount, sendtype) * mpi_comm_out_neighbours(comm),
	             PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
	                                     recvtype, comm, request));
}

// The sum of sendcounts[] over the out-neighbours, in bytes of sendtype.
static uint64_t neighbour_counts_bytes(const int counts[], MPI_Datatype type, MPI_Comm comm)
{
	uint64_t n = mpi_comm_out_neighbours(comm), total = 0;
	for (uint64_t i = 0; i < n; i++)
		total += mpi_type_bytes(counts[i], type);
	return total;
}

int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	COUNTED_CALL(COLL, neighbour_counts_bytes(sendcounts, sendtype, comm),
	             PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
	                                     recvcounts, rdispls, recvtype, comm));
}

int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request)
{
	COUNTED_CALL(COLL, neighbour_counts_bytes(sendcounts, sendtype, comm),
	             PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
	                                      recvcounts, rdispls, recvtype, comm, request));
}

int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
	COUNTED_CALL(COLL,
	             mpi_typed_counts_bytes(sendcounts, sendtypes, mpi_comm_out_neighbours(comm)),
	             PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
	                                     recvcounts, rdispls, recvtypes, comm));
}

int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request *request)
{
	COUNTED_CALL(COLL,
	             mpi_typed_counts_bytes(sendcounts, sendtypes, mpi_comm_out_neighbours(comm)),
	             PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
	                                      recvcounts, rdispls, recvtypes, comm, request));
}

// --- persistent requests: an *_init is counted with the bytes of one
// transfer (as MPI_Isend); each MPI_Start or MPI_Startall is one more
// point-to-point call, its bytes not counted again (the tool keeps no
// table of requests).

int MPI_Send_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Send_init(buf, count, type, dest, tag, comm, request));
}

int MPI_Bsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Bsend_init(buf, count, type, dest, tag, comm, request));
}

int MPI_Ssend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Ssend_init(buf, count, type, dest, tag, comm, request));
}

int MPI_Rsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Rsend_init(buf, count, type, dest, tag, comm, request));
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
	COUNTED_CALL(P2P, mpi_type_bytes(count, type),
	             PMPI_Recv_init(buf, count, type, source, tag, comm, request));
}

int MPI_Start(MPI_Request *request)
{
	COUNTED_CALL(P2P, 0, PMPI_Start(request));
}

int MPI_Startall(int count, MPI_Request requests[])
{
	COUNTED_CALL(P2P, 0, PMPI_Startall(count, requests));
}

// --- one-sided: atomics (the origin's elements), flushes and the
// synchronisation of general active and passive targets (no bytes).

int MPI_Get_accumulate(const void *origin, int origin_count, MPI_Datatype origin_type, void *result,
                       int result_count, MPI_Datatype result_type, int target_rank,
                       MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Op op,
                       MPI_Win win)
{
	COUNTED_CALL(RMA, mpi_type_bytes(origin_count, origin_type),
	             PMPI_Get_accumulate(origin, origin_count, origin_type, result, result_count,
	                                 result_type, target_rank, target_disp, target_count,
	                                 target_type, op, win));
}

int MPI_Fetch_and_op(const void *origin, void *result, MPI_Datatype type, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
	COUNTED_CALL(RMA, mpi_type_bytes(1, type),
	             PMPI_Fetch_and_op(origin, result, type, target_rank, target_disp, op, win));
}

int MPI_Compare_and_swap(const void *origin, const void *compare, void *result, MPI_Datatype type,
                         int target_rank, MPI_Aint target_disp, MPI_Win win)
{
	COUNTED_CALL(
	    RMA, mpi_type_bytes(1, type),
	    PMPI_Compare_and_swap(origin, compare, result, type, target_rank, target_disp, win));
}

int MPI_Win_flush(int rank, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_flush(rank, win));
}

int MPI_Win_flush_all(MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_flush_all(win));
}

int MPI_Win_flush_local(int rank, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_flush_local(rank, win));
}

int MPI_Win_flush_local_all(MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_flush_local_all(win));
}

int MPI_Win_post(MPI_Group group, int assertion, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_post(group, assertion, win));
}

int MPI_Win_start(MPI_Group group, int assertion, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_start(group, assertion, win));
}

int MPI_Win_complete(MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_complete(win));
}

int MPI_Win_wait(MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_wait(win));
}

int MPI_Win_test(MPI_Win win, int *flag)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_test(win, flag));
}

int MPI_Win_lock_all(int assertion, MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_lock_all(assertion, win));
}

int MPI_Win_unlock_all(MPI_Win win)
{
	COUNTED_CALL(RMA, 0, PMPI_Win_unlock_all(win));
}

// --- nonblocking I/O: counted when started, as the blocking calls.

int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iread(fh, buf, count, type, request));
}

int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype type,
                    MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iwrite(fh, buf, count, type, request));
}

int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iread_all(fh, buf, count, type, request));
}

int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype type,
                        MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iwrite_all(fh, buf, count, type, request));
}

int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype type,
                      MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iread_at(fh, offset, buf, count, type, request));
}

int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                       MPI_Datatype type, MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iwrite_at(fh, offset, buf, count, type, request));
}

int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype type,
                          MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iread_at_all(fh, offset, buf, count, type, request));
}

int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count,
                           MPI_Datatype type, MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iwrite_at_all(fh, offset, buf, count, type, request));
}

int MPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype type,
                          MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iread_shared(fh, buf, count, type, request));
}

int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype type,
                           MPI_Request *request)
{
	COUNTED_CALL(IO, mpi_type_bytes(count, type),
	             PMPI_File_iwrite_shared(fh, buf, count, type, request));
}
