// SPDX-License-Identifier: BSD-3-Clause
// The C binding of the generated wrappers (wrap_c_calls.c): each calls its
// PMPI_ twin and records the call under its class, with the bytes the
// call moves (counted only when the call succeeded: its datatype was
// valid then; computed only by the outermost wrapper, which counts).
#ifndef PAPILLON_MPI_WRAP_C_H
#define PAPILLON_MPI_WRAP_C_H

#include "wrap.h"

#define COUNTED_CALL(cls, bytes, call)                                                             \
	do {                                                                                       \
		struct mpi_call counted_;                                                          \
		mpi_call_begin(&counted_);                                                         \
		int rc_ = (call);                                                                  \
		mpi_call_end(&counted_, (cls),                                                     \
		             counted_.outermost &&rc_ == MPI_SUCCESS ? (uint64_t)(bytes) : 0);     \
		return rc_;                                                                        \
	} while (0)

#define IN_PLACE(buf)                        ((buf) == MPI_IN_PLACE)
#define TYPED_COUNTS_BYTES(counts, types, n) mpi_typed_counts_bytes((counts), (types), (n))
#define REQUESTS_BYTES(count, requests)      mpi_requests_bytes((count), (requests))

#endif
