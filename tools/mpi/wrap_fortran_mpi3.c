// SPDX-License-Identifier: BSD-3-Clause
// The Fortran entry points of the calls MPI-2 and MPI-3 added (nonblocking
// v collectives, neighbourhood collectives, persistent requests, atomics
// and window synchronisation, nonblocking I/O), gfortran's names, as
// wrap_fortran.c does for the others: each records the call and passes it
// to its pmpi_*_ twin, the depth count keeping it counted once.
#include "wrap_fortran.h"

// The implementations' Fortran profiling entry points.
void pmpi_igatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                    fint *rtype, fint *root, fint *comm, fint *req, fint *ierr);
void pmpi_iscatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                     fint *rtype, fint *root, fint *comm, fint *req, fint *ierr);
void pmpi_iallgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                       fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr);
void pmpi_ialltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                      fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req, fint *ierr);
void pmpi_alltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr);
void pmpi_ialltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                      fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req,
                      fint *ierr);
void pmpi_ireduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                           fint *req, fint *ierr);
void pmpi_ireduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                 fint *comm, fint *req, fint *ierr);
void pmpi_iscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                 fint *ierr);
void pmpi_iexscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                   fint *ierr);
void pmpi_igather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *root, fint *comm, fint *req, fint *ierr);
void pmpi_iscatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *root, fint *comm, fint *req, fint *ierr);
void pmpi_iallgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *comm, fint *req, fint *ierr);
void pmpi_ialltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *comm, fint *req, fint *ierr);
void pmpi_ireduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                   fint *comm, fint *req, fint *ierr);
void pmpi_neighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                              fint *rtype, fint *comm, fint *ierr);
void pmpi_neighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                               fint *displs, fint *rtype, fint *comm, fint *ierr);
void pmpi_neighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                             fint *rtype, fint *comm, fint *ierr);
void pmpi_neighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                              fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr);
void pmpi_neighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                              void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                              fint *comm, fint *ierr);
void pmpi_ineighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                               fint *rtype, fint *comm, fint *req, fint *ierr);
void pmpi_ineighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr);
void pmpi_ineighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                              fint *rtype, fint *comm, fint *req, fint *ierr);
void pmpi_ineighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                               fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                               fint *ierr);
void pmpi_ineighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                               void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                               fint *comm, fint *req, fint *ierr);
void pmpi_send_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr);
void pmpi_bsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                      fint *req, fint *ierr);
void pmpi_ssend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                      fint *req, fint *ierr);
void pmpi_rsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                      fint *req, fint *ierr);
void pmpi_recv_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr);
void pmpi_start_(fint *req, fint *ierr);
void pmpi_startall_(fint *count, fint *reqs, fint *ierr);
void pmpi_get_accumulate_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                          fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                          fint *op, fint *win, fint *ierr);
void pmpi_fetch_and_op_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                        fint *op, fint *win, fint *ierr);
void pmpi_compare_and_swap_(void *origin, void *compare, void *result, fint *type, fint *target,
                            MPI_Aint *disp, fint *win, fint *ierr);
void pmpi_win_flush_(fint *rank, fint *win, fint *ierr);
void pmpi_win_flush_all_(fint *win, fint *ierr);
void pmpi_win_flush_local_(fint *rank, fint *win, fint *ierr);
void pmpi_win_flush_local_all_(fint *win, fint *ierr);
void pmpi_win_post_(fint *group, fint *assertion, fint *win, fint *ierr);
void pmpi_win_start_(fint *group, fint *assertion, fint *win, fint *ierr);
void pmpi_win_complete_(fint *win, fint *ierr);
void pmpi_win_wait_(fint *win, fint *ierr);
void pmpi_win_test_(fint *win, fint *flag, fint *ierr);
void pmpi_win_lock_all_(fint *assertion, fint *win, fint *ierr);
void pmpi_win_unlock_all_(fint *win, fint *ierr);
void pmpi_file_iread_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iwrite_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iread_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iwrite_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iread_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iwrite_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void pmpi_file_iread_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                         fint *req, fint *ierr);
void pmpi_file_iwrite_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                          fint *req, fint *ierr);
void pmpi_file_iread_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr);
void pmpi_file_iwrite_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                              fint *req, fint *ierr);

// Our definitions, declared first for -Wmissing-prototypes.
void mpi_igatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                   fint *rtype, fint *root, fint *comm, fint *req, fint *ierr);
void mpi_iscatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                    fint *rtype, fint *root, fint *comm, fint *req, fint *ierr);
void mpi_iallgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                      fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr);
void mpi_ialltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req, fint *ierr);
void mpi_alltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                    fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr);
void mpi_ialltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req, fint *ierr);
void mpi_ireduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                          fint *req, fint *ierr);
void mpi_ireduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                fint *comm, fint *req, fint *ierr);
void mpi_iscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                fint *ierr);
void mpi_iexscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                  fint *ierr);
void mpi_igather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                  fint *root, fint *comm, fint *req, fint *ierr);
void mpi_iscatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *root, fint *comm, fint *req, fint *ierr);
void mpi_iallgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *comm, fint *req, fint *ierr);
void mpi_ialltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *comm, fint *req, fint *ierr);
void mpi_ireduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm,
                  fint *req, fint *ierr);
