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
	one_sided(rank, size);
	file_io(rank, argv[1]);
	for (int c = 0; c < NCLASSES; c++)
		printf("EXPECT %d %s %llu %llu\n", rank, region_names[c],
		       (unsigned long long)calls[c], (unsigned long long)bytes[c]);
	fflush(stdout);
	MPI_Finalize();
	return 0;
}
