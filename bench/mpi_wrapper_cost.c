// SPDX-License-Identifier: BSD-3-Clause
// The PMPI tool's cost per intercepted call, against its own baseline in
// the same run: the same call made through its PMPI_ name, which no tool
// intercepts. Run with the tool preloaded (bench/mpi-wrapper-cost.sh):
//   MPI_Test on MPI_REQUEST_NULL (the cheapest call: the wrapper's whole
//   cost shows), MPI_Sendrecv of 8 bytes to itself (a byte count too) and
//   MPI_Startall of a persistent send and receive to itself with their
//   MPI_Waitall (two calls, the start looking its requests' bytes up).
// Prints per call the median over rounds of ns/call for each pair.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { CALLS = 200000, ROUNDS = 15 };

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double test_round(int intercepted)
{
	MPI_Request request = MPI_REQUEST_NULL;
	int flag;
	double t0 = now_ns();
	for (int i = 0; i < CALLS; i++) {
		if (intercepted)
			MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
		else
			PMPI_Test(&request, &flag, MPI_STATUS_IGNORE);
	}
	return (now_ns() - t0) / CALLS;
}

static double sendrecv_round(int intercepted)
{
	double out = 1, in;
	double t0 = now_ns();
	for (int i = 0; i < CALLS / 10; i++) {
		if (intercepted)
			MPI_Sendrecv(&out, 1, MPI_DOUBLE, 0, 1, &in, 1, MPI_DOUBLE, 0, 1,
			             MPI_COMM_SELF, MPI_STATUS_IGNORE);
		else
			PMPI_Sendrecv(&out, 1, MPI_DOUBLE, 0, 1, &in, 1, MPI_DOUBLE, 0, 1,
			              MPI_COMM_SELF, MPI_STATUS_IGNORE);
	}
	return (now_ns() - t0) / (CALLS / 10);
}

static double startall_round(int intercepted)
{
	double out = 1, in;
	MPI_Request r[2];
	MPI_Status st[2];
	MPI_Recv_init(&in, 1, MPI_DOUBLE, 0, 2, MPI_COMM_SELF, &r[0]);
	MPI_Send_init(&out, 1, MPI_DOUBLE, 0, 2, MPI_COMM_SELF, &r[1]);
	double t0 = now_ns();
	for (int i = 0; i < CALLS / 10; i++) {
		if (intercepted) {
			MPI_Startall(2, r);
			MPI_Waitall(2, r, st);
		} else {
			PMPI_Startall(2, r);
			PMPI_Waitall(2, r, st);
		}
	}
	double elapsed = now_ns() - t0;
	MPI_Request_free(&r[0]);
	MPI_Request_free(&r[1]);
	return elapsed / (CALLS / 10);
}

// Rounds alternate baseline and intercepted, so drift hits both alike.
static void measure(const char *name, double (*round)(int))
{
	double base[ROUNDS], tool[ROUNDS];
	round(0);
	round(1);
	for (int r = 0; r < ROUNDS; r++) {
		base[r] = round(0);
		tool[r] = round(1);
	}
	qsort(base, ROUNDS, sizeof base[0], by_value);
	qsort(tool, ROUNDS, sizeof tool[0], by_value);
	printf("%-12s PMPI_ (baseline) %8.1f ns/call   MPI_ %8.1f ns/call   difference %7.1f ns\n",
	       name, base[ROUNDS / 2], tool[ROUNDS / 2], tool[ROUNDS / 2] - base[ROUNDS / 2]);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	measure("MPI_Test", test_round);
	measure("MPI_Sendrecv", sendrecv_round);
	measure("Startall+Wait", startall_round);
	MPI_Finalize();
	return 0;
}
