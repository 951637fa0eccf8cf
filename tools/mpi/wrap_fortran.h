// SPDX-License-Identifier: BSD-3-Clause
// The Fortran bindings of the generated wrappers (wrap_fortran_calls.c:
// mpif.h and the mpi module; wrap_f08_calls.c: mpi_f08): gfortran's
// conventions (every argument by reference, ierr last, a string's length
// after it), each wrapper passing the call to its profiling twin.
#ifndef PAPILLON_MPI_WRAP_FORTRAN_H
#define PAPILLON_MPI_WRAP_FORTRAN_H

#include "wrap.h"

#include <stddef.h>

typedef MPI_Fint fint;

// The table's integer arrays (counts) are read as C ints.
_Static_assert(sizeof(fint) == sizeof(int), "MPI_Fint is not a C int");

// Run call (it sets *ierr), then record it under cls with bytes, counted
// once it succeeded, by the outermost wrapper only: MPICH's Fortran
// bindings call the C MPI_* entry points, which wrap_c counts too.
#define COUNTED_FCALL(cls, bytes, call, ierr)                                                      \
	do {                                                                                       \
		struct mpi_call counted_;                                                          \
		mpi_call_begin(&counted_);                                                         \
		call;                                                                              \
		mpi_call_end(&counted_, (cls),                                                     \
		             counted_.outermost &&*(ierr) == MPI_SUCCESS ? (uint64_t)(bytes) : 0); \
	} while (0)

// The bytes of counts[i] elements of types[i] (Fortran handles), i < n.
static inline uint64_t fortran_typed_counts_bytes(const fint *counts, const fint *types, uint64_t n)
{
	uint64_t total = 0;
	for (uint64_t i = 0; i < n; i++)
		total += mpi_type_bytes(counts[i], MPI_Type_f2c(types[i]));
	return total;
}

#define TYPED_COUNTS_BYTES(counts, types, n) fortran_typed_counts_bytes((counts), (types), (n))

// The bytes remembered for requests[i] (Fortran handles), i < count.
static inline uint64_t fortran_requests_bytes(int count, const fint *requests)
{
	uint64_t total = 0;
	for (int i = 0; i < count; i++)
		total += mpi_request_bytes(MPI_Request_f2c(requests[i]));
	return total;
}

#define REQUESTS_BYTES(count, requests) fortran_requests_bytes((count), (requests))

// Fortran's MPI_IN_PLACE is the address of a variable the implementation
// owns: Open MPI's common block mpi_fortran_in_place, the address MPICH's
// Fortran start-up keeps in MPIR_F_MPI_IN_PLACE (mpif.h and the mpi module
// share them). In place, the wrappers count as the C ones do.
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

#define IN_PLACE(buf) fortran_in_place(buf)

// The mpi_f08 module's entry points (mpi_send_f08_, ...) and the twin each
// wrapper passes the call to (F08_TWIN), per implementation:
// - Open MPI's f08 bindings call PMPI_* in C, so neither the C nor the
//   mpif.h wrappers see them: every routine is wrapped, over its
//   pmpi_*_f08_ twin in libmpi_usempif08, which only an mpi_f08 program
//   loads (weak: the tool does not pull that library into the others; the
//   program resolves them).
// - MPICH's hand a routine with a choice buffer (mpi_send_f08ts_, a
//   Fortran 2018 descriptor) to the C MPI_Send, which wrap_c counts; the
//   others (mpi_wait_f08_, mpi_barrier_f08_, mpi_init_f08_, ...) call
//   PMPI_* in C: those are wrapped, over their pmpir_*_f08_ twins in
//   libmpichfort, which the tool links (F08_BUFFER_CALLS 0).
#if defined(OPEN_MPI)
#define F08_TWIN(name)      pmpi_##name##_f08_
#define F08_TWIN_ATTRIBUTES __attribute__((weak))
#define F08_BUFFER_CALLS    1
#elif defined(MPICH)
#define F08_TWIN(name) pmpir_##name##_f08_
#define F08_TWIN_ATTRIBUTES
#define F08_BUFFER_CALLS 0
#endif

#endif