void mpi_neighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                             fint *rtype, fint *comm, fint *ierr);
void mpi_neighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                              fint *displs, fint *rtype, fint *comm, fint *ierr);
void mpi_neighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                            fint *rtype, fint *comm, fint *ierr);
void mpi_neighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                             fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr);
void mpi_neighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes, void *rbuf,
                             fint *rcounts, MPI_Aint *rdispls, fint *rtypes, fint *comm,
                             fint *ierr);
void mpi_ineighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                              fint *rtype, fint *comm, fint *req, fint *ierr);
void mpi_ineighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                               fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr);
void mpi_ineighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                             fint *rtype, fint *comm, fint *req, fint *ierr);
void mpi_ineighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                              fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                              fint *ierr);
void mpi_ineighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                              void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                              fint *comm, fint *req, fint *ierr);
void mpi_send_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                    fint *req, fint *ierr);
void mpi_bsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr);
void mpi_ssend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr);
void mpi_rsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr);
void mpi_recv_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                    fint *req, fint *ierr);
void mpi_start_(fint *req, fint *ierr);
void mpi_startall_(fint *count, fint *reqs, fint *ierr);
void mpi_get_accumulate_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                         fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                         fint *op, fint *win, fint *ierr);
void mpi_fetch_and_op_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                       fint *op, fint *win, fint *ierr);
void mpi_compare_and_swap_(void *origin, void *compare, void *result, fint *type, fint *target,
                           MPI_Aint *disp, fint *win, fint *ierr);
void mpi_win_flush_(fint *rank, fint *win, fint *ierr);
void mpi_win_flush_all_(fint *win, fint *ierr);
void mpi_win_flush_local_(fint *rank, fint *win, fint *ierr);
void mpi_win_flush_local_all_(fint *win, fint *ierr);
void mpi_win_post_(fint *group, fint *assertion, fint *win, fint *ierr);
void mpi_win_start_(fint *group, fint *assertion, fint *win, fint *ierr);
void mpi_win_complete_(fint *win, fint *ierr);
void mpi_win_wait_(fint *win, fint *ierr);
void mpi_win_test_(fint *win, fint *flag, fint *ierr);
void mpi_win_lock_all_(fint *assertion, fint *win, fint *ierr);
void mpi_win_unlock_all_(fint *win, fint *ierr);
void mpi_file_iread_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iwrite_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iread_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iwrite_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iread_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iwrite_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr);
void mpi_file_iread_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type, fint *req,
                        fint *ierr);
void mpi_file_iwrite_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                         fint *req, fint *ierr);
void mpi_file_iread_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *req, fint *ierr);
void mpi_file_iwrite_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr);

// --- the nonblocking v collectives and scans: the bytes of their blocking
// twins (wrap_fortran.c), counted when started.

void mpi_igatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                   fint *rtype, fint *root, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_igatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm,
	                             req, ierr));
}

void mpi_iscatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                    fint *rtype, fint *root, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	              pmpi_iscatterv_(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm,
	                              req, ierr));
}

void mpi_iallgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                      fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_iallgatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, req, ierr));
}

void mpi_ialltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf) ? 0 : fortran_counts_bytes(ierr, scounts, comm, stype),
	              pmpi_ialltoallv_(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype,
	                               comm, req, ierr));
}

void mpi_alltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                    fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : typed_counts_bytes(ierr, scounts, stypes, fortran_peers(ierr, comm)),
	              pmpi_alltoallw_(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
	                              rtypes, comm, ierr));
}

void mpi_ialltoallw_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : typed_counts_bytes(ierr, scounts, stypes, fortran_peers(ierr, comm)),
	              pmpi_ialltoallw_(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
	                               rtypes, comm, req, ierr));
}

void mpi_ireduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                          fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_counts_bytes(ierr, rcounts, comm, type),
	              pmpi_ireduce_scatter_(sbuf, rbuf, rcounts, type, op, comm, req, ierr));
}

void mpi_ireduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, rcount, type) * fortran_peers(ierr, comm),
	              pmpi_ireduce_scatter_block_(sbuf, rbuf, rcount, type, op, comm, req, ierr));
}

void mpi_iscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iscan_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

void mpi_iexscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *req,
                  fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iexscan_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

// --- the nonblocking collectives whose C twins wrap_c.c has (Open MPI's
// bindings do not reach those).

void mpi_igather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                  fint *root, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_igather_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr));
}

void mpi_iscatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *root, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	    pmpi_iscatter_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr));
}

void mpi_iallgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_iallgather_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ialltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : fortran_bytes(ierr, scount, stype) * fortran_peers(ierr, comm),
	              pmpi_ialltoall_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ireduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm,
                  fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_ireduce_(sbuf, rbuf, count, type, op, root, comm, req, ierr));
}

