// SPDX-License-Identifier: BSD-3-Clause
// The high-level API under an MPI launcher: each rank marks a region
// "compute" once, whose work grows with the rank, and a region "step" three
// times around a collective. scripts/test-mpi runs it, which checks the rank
// files and the aggregate the library writes at exit.
#include <mpi.h>
#include <papi.h>
#include <stdio.h>

static volatile double sink;

static void work(long iterations)
{
	double x = 0;
	for (long i = 0; i < iterations; i++)
		x += (double)i * 0.5;
	sink = x;
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int failed = PAPI_hl_region_begin("compute") != PAPI_OK;
	work(2000000L * (rank + 1));
	failed += PAPI_hl_region_end("compute") != PAPI_OK;
	for (int i = 0; i < 3; i++) {
		double mine = rank, total;
		failed += PAPI_hl_region_begin("step") != PAPI_OK;
		MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		failed += PAPI_hl_region_end("step") != PAPI_OK;
	}
	failed += PAPI_hl_stop() != PAPI_OK;
	if (failed)
		fprintf(stderr, "rank %d: %d high-level calls failed\n", rank, failed);
	MPI_Finalize();
	return failed ? 1 : 0;
}
