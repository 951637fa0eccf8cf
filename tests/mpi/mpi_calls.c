// SPDX-License-Identifier: BSD-3-Clause
// An MPI program that keeps its own tally of the calls it makes, per class
// of the PMPI tool (point-to-point, collective, wait-test, one-sided, io)
// with the bytes each moves, and prints it per rank as
//   EXPECT <rank> <region> <calls> <bytes>
// for run-mpi-tests.sh to compare with the tool's report. Ranks do
// different amounts of work, so that min, max and their ranks differ.
//   mpi_calls FILE   (FILE: a scratch file for the MPI-IO calls)
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { P2P, COLL, WAIT, RMA, IO, NCLASSES };
static const char *const region_names[NCLASSES] = {"mpi:point-to-point", "mpi:collective",
                                                   "mpi:wait-test", "mpi:one-sided", "mpi:io"};
static uint64_t calls[NCLASSES], bytes[NCLASSES];

static void tally(int cls, uint64_t nbytes)
{
	calls[cls]++;
	bytes[cls] += nbytes;
}

static void point_to_point(int rank, int size)
{
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	int out[100] = {0}, in[100];
	MPI_Request req[2];
	MPI_Status statuses[2]; // not MPI_STATUSES_IGNORE: gcc 12 warns on it with MPICH's headers
	for (int i = 0; i < 3; i++) {
		MPI_Irecv(in, 100, MPI_INT, left, 1, MPI_COMM_WORLD, &req[0]);
		tally(P2P, 400);
		MPI_Isend(out, 100, MPI_INT, right, 1, MPI_COMM_WORLD, &req[1]);
		tally(P2P, 400);
		MPI_Waitall(2, req, statuses);
		tally(WAIT, 0);
	}
	double d[50] = {0};
	if (rank == 0) {
		MPI_Send(d, 50, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
		tally(P2P, 400);
	} else if (rank == 1) {
		MPI_Recv(d, 50, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		tally(P2P, 400);
	}
	MPI_Sendrecv(out, 10, MPI_INT, right, 3, in, 10, MPI_INT, left, 3, MPI_COMM_WORLD,
	             MPI_STATUS_IGNORE);
	tally(P2P, 80);
	// Tests until done: how many the program counts, the tool must too.
	char c = 'x', got;
	MPI_Irecv(&got, 1, MPI_CHAR, left, 4, MPI_COMM_WORLD, &req[0]);
	tally(P2P, 1);
	MPI_Isend(&c, 1, MPI_CHAR, right, 4, MPI_COMM_WORLD, &req[1]);
	tally(P2P, 1);
	int done = 0;
	while (!done) {
		MPI_Testall(2, req, &done, statuses);
		tally(WAIT, 0);
	}
	MPI_Wait(&req[0], MPI_STATUS_IGNORE); // a null request now: returns at once
	tally(WAIT, 0);
}

static void collectives(int rank, int size)
{
	double d[16] = {0}, r[16];
	int i4[4] = {1, 2, 3, 4}, o4[4], gathered[2 * 64], scattered[3 * 64], mine[3];
	int a2a_out[2 * 64] = {0}, a2a_in[64 * 65];
	double one = rank, all[64];
	MPI_Barrier(MPI_COMM_WORLD);
	tally(COLL, 0);
	MPI_Bcast(d, 16, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	tally(COLL, 128);
	MPI_Reduce(i4, o4, 4, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	tally(COLL, 16);
	MPI_Allreduce(d, r, 8, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	tally(COLL, 64);
	MPI_Gather(i4, 2, MPI_INT, gathered, 2, MPI_INT, 0, MPI_COMM_WORLD);
	tally(COLL, 8);
	memset(scattered, 0, sizeof scattered);
	MPI_Scatter(scattered, 3, MPI_INT, mine, 3, MPI_INT, 0, MPI_COMM_WORLD);
	tally(COLL, 12);
	MPI_Allgather(&one, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, MPI_COMM_WORLD);
	tally(COLL, 8);
	MPI_Alltoall(a2a_out, 2, MPI_INT, a2a_in, 2, MPI_INT, MPI_COMM_WORLD);
	tally(COLL, (uint64_t)8 * size);
	// The v forms: rank i sends (or receives) i + 1 ints.
	int counts[64], displs[64], vbuf[64 * 65] = {0}, vout[65] = {0};
	for (int i = 0; i < size; i++)
		counts[i] = i + 1, displs[i] = i * (i + 1) / 2;
	MPI_Gatherv(vout, rank + 1, MPI_INT, vbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
	tally(COLL, (uint64_t)4 * (rank + 1));
	MPI_Scatterv(vbuf, counts, displs, MPI_INT, vout, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
	tally(COLL, (uint64_t)4 * (rank + 1));
	MPI_Allgatherv(vout, rank + 1, MPI_INT, vbuf, counts, displs, MPI_INT, MPI_COMM_WORLD);
	tally(COLL, (uint64_t)4 * (rank + 1));
	// Alltoallv: i + 1 ints to rank i, from everyone.
	int rcounts[64], rdispls[64];
	for (int i = 0; i < size; i++)
		rcounts[i] = rank + 1, rdispls[i] = i * (rank + 1);
	MPI_Alltoallv(vbuf, counts, displs, MPI_INT, a2a_in, rcounts, rdispls, MPI_INT,
	              MPI_COMM_WORLD);
	tally(COLL, (uint64_t)4 * size * (size + 1) / 2);
	MPI_Reduce_scatter_block(vbuf, vout, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	tally(COLL, (uint64_t)8 * size);
	// Nonblocking: counted when started, their wait under wait-test.
	MPI_Request started[3];
	MPI_Status done[3];
	MPI_Ibarrier(MPI_COMM_WORLD, &started[0]);
	tally(COLL, 0);
	MPI_Ibcast(d, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD, &started[1]);
	tally(COLL, 24);
	MPI_Iallreduce(i4, o4, 4, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &started[2]);
	tally(COLL, 16);
	MPI_Waitall(3, started, done);
	tally(WAIT, 0);
	// Rank r does r more on its own: the spread has its min on rank 0 and
	// its max on the last rank.
	for (int i = 0; i < rank; i++) {
		MPI_Bcast(d, 2, MPI_DOUBLE, 0, MPI_COMM_SELF);
		tally(COLL, 16);
	}
}

// The nonblocking v collectives and scans: the bytes of their blocking
// twins, counted when started.
static void nonblocking_v(int rank, int size)
{
	int counts[64], displs[64], vbuf[64 * 65] = {0}, vout[65] = {0}, in[64 * 65];
	int rcounts[64], rdispls[64];
	MPI_Datatype types[64];
	for (int i = 0; i < size; i++) {
		counts[i] = i + 1, displs[i] = i * (i + 1) / 2;
		rcounts[i] = rank + 1, rdispls[i] = i * (rank + 1);
		types[i] = MPI_INT;
	}
	int wdispls[64];
	for (int i = 0; i < size; i++)
		wdispls[i] = displs[i] * (int)sizeof(int);
	int rwdispls[64];
	for (int i = 0; i < size; i++)
		rwdispls[i] = rdispls[i] * (int)sizeof(int);
	MPI_Request r[9];
	MPI_Status st[9];
	MPI_Igatherv(vout, rank + 1, MPI_INT, vbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD,
	             &r[0]);
	tally(COLL, (uint64_t)4 * (rank + 1));
	int sbuf[64 * 65] = {0}, got[65];
	MPI_Iscatterv(sbuf, counts, displs, MPI_INT, got, rank + 1, MPI_INT, 0, MPI_COMM_WORLD,
	              &r[1]);
	tally(COLL, (uint64_t)4 * (rank + 1));
	int agbuf[64 * 65];
	MPI_Iallgatherv(vout, rank + 1, MPI_INT, agbuf, counts, displs, MPI_INT, MPI_COMM_WORLD,
	                &r[2]);
	tally(COLL, (uint64_t)4 * (rank + 1));
	MPI_Ialltoallv(sbuf, counts, displs, MPI_INT, in, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD,
	               &r[3]);
	tally(COLL, (uint64_t)4 * size * (size + 1) / 2);
	int win_[64 * 65];
	MPI_Ialltoallw(sbuf, counts, wdispls, types, win_, rcounts, rwdispls, types, MPI_COMM_WORLD,
	               &r[4]);
	tally(COLL, (uint64_t)4 * size * (size + 1) / 2);
	int rs_in[64 * 65] = {0}, rs_out[65], rsb_out[2];
	MPI_Ireduce_scatter(rs_in, rs_out, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[5]);
	tally(COLL, (uint64_t)4 * size * (size + 1) / 2);
	int rsb_in[2 * 64] = {0};
	MPI_Ireduce_scatter_block(rsb_in, rsb_out, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[6]);
	tally(COLL, (uint64_t)8 * size);
	double x[3] = {1, 2, 3}, sx[3], ex[3];
	MPI_Iscan(x, sx, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[7]);
	tally(COLL, 24);
	MPI_Iexscan(x, ex, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[8]);
	tally(COLL, 16);
	MPI_Waitall(9, r, st);
	tally(WAIT, 0);
}

// Neighbourhood collectives on a periodic ring: two out-neighbours.
static void neighbourhood(void)
{
	MPI_Comm ring;
	int dims[1] = {0}, periods[1] = {1}, size;
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	dims[0] = size;
	MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
	int out[6] = {1, 2, 3, 4, 5, 6}, in[12];
	int counts[2] = {2, 2}, displs[2] = {0, 3}, rcounts[2] = {3, 3}, rdispls[2] = {0, 3};
	MPI_Aint wdispls[2] = {0, 12}, rwdispls[2] = {0, 12};
	MPI_Datatype types[2] = {MPI_INT, MPI_INT};
	MPI_Neighbor_allgather(out, 3, MPI_INT, in, 3, MPI_INT, ring);
	tally(COLL, 12);
	MPI_Neighbor_allgatherv(out, 3, MPI_INT, in, rcounts, rdispls, MPI_INT, ring);
	tally(COLL, 12);
	MPI_Neighbor_alltoall(out, 2, MPI_INT, in, 2, MPI_INT, ring);
	tally(COLL, 16);
	MPI_Neighbor_alltoallv(out, counts, displs, MPI_INT, in, counts, displs, MPI_INT, ring);
	tally(COLL, 16);
	MPI_Neighbor_alltoallw(out, counts, wdispls, types, in, counts, rwdispls, types, ring);
	tally(COLL, 16);
	MPI_Request r[5];
	MPI_Status st[5];
	int in2[5][12];
	MPI_Ineighbor_allgather(out, 1, MPI_DOUBLE, in2[0], 1, MPI_DOUBLE, ring, &r[0]);
	tally(COLL, 8);
	MPI_Ineighbor_allgatherv(out, 3, MPI_INT, in2[1], rcounts, rdispls, MPI_INT, ring, &r[1]);
	tally(COLL, 12);
	MPI_Ineighbor_alltoall(out, 3, MPI_INT, in2[2], 3, MPI_INT, ring, &r[2]);
	tally(COLL, 24);
	MPI_Ineighbor_alltoallv(out, counts, displs, MPI_INT, in2[3], counts, displs, MPI_INT, ring,
	                        &r[3]);
	tally(COLL, 16);
	MPI_Ineighbor_alltoallw(out, counts, wdispls, types, in2[4], counts, rwdispls, types, ring,
	                        &r[4]);
	tally(COLL, 16);
	MPI_Waitall(5, r, st);
	tally(WAIT, 0);
	MPI_Comm_free(&ring);
}

// Persistent requests: an init moves nothing, each start its request's
// bytes (160 each here).
static void persistent(int rank, int size)
{
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	double out[20] = {0}, in[20];
	MPI_Request r[2];
	MPI_Status st[2];
	MPI_Recv_init(in, 20, MPI_DOUBLE, left, 7, MPI_COMM_WORLD, &r[0]);
	tally(P2P, 0);
	MPI_Send_init(out, 20, MPI_DOUBLE, right, 7, MPI_COMM_WORLD, &r[1]);
	tally(P2P, 0);
	for (int i = 0; i < 2; i++) {
		MPI_Startall(2, r);
		tally(P2P, 320);
		MPI_Waitall(2, r, st);
		tally(WAIT, 0);
	}
	MPI_Start(&r[0]);
	tally(P2P, 160);
	MPI_Start(&r[1]);
	tally(P2P, 160);
	MPI_Waitall(2, r, st);
	tally(WAIT, 0);
	MPI_Request_free(&r[0]);
	MPI_Request_free(&r[1]);
	// A synchronous send, started once: its requests may reuse the freed
	// handles, whose bytes are then this init's.
	MPI_Recv_init(in, 3, MPI_INT, left, 8, MPI_COMM_WORLD, &r[0]);
	tally(P2P, 0);
	MPI_Ssend_init(out, 3, MPI_INT, right, 8, MPI_COMM_WORLD, &r[1]);
	tally(P2P, 0);
	MPI_Startall(2, r);
	tally(P2P, 24);
	MPI_Waitall(2, r, st);
	tally(WAIT, 0);
	MPI_Request_free(&r[0]);
	MPI_Request_free(&r[1]);
}

static void one_sided(int rank, int size)
{
	int window[16] = {0}, four[4] = {1, 2, 3, 4}, two[2];
	MPI_Win win;
	MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
	MPI_Win_fence(0, win);
	tally(RMA, 0);
	MPI_Put(four, 4, MPI_INT, (rank + 1) % size, 0, 4, MPI_INT, win);
	tally(RMA, 16);
	MPI_Win_fence(0, win);
	tally(RMA, 0);
	MPI_Get(two, 2, MPI_INT, (rank + size - 1) % size, 8, 2, MPI_INT, win);
	tally(RMA, 8);
	MPI_Win_fence(0, win);
	tally(RMA, 0);
	// Passive target: atomics and flushes.
	int one = 1, old, cmp = 0, res[2];
	MPI_Win_lock_all(0, win);
	tally(RMA, 0);
	MPI_Fetch_and_op(&one, &old, MPI_INT, (rank + 1) % size, 12, MPI_SUM, win);
	tally(RMA, 4);
	MPI_Win_flush((rank + 1) % size, win);
	tally(RMA, 0);
	MPI_Compare_and_swap(&one, &cmp, &old, MPI_INT, (rank + 1) % size, 13, win);
	tally(RMA, 4);
	MPI_Win_flush_local((rank + 1) % size, win);
	tally(RMA, 0);
	MPI_Get_accumulate(four, 2, MPI_INT, res, 2, MPI_INT, (rank + 1) % size, 14, 2, MPI_INT,
	                   MPI_SUM, win);
	tally(RMA, 8);
	MPI_Win_flush_all(win);
	tally(RMA, 0);
	MPI_Win_flush_local_all(win);
	tally(RMA, 0);
	MPI_Win_unlock_all(win);
	tally(RMA, 0);
	MPI_Barrier(MPI_COMM_WORLD);
	tally(COLL, 0);
	// General active target: rank r accesses its right, is accessed by its left.
	MPI_Group world, from, to;
	int left = (rank + size - 1) % size, right = (rank + 1) % size;
	MPI_Comm_group(MPI_COMM_WORLD, &world);
	MPI_Group_incl(world, 1, &left, &from);
	MPI_Group_incl(world, 1, &right, &to);
	for (int epoch = 0; epoch < 2; epoch++) {
		MPI_Win_post(from, 0, win);
		tally(RMA, 0);
		MPI_Win_start(to, 0, win);
		tally(RMA, 0);
		MPI_Put(four, 1, MPI_INT, right, 15, 1, MPI_INT, win);
		tally(RMA, 4);
		MPI_Win_complete(win);
		tally(RMA, 0);
		if (epoch == 0) {
			MPI_Win_wait(win);
			tally(RMA, 0);
		} else {
			int flag = 0;
			while (!flag) {
				MPI_Win_test(win, &flag);
				tally(RMA, 0);
			}
		}
	}
	MPI_Group_free(&from);
	MPI_Group_free(&to);
	MPI_Group_free(&world);
	MPI_Win_free(&win);
}

static void file_io(int rank, const char *path)
{
	int block[16] = {0}, back[16];
	MPI_File fh;
	MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
	tally(IO, 0);
	MPI_File_write_at(fh, (MPI_Offset)rank * 64, block, 16, MPI_INT, MPI_STATUS_IGNORE);
	tally(IO, 64);
	MPI_File_read_at(fh, (MPI_Offset)rank * 64, back, 16, MPI_INT, MPI_STATUS_IGNORE);
	tally(IO, 64);
	// Nonblocking: counted when started.
	MPI_Request r[4];
	MPI_Status st[4];
	MPI_File_iwrite_at(fh, (MPI_Offset)rank * 64, block, 8, MPI_INT, &r[0]);
	tally(IO, 32);
	MPI_File_iread_at(fh, (MPI_Offset)rank * 64 + 32, back, 8, MPI_INT, &r[1]);
	tally(IO, 32);
	MPI_Waitall(2, r, st);
	tally(WAIT, 0);
	MPI_File_iwrite_at_all(fh, (MPI_Offset)rank * 64, block, 4, MPI_INT, &r[0]);
	tally(IO, 16);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iread_at_all(fh, (MPI_Offset)rank * 64, back, 2, MPI_INT, &r[0]);
	tally(IO, 8);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iwrite(fh, block, 3, MPI_INT, &r[0]);
	tally(IO, 12);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iread(fh, back, 5, MPI_INT, &r[0]);
	tally(IO, 20);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iwrite_all(fh, block, 6, MPI_INT, &r[0]);
	tally(IO, 24);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iread_all(fh, back, 7, MPI_INT, &r[0]);
	tally(IO, 28);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_iwrite_shared(fh, block, 1, MPI_DOUBLE, &r[0]);
	tally(IO, 8);
	MPI_Wait(&r[0], &st[0]);
	tally(WAIT, 0);
	MPI_File_close(&fh);
	tally(IO, 0);
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 2 || size < 2 || size > 64) {
		if (rank == 0)
			fprintf(stderr, "usage: mpirun -n 2..64 mpi_calls FILE\n");
		MPI_Finalize();
		return 2;
	}
	point_to_point(rank, size);
	collectives(rank, size);
	nonblocking_v(rank, size);
	neighbourhood();
	persistent(rank, size);
	one_sided(rank, size);
	file_io(rank, argv[1]);
	for (int c = 0; c < NCLASSES; c++)
		printf("EXPECT %d %s %llu %llu\n", rank, region_names[c],
		       (unsigned long long)calls[c], (unsigned long long)bytes[c]);
	fflush(stdout);
	MPI_Finalize();
	return 0;
}
