// SPDX-License-Identifier: BSD-3-Clause
// The bytes of each persistent request: remembered when an *_init creates
// it, counted at each MPI_Start or MPI_Startall of it (a request started n
// times moves its message n times).
#ifndef PAPILLON_MPI_REQUESTS_H
#define PAPILLON_MPI_REQUESTS_H

#include <mpi.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

// Remember request's bytes (a handle used again by a later *_init gets
// that one's). Returns 0: the *_init itself moves nothing.
uint64_t mpi_request_remember(MPI_Request request, uint64_t bytes);

// The bytes remembered for request (0 for one no *_init made).
uint64_t mpi_request_bytes(MPI_Request request);
uint64_t mpi_requests_bytes(int count, const MPI_Request requests[]);

// Forget them all (MPI_Finalize).
void mpi_requests_clear(void);

#pragma GCC visibility pop

#endif
