// SPDX-License-Identifier: BSD-3-Clause
// The Fortran entry points (mpif.h and the mpi module, gfortran's names:
// lower case, one trailing underscore). Each records the call and passes
// it to the implementation's profiling twin pmpi_*_. Open MPI's bindings
// then call PMPI_* in C, MPICH's call MPI_* (wrap_c.c): the depth count of
// mpi_call_begin keeps the call counted once either way. The mpi_f08
// module's entry points are not intercepted (doc/mpi.md).
#include "wrap_fortran.h"

#include <stddef.h>

// The implementations' Fortran profiling entry points.
void pmpi_init_(fint *ierr);
void pmpi_init_thread_(fint *required, fint *provided, fint *ierr);
void pmpi_finalize_(fint *ierr);
void pmpi_send_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void pmpi_ssend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void pmpi_isend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                 fint *ierr);
void pmpi_recv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                fint *status, fint *ierr);
void pmpi_irecv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm, fint *req,
                 fint *ierr);
void pmpi_sendrecv_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                    fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm, fint *status,
                    fint *ierr);
void pmpi_barrier_(fint *comm, fint *ierr);
void pmpi_bcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr);
void pmpi_reduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm,
                  fint *ierr);
void pmpi_allreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *ierr);
void pmpi_gather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                  fint *root, fint *comm, fint *ierr);
void pmpi_scatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *root, fint *comm, fint *ierr);
void pmpi_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *comm, fint *ierr);
void pmpi_wait_(fint *req, fint *status, fint *ierr);
void pmpi_waitall_(fint *count, fint *reqs, fint *statuses, fint *ierr);
void pmpi_test_(fint *req, fint *flag, fint *status, fint *ierr);
void pmpi_testall_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr);
void pmpi_put_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
               fint *ttype, fint *win, fint *ierr);
void pmpi_get_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
               fint *ttype, fint *win, fint *ierr);
void pmpi_win_fence_(fint *assertion, fint *win, fint *ierr);
void pmpi_file_open_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr,
                     size_t name_len);
void pmpi_file_close_(fint *fh, fint *ierr);
void pmpi_file_write_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                         fint *status, fint *ierr);
void pmpi_file_read_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                        fint *status, fint *ierr);

void pmpi_bsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void pmpi_rsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void pmpi_issend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                  fint *ierr);
void pmpi_sendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *stag,
                            fint *source, fint *rtag, fint *comm, fint *status, fint *ierr);
void pmpi_scan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *ierr);
void pmpi_exscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                  fint *ierr);
void pmpi_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *comm, fint *ierr);
void pmpi_gatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                   fint *rtype, fint *root, fint *comm, fint *ierr);
void pmpi_scatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                    fint *rtype, fint *root, fint *comm, fint *ierr);
void pmpi_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                      fint *displs, fint *rtype, fint *comm, fint *ierr);
void pmpi_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                     fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr);
void pmpi_reduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                          fint *ierr);
void pmpi_reduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                fint *comm, fint *ierr);
void pmpi_ibarrier_(fint *comm, fint *req, fint *ierr);
void pmpi_ibcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req,
                  fint *ierr);
void pmpi_iallreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                      fint *req, fint *ierr);
void pmpi_waitany_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr);
void pmpi_waitsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                    fint *ierr);
void pmpi_testany_(fint *count, fint *reqs, fint *index, fint *flag, fint *status, fint *ierr);
void pmpi_testsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                    fint *ierr);
void pmpi_accumulate_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                      fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr);
void pmpi_win_lock_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr);
void pmpi_win_unlock_(fint *rank, fint *win, fint *ierr);
void pmpi_file_read_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void pmpi_file_write_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void pmpi_file_read_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void pmpi_file_write_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void pmpi_file_read_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr);
void pmpi_file_write_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *status, fint *ierr);

// Our definitions, declared first for -Wmissing-prototypes.
void mpi_bsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void mpi_rsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void mpi_issend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                 fint *ierr);
void mpi_sendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *stag, fint *source,
                           fint *rtag, fint *comm, fint *status, fint *ierr);