// --- neighbourhood collectives (as wrap_c.c): an allgather's block once,
// an alltoall's one per out-neighbour.

void mpi_neighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                             fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype),
	    pmpi_neighbor_allgather_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_neighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                              fint *displs, fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype),
	              pmpi_neighbor_allgatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
	                                        comm, ierr));
}

void mpi_neighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                            fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype) * out_neighbours(ierr, comm),
	    pmpi_neighbor_alltoall_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_neighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                             fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              typed_counts_bytes_one(ierr, scounts, stype, out_neighbours(ierr, comm)),
	              pmpi_neighbor_alltoallv_(sbuf, scounts, sdispls, stype, rbuf, rcounts,
	                                       rdispls, rtype, comm, ierr));
}

void mpi_neighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes, void *rbuf,
                             fint *rcounts, MPI_Aint *rdispls, fint *rtypes, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, typed_counts_bytes(ierr, scounts, stypes, out_neighbours(ierr, comm)),
	              pmpi_neighbor_alltoallw_(sbuf, scounts, sdispls, stypes, rbuf, rcounts,
	                                       rdispls, rtypes, comm, ierr));
}

void mpi_ineighbor_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                              fint *rtype, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype),
	    pmpi_ineighbor_allgather_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ineighbor_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                               fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype),
	              pmpi_ineighbor_allgatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype,
	                                         comm, req, ierr));
}

void mpi_ineighbor_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                             fint *rtype, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype) * out_neighbours(ierr, comm),
	    pmpi_ineighbor_alltoall_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ineighbor_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                              fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                              fint *ierr)
{
	COUNTED_FCALL(COLL,
	              typed_counts_bytes_one(ierr, scounts, stype, out_neighbours(ierr, comm)),
	              pmpi_ineighbor_alltoallv_(sbuf, scounts, sdispls, stype, rbuf, rcounts,
	                                        rdispls, rtype, comm, req, ierr));
}

void mpi_ineighbor_alltoallw_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                              void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                              fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, typed_counts_bytes(ierr, scounts, stypes, out_neighbours(ierr, comm)),
	              pmpi_ineighbor_alltoallw_(sbuf, scounts, sdispls, stypes, rbuf, rcounts,
	                                        rdispls, rtypes, comm, req, ierr));
}

// --- persistent requests (as wrap_c.c): an init carries the bytes, each
// start is one more call.

void mpi_send_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                    fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_send_init_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_bsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_bsend_init_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_ssend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_ssend_init_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_rsend_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                     fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_rsend_init_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_recv_init_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                    fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_recv_init_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_start_(fint *req, fint *ierr)
{
	COUNTED_FCALL(P2P, 0, pmpi_start_(req, ierr));
}

void mpi_startall_(fint *count, fint *reqs, fint *ierr)
{
	COUNTED_FCALL(P2P, 0, pmpi_startall_(count, reqs, ierr));
}

// --- one-sided: atomics (the origin's elements), flushes and general
// active and passive target synchronisation (no bytes).

void mpi_get_accumulate_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                         fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                         fint *op, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_get_accumulate_(origin, ocount, otype, result, rcount, rtype, target,
	                                   disp, tcount, ttype, op, win, ierr));
}

void mpi_fetch_and_op_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                       fint *op, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, fortran_bytes(ierr, &one, type),
	              pmpi_fetch_and_op_(origin, result, type, target, disp, op, win, ierr));
}

void mpi_compare_and_swap_(void *origin, void *compare, void *result, fint *type, fint *target,
                           MPI_Aint *disp, fint *win, fint *ierr)
{
	COUNTED_FCALL(
	    RMA, fortran_bytes(ierr, &one, type),
	    pmpi_compare_and_swap_(origin, compare, result, type, target, disp, win, ierr));
}

void mpi_win_flush_(fint *rank, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_(rank, win, ierr));
}

void mpi_win_flush_all_(fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_all_(win, ierr));
}

void mpi_win_flush_local_(fint *rank, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_local_(rank, win, ierr));
}

void mpi_win_flush_local_all_(fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_local_all_(win, ierr));
}

void mpi_win_post_(fint *group, fint *assertion, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_post_(group, assertion, win, ierr));
}

void mpi_win_start_(fint *group, fint *assertion, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_start_(group, assertion, win, ierr));
}

void mpi_win_complete_(fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_complete_(win, ierr));
}

void mpi_win_wait_(fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_wait_(win, ierr));
}

void mpi_win_test_(fint *win, fint *flag, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_test_(win, flag, ierr));
}

void mpi_win_lock_all_(fint *assertion, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_lock_all_(assertion, win, ierr));
}

void mpi_win_unlock_all_(fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_unlock_all_(win, ierr));
}

// --- nonblocking I/O: counted when started, as the blocking calls.

void mpi_file_iread_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_all_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_all_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_all_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_shared_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_shared_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_shared_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type, fint *req,
                        fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_at_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iwrite_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                         fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_at_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iread_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_at_all_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iwrite_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_at_all_(fh, offset, buf, count, type, req, ierr));
}
