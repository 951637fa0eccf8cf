// SPDX-License-Identifier: BSD-3-Clause
// What the Fortran wrappers (wrap_fortran*.c) share: gfortran's argument
// conventions (every argument by reference, ierr last) turned into the
// class, calls and bytes the tool records.
#ifndef PAPILLON_MPI_WRAP_FORTRAN_H
#define PAPILLON_MPI_WRAP_FORTRAN_H

#include "mpi_profile.h"

#include <stddef.h>

// A Fortran argument's bytes once the call succeeded.
static inline uint64_t fortran_bytes(const MPI_Fint *ierr, const MPI_Fint *count,
                                     const MPI_Fint *type)
{
	if (*ierr != MPI_SUCCESS)
		return 0;
	return mpi_type_bytes(*count, MPI_Type_f2c(*type));
}

// The peers of an all-to-all, and the bytes of a counts array over them.
static inline uint64_t fortran_peers(const MPI_Fint *ierr, const MPI_Fint *comm)
{
	return *ierr == MPI_SUCCESS ? mpi_comm_peers(MPI_Comm_f2c(*comm)) : 0;
}

static inline uint64_t fortran_counts_bytes(const MPI_Fint *ierr, const MPI_Fint *counts,
                                            const MPI_Fint *comm, const MPI_Fint *type)
{
	if (*ierr != MPI_SUCCESS)
		return 0;
	return mpi_counts_bytes(counts, MPI_Comm_f2c(*comm), MPI_Type_f2c(*type));
}

#define P2P  MPI_CLASS_POINT_TO_POINT
#define COLL MPI_CLASS_COLLECTIVE
#define WAIT MPI_CLASS_WAIT_TEST
#define RMA  MPI_CLASS_ONE_SIDED
#define IO   MPI_CLASS_IO

// Run call (it sets *ierr), then record it under cls with bytes.
#define COUNTED_FCALL(cls, bytes, call)                                                            \
	do {                                                                                       \
		struct mpi_call counted_;                                                          \
		mpi_call_begin(&counted_);                                                         \
		call;                                                                              \
		mpi_call_end(&counted_, (cls), (bytes));                                           \
	} while (0)

typedef MPI_Fint fint;

// The bytes of counts[i] elements of types[i] (Fortran handles), i < n.
static inline uint64_t typed_counts_bytes(const fint *ierr, const fint *counts, const fint *types,
                                          uint64_t n)
{
	uint64_t total = 0;
	for (uint64_t i = 0; *ierr == MPI_SUCCESS && i < n; i++)
		total += mpi_type_bytes(counts[i], MPI_Type_f2c(types[i]));
	return total;
}

// The same with one type for every block.
static inline uint64_t typed_counts_bytes_one(const fint *ierr, const fint *counts,
                                              const fint *type, uint64_t n)
{
	uint64_t total = 0;
	for (uint64_t i = 0; *ierr == MPI_SUCCESS && i < n; i++)
		total += mpi_type_bytes(counts[i], MPI_Type_f2c(*type));
	return total;
}

static inline uint64_t out_neighbours(const fint *ierr, const fint *comm)
{
	return *ierr == MPI_SUCCESS ? mpi_comm_out_neighbours(MPI_Comm_f2c(*comm)) : 0;
}

// One element, for the atomics.
static const fint one = 1;

// Fortran's MPI_IN_PLACE is the address of a variable the implementation
// owns: Open MPI's common block mpi_fortran_in_place, the address MPICH's
// Fortran start-up keeps in MPIR_F_MPI_IN_PLACE (mpif.h and the mpi module
// share them). In place, the wrappers count as wrap_c.c does.
#if defined(OPEN_MPI)
extern int mpi_fortran_in_place_;
static inline int fortran_in_place(const void *buf)
{
	return buf == (const void *)&mpi_fortran_in_place_;
}
#elif defined(MPICH)
extern void *MPIR_F_MPI_IN_PLACE;
static inline int fortran_in_place(const void *buf)
{
	return buf != NULL && buf == MPIR_F_MPI_IN_PLACE;
}
#else
static inline int fortran_in_place(const void *buf)
{
	(void)buf;
	return 0;
}
#endif

#endif