void mpi_scan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *ierr);
void mpi_exscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *ierr);
void mpi_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *comm, fint *ierr);
void mpi_gatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                  fint *rtype, fint *root, fint *comm, fint *ierr);
void mpi_scatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                   fint *rtype, fint *root, fint *comm, fint *ierr);
void mpi_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                     fint *rtype, fint *comm, fint *ierr);
void mpi_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                    fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr);
void mpi_reduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                         fint *ierr);
void mpi_reduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                               fint *comm, fint *ierr);
void mpi_ibarrier_(fint *comm, fint *req, fint *ierr);
void mpi_ibcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req, fint *ierr);
void mpi_iallreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *req, fint *ierr);
void mpi_waitany_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr);
void mpi_waitsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                   fint *ierr);
void mpi_testany_(fint *count, fint *reqs, fint *index, fint *flag, fint *status, fint *ierr);
void mpi_testsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                   fint *ierr);
void mpi_accumulate_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                     fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr);
void mpi_win_lock_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr);
void mpi_win_unlock_(fint *rank, fint *win, fint *ierr);
void mpi_file_read_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void mpi_file_write_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void mpi_file_read_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void mpi_file_write_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr);
void mpi_file_read_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                           fint *status, fint *ierr);
void mpi_file_write_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr);
void mpi_init_(fint *ierr);
void mpi_init_thread_(fint *required, fint *provided, fint *ierr);
void mpi_finalize_(fint *ierr);
void mpi_send_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void mpi_ssend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr);
void mpi_isend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                fint *ierr);
void mpi_recv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
               fint *status, fint *ierr);
void mpi_irecv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm, fint *req,
                fint *ierr);
void mpi_sendrecv_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                   fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm, fint *status,
                   fint *ierr);
void mpi_barrier_(fint *comm, fint *ierr);
void mpi_bcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr);
void mpi_reduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm,
                 fint *ierr);
void mpi_allreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                    fint *ierr);
void mpi_gather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                 fint *root, fint *comm, fint *ierr);
void mpi_scatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                  fint *root, fint *comm, fint *ierr);
void mpi_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *comm, fint *ierr);
void mpi_wait_(fint *req, fint *status, fint *ierr);
void mpi_waitall_(fint *count, fint *reqs, fint *statuses, fint *ierr);
void mpi_test_(fint *req, fint *flag, fint *status, fint *ierr);
void mpi_testall_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr);
void mpi_put_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
              fint *ttype, fint *win, fint *ierr);
void mpi_get_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
              fint *ttype, fint *win, fint *ierr);
void mpi_win_fence_(fint *assertion, fint *win, fint *ierr);
void mpi_file_open_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr,
                    size_t name_len);
void mpi_file_close_(fint *fh, fint *ierr);
void mpi_file_write_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                        fint *status, fint *ierr);
void mpi_file_read_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                       fint *status, fint *ierr);

void mpi_init_(fint *ierr)
{
	pmpi_init_(ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(MPI_THREAD_SINGLE);
}

void mpi_init_thread_(fint *required, fint *provided, fint *ierr)
{
	pmpi_init_thread_(required, provided, ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(*provided);
}

void mpi_finalize_(fint *ierr)
{
	mpi_profile_finish();
	pmpi_finalize_(ierr);
}

void mpi_send_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_send_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_ssend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_ssend_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_isend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_isend_(buf, count, type, dest, tag, comm, req, ierr));
}

void mpi_recv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
               fint *status, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_recv_(buf, count, type, source, tag, comm, status, ierr));
}

void mpi_irecv_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm, fint *req,
                fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_irecv_(buf, count, type, source, tag, comm, req, ierr));
}

void mpi_sendrecv_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                   fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm, fint *status,
                   fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, scount, stype) + fortran_bytes(ierr, rcount, rtype),
	              pmpi_sendrecv_(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source,
	                             rtag, comm, status, ierr));
}

void mpi_barrier_(fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, 0, pmpi_barrier_(comm, ierr));
}

void mpi_bcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_bcast_(buf, count, type, root, comm, ierr));
}

void mpi_reduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root, fint *comm,
                 fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_reduce_(sbuf, rbuf, count, type, op, root, comm, ierr));
}

void mpi_allreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                    fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_allreduce_(sbuf, rbuf, count, type, op, comm, ierr));
}

// In place (fortran_in_place), the root's own part is not counted, as in C.
void mpi_gather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                 fint *root, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_gather_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, ierr));
}

void mpi_scatter_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                  fint *root, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	              pmpi_scatter_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, ierr));
}

void mpi_allgather_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                    fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_allgather_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_wait_(fint *req, fint *status, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_wait_(req, status, ierr));
}

void mpi_waitall_(fint *count, fint *reqs, fint *statuses, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_waitall_(count, reqs, statuses, ierr));
}

void mpi_test_(fint *req, fint *flag, fint *status, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_test_(req, flag, status, ierr));
}

void mpi_testall_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_testall_(count, reqs, flag, statuses, ierr));
}

void mpi_put_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
              fint *ttype, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_put_(origin, ocount, otype, target, disp, tcount, ttype, win, ierr));
}

void mpi_get_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp, fint *tcount,
              fint *ttype, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_get_(origin, ocount, otype, target, disp, tcount, ttype, win, ierr));
}

