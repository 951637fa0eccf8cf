// SPDX-License-Identifier: BSD-3-Clause
// The PMPI tool's state: what each rank counts between MPI_Init and
// MPI_Finalize, per class of MPI call. The wrappers (generated from
// wrapped_calls.tbl) time each call and hand its class and bytes here.
#ifndef PAPILLON_MPI_PROFILE_H
#define PAPILLON_MPI_PROFILE_H

#include <mpi.h>
#include <stdint.h>

// Only the MPI entry points are the library's interface: what follows
// stays inside it, out of the program's namespace.
#pragma GCC visibility push(hidden)

enum mpi_call_class {
	MPI_CLASS_POINT_TO_POINT,
	MPI_CLASS_COLLECTIVE,
	MPI_CLASS_WAIT_TEST,
	MPI_CLASS_ONE_SIDED,
	MPI_CLASS_IO,
	MPI_CLASS_COUNT
};

// One intercepted call in progress. Only the outermost wrapper of a thread
// counts: MPICH's Fortran bindings call the C MPI_* entry points, which
// this library wraps too, and Open MPI's call PMPI_* (not wrapped).
struct mpi_call {
	int outermost;
	long long start_cycles;
};

void mpi_call_begin(struct mpi_call *call);
void mpi_call_end(struct mpi_call *call, enum mpi_call_class cls, uint64_t bytes);

// count elements of datatype, in bytes; 0 for a null or unsized type.
uint64_t mpi_type_bytes(int count, MPI_Datatype datatype);

// The ranks a rank sends a block to in an all-to-all (its group, or an
// intercommunicator's remote group).
uint64_t mpi_comm_peers(MPI_Comm comm);

// The bytes of counts[i] elements of type, i < n (v forms).
uint64_t mpi_counts_bytes(const int counts[], MPI_Datatype type, uint64_t n);

// The bytes of counts[i] elements of types[i], i < n (alltoallw forms).
uint64_t mpi_typed_counts_bytes(const int counts[], const MPI_Datatype types[], uint64_t n);

// The ranks a rank sends to in a neighbourhood collective: the out-degree
// of comm's topology (2 x dimensions of a Cartesian one); 0 without one.
uint64_t mpi_comm_out_neighbours(MPI_Comm comm);

// Called once MPI is initialised (C or Fortran MPI_Init*; thread_level:
// the level MPI provides), and just before MPI_Finalize: start counting,
// then stop, gather and write the report.
void mpi_profile_start(int thread_level);
void mpi_profile_finish(void);

// What mpi_report_write needs from a rank.
#define MPI_PROFILE_MAX_EVENTS 8
// Value of an event that could not count on a rank.
#define MPI_PROFILE_MISSING UINT64_MAX

struct mpi_class_totals {
	uint64_t calls, bytes, nsec;
};

struct mpi_rank_figures {
	uint64_t total_nsec;
	uint64_t events[MPI_PROFILE_MAX_EVENTS];
	struct mpi_class_totals classes[MPI_CLASS_COUNT];
};

extern const char *const mpi_class_region_names[MPI_CLASS_COUNT];

// Rank 0 writes the report (every rank's figures, gathered with PMPI, and
// the aggregate); the other ranks only send theirs. Returns 0 or -1.
int mpi_report_write(const struct mpi_rank_figures *mine, int nevents,
                     const char *const *event_names);

#pragma GCC visibility pop

#endif
