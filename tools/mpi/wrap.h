// SPDX-License-Identifier: BSD-3-Clause
// What every generated wrapper (wrapped_calls.tbl, calls-to-c.awk) uses,
// whatever its binding: the short names of the classes and the helpers
// the table's BYTES expressions are written with. Each binding's header
// (wrap_c.h, wrap_fortran.h) adds COUNTED_CALL or COUNTED_FCALL and the
// helpers whose arguments differ: IN_PLACE, TYPED_COUNTS_BYTES,
// REQUESTS_BYTES.
#ifndef PAPILLON_MPI_WRAP_H
#define PAPILLON_MPI_WRAP_H

#include "mpi_profile.h"
#include "mpi_requests.h"

#define P2P  MPI_CLASS_POINT_TO_POINT
#define COLL MPI_CLASS_COLLECTIVE
#define WAIT MPI_CLASS_WAIT_TEST
#define RMA  MPI_CLASS_ONE_SIDED
#define IO   MPI_CLASS_IO

#define BYTES(count, type)            mpi_type_bytes((count), (type))
#define PEERS(comm)                   mpi_comm_peers(comm)
#define OUT_NEIGHBOURS(comm)          mpi_comm_out_neighbours(comm)
#define COUNTS_BYTES(counts, type, n) mpi_counts_bytes((counts), (type), (n))

// Persistent requests: an *_init remembers its request's bytes and counts
// none; each start counts them.
#define PERSISTENT(request, bytes) mpi_request_remember((request), (bytes))
#define REQUEST_BYTES(request)     mpi_request_bytes(request)

#endif