void mpi_win_fence_(fint *assertion, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_fence_(assertion, win, ierr));
}

void mpi_file_open_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr,
                    size_t name_len)
{
	COUNTED_FCALL(IO, 0, pmpi_file_open_(comm, name, amode, info, fh, ierr, name_len));
}

void mpi_file_close_(fint *fh, fint *ierr)
{
	COUNTED_FCALL(IO, 0, pmpi_file_close_(fh, ierr));
}

void mpi_file_write_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                        fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_at_(fh, offset, buf, count, type, status, ierr));
}

void mpi_file_read_at_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                       fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_at_(fh, offset, buf, count, type, status, ierr));
}

// The rest of the C list, in the same order of classes.

void mpi_bsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_bsend_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_rsend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_rsend_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_issend_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm, fint *req,
                 fint *ierr)
{
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_issend_(buf, count, type, dest, tag, comm, req, ierr));
}

void mpi_sendrecv_replace_(void *buf, fint *count, fint *type, fint *dest, fint *stag, fint *source,
                           fint *rtag, fint *comm, fint *status, fint *ierr)
{
	COUNTED_FCALL(
	    P2P, 2 * fortran_bytes(ierr, count, type),
	    pmpi_sendrecv_replace_(buf, count, type, dest, stag, source, rtag, comm, status, ierr));
}

void mpi_scan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_scan_(sbuf, rbuf, count, type, op, comm, ierr));
}

void mpi_exscan_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_exscan_(sbuf, rbuf, count, type, op, comm, ierr));
}

void mpi_alltoall_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                   fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : fortran_bytes(ierr, scount, stype) * fortran_peers(ierr, comm),
	              pmpi_alltoall_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_gatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                  fint *rtype, fint *root, fint *comm, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_gatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, ierr));
}

void mpi_scatterv_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf, fint *rcount,
                   fint *rtype, fint *root, fint *comm, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	    pmpi_scatterv_(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, ierr));
}

void mpi_allgatherv_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts, fint *displs,
                     fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_allgatherv_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, ierr));
}

void mpi_alltoallv_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                    fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf) ? 0 : fortran_counts_bytes(ierr, scounts, comm, stype),
	              pmpi_alltoallv_(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype,
	                              comm, ierr));
}

void mpi_reduce_scatter_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op, fint *comm,
                         fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_counts_bytes(ierr, rcounts, comm, type),
	              pmpi_reduce_scatter_(sbuf, rbuf, rcounts, type, op, comm, ierr));
}

void mpi_reduce_scatter_block_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                               fint *comm, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, rcount, type) * fortran_peers(ierr, comm),
	              pmpi_reduce_scatter_block_(sbuf, rbuf, rcount, type, op, comm, ierr));
}

void mpi_ibarrier_(fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, 0, pmpi_ibarrier_(comm, req, ierr));
}

void mpi_ibcast_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_ibcast_(buf, count, type, root, comm, req, ierr));
}

void mpi_iallreduce_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *req, fint *ierr)
{
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iallreduce_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

void mpi_waitany_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_waitany_(count, reqs, index, status, ierr));
}

void mpi_waitsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                   fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_waitsome_(incount, reqs, outcount, indices, statuses, ierr));
}

void mpi_testany_(fint *count, fint *reqs, fint *index, fint *flag, fint *status, fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_testany_(count, reqs, index, flag, status, ierr));
}

void mpi_testsome_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                   fint *ierr)
{
	COUNTED_FCALL(WAIT, 0, pmpi_testsome_(incount, reqs, outcount, indices, statuses, ierr));
}

void mpi_accumulate_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                     fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr)
{
	COUNTED_FCALL(
	    RMA, fortran_bytes(ierr, ocount, otype),
	    pmpi_accumulate_(origin, ocount, otype, target, disp, tcount, ttype, op, win, ierr));
}

void mpi_win_lock_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_lock_(lock_type, rank, assertion, win, ierr));
}

void mpi_win_unlock_(fint *rank, fint *win, fint *ierr)
{
	COUNTED_FCALL(RMA, 0, pmpi_win_unlock_(rank, win, ierr));
}

void mpi_file_read_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_(fh, buf, count, type, status, ierr));
}

void mpi_file_write_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_(fh, buf, count, type, status, ierr));
}

void mpi_file_read_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_all_(fh, buf, count, type, status, ierr));
}

void mpi_file_write_all_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_all_(fh, buf, count, type, status, ierr));
}

void mpi_file_read_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                           fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_at_all_(fh, offset, buf, count, type, status, ierr));
}

void mpi_file_write_at_all_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr)
{
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_at_all_(fh, offset, buf, count, type, status, ierr));
}
