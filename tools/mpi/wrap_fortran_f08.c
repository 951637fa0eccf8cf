// SPDX-License-Identifier: BSD-3-Clause
// The mpi_f08 module's entry points of Open MPI (mpi_send_f08_, ...): its
// bindings call PMPI_* in C, so neither wrap_c.c nor the mpif.h wrappers
// see an mpi_f08 program's calls. MPICH's mpi_f08 calls MPI_* (counted by
// wrap_c.c), so this file is Open MPI's only. Each wrapper passes the call
// to its pmpi_*_f08_ twin in libmpi_usempif08, which only a program using
// mpi_f08 loads: the twins are weak references, resolved by that program
// (the tool does not pull the f08 library into the others). ierror is
// optional in mpi_f08: absent, it comes as a null pointer.
// Under MPICH's mpi_f08 the tool writes no report yet (doc/mpi.md).
#include "wrap_fortran.h"

#include <stddef.h>

#if defined(OPEN_MPI)

// The implementation's mpi_f08 profiling entry points.
void pmpi_init_f08_(fint *ierr) __attribute__((weak));
void pmpi_init_thread_f08_(fint *required, fint *provided, fint *ierr) __attribute__((weak));
void pmpi_finalize_f08_(fint *ierr) __attribute__((weak));
void pmpi_file_open_f08_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr,
                         size_t name_len) __attribute__((weak));
void pmpi_send_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr) __attribute__((weak));
void pmpi_ssend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *ierr) __attribute__((weak));
void pmpi_isend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *req, fint *ierr) __attribute__((weak));
void pmpi_recv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                    fint *status, fint *ierr) __attribute__((weak));
void pmpi_irecv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                     fint *req, fint *ierr) __attribute__((weak));
void pmpi_sendrecv_f08_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                        fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm,
                        fint *status, fint *ierr) __attribute__((weak));
void pmpi_barrier_f08_(fint *comm, fint *ierr) __attribute__((weak));
void pmpi_bcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_reduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                      fint *comm, fint *ierr) __attribute__((weak));
void pmpi_allreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                         fint *ierr) __attribute__((weak));
void pmpi_gather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *root, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_scatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *root, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                         fint *rtype, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_wait_f08_(fint *req, fint *status, fint *ierr) __attribute__((weak));
void pmpi_waitall_f08_(fint *count, fint *reqs, fint *statuses, fint *ierr) __attribute__((weak));
void pmpi_test_f08_(fint *req, fint *flag, fint *status, fint *ierr) __attribute__((weak));
void pmpi_testall_f08_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr)
    __attribute__((weak));
void pmpi_put_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                   fint *tcount, fint *ttype, fint *win, fint *ierr) __attribute__((weak));
void pmpi_get_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                   fint *tcount, fint *ttype, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_fence_f08_(fint *assertion, fint *win, fint *ierr) __attribute__((weak));
void pmpi_file_close_f08_(fint *fh, fint *ierr) __attribute__((weak));
void pmpi_file_write_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *status, fint *ierr) __attribute__((weak));
void pmpi_file_read_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr) __attribute__((weak));
void pmpi_bsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *ierr) __attribute__((weak));
void pmpi_rsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *ierr) __attribute__((weak));
void pmpi_issend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                      fint *req, fint *ierr) __attribute__((weak));
void pmpi_sendrecv_replace_f08_(void *buf, fint *count, fint *type, fint *dest, fint *stag,
                                fint *source, fint *rtag, fint *comm, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_scan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                    fint *ierr) __attribute__((weak));
void pmpi_exscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                      fint *ierr) __attribute__((weak));
void pmpi_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_gatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                       fint *displs, fint *rtype, fint *root, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_scatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                        fint *rcount, fint *rtype, fint *root, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                          fint *displs, fint *rtype, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_reduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                              fint *comm, fint *ierr) __attribute__((weak));
void pmpi_reduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                    fint *comm, fint *ierr) __attribute__((weak));
void pmpi_ibarrier_f08_(fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_ibcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req,
                      fint *ierr) __attribute__((weak));
void pmpi_iallreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                          fint *req, fint *ierr) __attribute__((weak));
void pmpi_waitany_f08_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_waitsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                        fint *ierr) __attribute__((weak));
void pmpi_testany_f08_(fint *count, fint *reqs, fint *index, fint *flag, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_testsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                        fint *ierr) __attribute__((weak));
void pmpi_accumulate_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                          fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr)
    __attribute__((weak));
void pmpi_win_lock_f08_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr)
    __attribute__((weak));
void pmpi_win_unlock_f08_(fint *rank, fint *win, fint *ierr) __attribute__((weak));
void pmpi_file_read_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_file_write_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_file_read_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status, fint *ierr)
    __attribute__((weak));
void pmpi_file_write_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                              fint *ierr) __attribute__((weak));
void pmpi_file_read_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                fint *status, fint *ierr) __attribute__((weak));
void pmpi_file_write_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                 fint *status, fint *ierr) __attribute__((weak));
void pmpi_igatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                        fint *displs, fint *rtype, fint *root, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_iscatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                         fint *rcount, fint *rtype, fint *root, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_iallgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                           fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_ialltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                          fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                          fint *ierr) __attribute__((weak));
void pmpi_alltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_ialltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                          fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req,
                          fint *ierr) __attribute__((weak));
void pmpi_ireduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                               fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_ireduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                     fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_iscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *req, fint *ierr) __attribute__((weak));
void pmpi_iexscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                       fint *req, fint *ierr) __attribute__((weak));
void pmpi_igather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *root, fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_iscatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *root, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_iallgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                          fint *rtype, fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_ialltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                         fint *rtype, fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_ireduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                       fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_neighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                  fint *rtype, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_neighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                   fint *displs, fint *rtype, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_neighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                 fint *rtype, fint *comm, fint *ierr) __attribute__((weak));
void pmpi_neighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                                  fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr)
    __attribute__((weak));
void pmpi_neighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                  void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                  fint *comm, fint *ierr) __attribute__((weak));
void pmpi_ineighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                   fint *rtype, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_ineighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf,
                                    fint *rcounts, fint *displs, fint *rtype, fint *comm, fint *req,
                                    fint *ierr) __attribute__((weak));
void pmpi_ineighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                  fint *rtype, fint *comm, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_ineighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype,
                                   void *rbuf, fint *rcounts, fint *rdispls, fint *rtype,
                                   fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_ineighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                   void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                   fint *comm, fint *req, fint *ierr) __attribute__((weak));
void pmpi_send_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr) __attribute__((weak));
void pmpi_bsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                          fint *req, fint *ierr) __attribute__((weak));
void pmpi_ssend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                          fint *req, fint *ierr) __attribute__((weak));
void pmpi_rsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                          fint *req, fint *ierr) __attribute__((weak));
void pmpi_recv_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr) __attribute__((weak));
void pmpi_start_f08_(fint *req, fint *ierr) __attribute__((weak));
void pmpi_startall_f08_(fint *count, fint *reqs, fint *ierr) __attribute__((weak));
void pmpi_get_accumulate_f08_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                              fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                              fint *op, fint *win, fint *ierr) __attribute__((weak));
void pmpi_fetch_and_op_f08_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                            fint *op, fint *win, fint *ierr) __attribute__((weak));
void pmpi_compare_and_swap_f08_(void *origin, void *compare, void *result, fint *type, fint *target,
                                MPI_Aint *disp, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_flush_f08_(fint *rank, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_flush_all_f08_(fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_flush_local_f08_(fint *rank, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_flush_local_all_f08_(fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_post_f08_(fint *group, fint *assertion, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_start_f08_(fint *group, fint *assertion, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_complete_f08_(fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_wait_f08_(fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_test_f08_(fint *win, fint *flag, fint *ierr) __attribute__((weak));
void pmpi_win_lock_all_f08_(fint *assertion, fint *win, fint *ierr) __attribute__((weak));
void pmpi_win_unlock_all_f08_(fint *win, fint *ierr) __attribute__((weak));
void pmpi_file_iread_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_file_iwrite_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_file_iread_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_file_iwrite_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr)
    __attribute__((weak));
void pmpi_file_iread_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                 fint *ierr) __attribute__((weak));
void pmpi_file_iwrite_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                  fint *ierr) __attribute__((weak));
void pmpi_file_iread_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr) __attribute__((weak));
void pmpi_file_iwrite_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                              fint *req, fint *ierr) __attribute__((weak));
void pmpi_file_iread_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                 fint *req, fint *ierr) __attribute__((weak));
void pmpi_file_iwrite_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                  fint *req, fint *ierr) __attribute__((weak));

// Our definitions, declared first for -Wmissing-prototypes.
void mpi_init_f08_(fint *ierr_given);
void mpi_init_thread_f08_(fint *required, fint *provided, fint *ierr_given);
void mpi_finalize_f08_(fint *ierr_given);
void mpi_file_open_f08_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr_given,
                        size_t name_len);
void mpi_send_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                   fint *ierr_given);
void mpi_ssend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given);
void mpi_isend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *req, fint *ierr_given);
void mpi_recv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                   fint *status, fint *ierr_given);
void mpi_irecv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                    fint *req, fint *ierr_given);
void mpi_sendrecv_f08_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                       fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm,
                       fint *status, fint *ierr_given);
void mpi_barrier_f08_(fint *comm, fint *ierr_given);
void mpi_bcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr_given);
void mpi_reduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                     fint *comm, fint *ierr_given);
void mpi_allreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                        fint *ierr_given);
void mpi_gather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *root, fint *comm, fint *ierr_given);
void mpi_scatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *root, fint *comm, fint *ierr_given);
void mpi_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *comm, fint *ierr_given);
void mpi_wait_f08_(fint *req, fint *status, fint *ierr_given);
void mpi_waitall_f08_(fint *count, fint *reqs, fint *statuses, fint *ierr_given);
void mpi_test_f08_(fint *req, fint *flag, fint *status, fint *ierr_given);
void mpi_testall_f08_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr_given);
void mpi_put_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                  fint *tcount, fint *ttype, fint *win, fint *ierr_given);
void mpi_get_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                  fint *tcount, fint *ttype, fint *win, fint *ierr_given);
void mpi_win_fence_f08_(fint *assertion, fint *win, fint *ierr_given);
void mpi_file_close_f08_(fint *fh, fint *ierr_given);
void mpi_file_write_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr_given);
void mpi_file_read_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                           fint *status, fint *ierr_given);
void mpi_bsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given);
void mpi_rsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given);
void mpi_issend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *req, fint *ierr_given);
void mpi_sendrecv_replace_f08_(void *buf, fint *count, fint *type, fint *dest, fint *stag,
                               fint *source, fint *rtag, fint *comm, fint *status,
                               fint *ierr_given);
void mpi_scan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                   fint *ierr_given);
void mpi_exscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *ierr_given);
void mpi_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *comm, fint *ierr_given);
void mpi_gatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                      fint *displs, fint *rtype, fint *root, fint *comm, fint *ierr_given);
void mpi_scatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                       fint *rcount, fint *rtype, fint *root, fint *comm, fint *ierr_given);
void mpi_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                         fint *displs, fint *rtype, fint *comm, fint *ierr_given);
void mpi_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                        fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr_given);
void mpi_reduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                             fint *comm, fint *ierr_given);
void mpi_reduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                   fint *comm, fint *ierr_given);
void mpi_ibarrier_f08_(fint *comm, fint *req, fint *ierr_given);
void mpi_ibcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req,
                     fint *ierr_given);
void mpi_iallreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                         fint *req, fint *ierr_given);
void mpi_waitany_f08_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr_given);
void mpi_waitsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                       fint *ierr_given);
void mpi_testany_f08_(fint *count, fint *reqs, fint *index, fint *flag, fint *status,
                      fint *ierr_given);
void mpi_testsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                       fint *ierr_given);
void mpi_accumulate_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                         fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr_given);
void mpi_win_lock_f08_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr_given);
void mpi_win_unlock_f08_(fint *rank, fint *win, fint *ierr_given);
void mpi_file_read_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                        fint *ierr_given);
void mpi_file_write_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                         fint *ierr_given);
void mpi_file_read_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                            fint *ierr_given);
void mpi_file_write_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                             fint *ierr_given);
void mpi_file_read_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                               fint *status, fint *ierr_given);
void mpi_file_write_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                fint *status, fint *ierr_given);
void mpi_igatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                       fint *displs, fint *rtype, fint *root, fint *comm, fint *req,
                       fint *ierr_given);
void mpi_iscatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                        fint *rcount, fint *rtype, fint *root, fint *comm, fint *req,
                        fint *ierr_given);
void mpi_iallgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                          fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr_given);
void mpi_ialltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                         fint *ierr_given);
void mpi_alltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                        fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr_given);
void mpi_ialltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req,
                         fint *ierr_given);
void mpi_ireduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                              fint *comm, fint *req, fint *ierr_given);
void mpi_ireduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                    fint *comm, fint *req, fint *ierr_given);
void mpi_iscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                    fint *req, fint *ierr_given);
void mpi_iexscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                      fint *req, fint *ierr_given);
void mpi_igather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *root, fint *comm, fint *req, fint *ierr_given);
void mpi_iscatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *root, fint *comm, fint *req, fint *ierr_given);
void mpi_iallgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                         fint *rtype, fint *comm, fint *req, fint *ierr_given);
void mpi_ialltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *comm, fint *req, fint *ierr_given);
void mpi_ireduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                      fint *comm, fint *req, fint *ierr_given);
void mpi_neighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                 fint *rtype, fint *comm, fint *ierr_given);
void mpi_neighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                  fint *displs, fint *rtype, fint *comm, fint *ierr_given);
void mpi_neighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                fint *rtype, fint *comm, fint *ierr_given);
void mpi_neighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                                 fint *rcounts, fint *rdispls, fint *rtype, fint *comm,
                                 fint *ierr_given);
void mpi_neighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                 void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                 fint *comm, fint *ierr_given);
void mpi_ineighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                  fint *rtype, fint *comm, fint *req, fint *ierr_given);
void mpi_ineighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                   fint *displs, fint *rtype, fint *comm, fint *req,
                                   fint *ierr_given);
void mpi_ineighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                 fint *rtype, fint *comm, fint *req, fint *ierr_given);
void mpi_ineighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                                  fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                                  fint *ierr_given);
void mpi_ineighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                  void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                  fint *comm, fint *req, fint *ierr_given);
void mpi_send_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                        fint *req, fint *ierr_given);
void mpi_bsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given);
void mpi_ssend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given);
void mpi_rsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given);
void mpi_recv_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                        fint *req, fint *ierr_given);
void mpi_start_f08_(fint *req, fint *ierr_given);
void mpi_startall_f08_(fint *count, fint *reqs, fint *ierr_given);
void mpi_get_accumulate_f08_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                             fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                             fint *op, fint *win, fint *ierr_given);
void mpi_fetch_and_op_f08_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                           fint *op, fint *win, fint *ierr_given);
void mpi_compare_and_swap_f08_(void *origin, void *compare, void *result, fint *type, fint *target,
                               MPI_Aint *disp, fint *win, fint *ierr_given);
void mpi_win_flush_f08_(fint *rank, fint *win, fint *ierr_given);
void mpi_win_flush_all_f08_(fint *win, fint *ierr_given);
void mpi_win_flush_local_f08_(fint *rank, fint *win, fint *ierr_given);
void mpi_win_flush_local_all_f08_(fint *win, fint *ierr_given);
void mpi_win_post_f08_(fint *group, fint *assertion, fint *win, fint *ierr_given);
void mpi_win_start_f08_(fint *group, fint *assertion, fint *win, fint *ierr_given);
void mpi_win_complete_f08_(fint *win, fint *ierr_given);
void mpi_win_wait_f08_(fint *win, fint *ierr_given);
void mpi_win_test_f08_(fint *win, fint *flag, fint *ierr_given);
void mpi_win_lock_all_f08_(fint *assertion, fint *win, fint *ierr_given);
void mpi_win_unlock_all_f08_(fint *win, fint *ierr_given);
void mpi_file_iread_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr_given);
void mpi_file_iwrite_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                          fint *ierr_given);
void mpi_file_iread_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                             fint *ierr_given);
void mpi_file_iwrite_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                              fint *ierr_given);
void mpi_file_iread_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                fint *ierr_given);
void mpi_file_iwrite_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                 fint *ierr_given);
void mpi_file_iread_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *req, fint *ierr_given);
void mpi_file_iwrite_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr_given);
void mpi_file_iread_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                fint *req, fint *ierr_given);
void mpi_file_iwrite_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                 fint *req, fint *ierr_given);

void mpi_init_f08_(fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	pmpi_init_f08_(ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(MPI_THREAD_SINGLE);
}

void mpi_init_thread_f08_(fint *required, fint *provided, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	pmpi_init_thread_f08_(required, provided, ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(*provided);
}

void mpi_finalize_f08_(fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	mpi_profile_finish();
	pmpi_finalize_f08_(ierr);
}

void mpi_file_open_f08_(fint *comm, char *name, fint *amode, fint *info, fint *fh, fint *ierr_given,
                        size_t name_len)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, 0, pmpi_file_open_f08_(comm, name, amode, info, fh, ierr, name_len));
}

void mpi_send_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                   fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_send_f08_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_ssend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_ssend_f08_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_isend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_isend_f08_(buf, count, type, dest, tag, comm, req, ierr));
}

void mpi_recv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                   fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_recv_f08_(buf, count, type, source, tag, comm, status, ierr));
}

void mpi_irecv_f08_(void *buf, fint *count, fint *type, fint *source, fint *tag, fint *comm,
                    fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_irecv_f08_(buf, count, type, source, tag, comm, req, ierr));
}

void mpi_sendrecv_f08_(void *sbuf, fint *scount, fint *stype, fint *dest, fint *stag, void *rbuf,
                       fint *rcount, fint *rtype, fint *source, fint *rtag, fint *comm,
                       fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, scount, stype) + fortran_bytes(ierr, rcount, rtype),
	              pmpi_sendrecv_f08_(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype,
	                                 source, rtag, comm, status, ierr));
}

void mpi_barrier_f08_(fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, 0, pmpi_barrier_f08_(comm, ierr));
}

void mpi_bcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_bcast_f08_(buf, count, type, root, comm, ierr));
}

void mpi_reduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                     fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_reduce_f08_(sbuf, rbuf, count, type, op, root, comm, ierr));
}

void mpi_allreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                        fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_allreduce_f08_(sbuf, rbuf, count, type, op, comm, ierr));
}

void mpi_gather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                     fint *root, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_gather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, ierr));
}

void mpi_scatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *root, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	    pmpi_scatter_f08_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, ierr));
}

void mpi_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_allgather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_wait_f08_(fint *req, fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_wait_f08_(req, status, ierr));
}

void mpi_waitall_f08_(fint *count, fint *reqs, fint *statuses, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_waitall_f08_(count, reqs, statuses, ierr));
}

void mpi_test_f08_(fint *req, fint *flag, fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_test_f08_(req, flag, status, ierr));
}

void mpi_testall_f08_(fint *count, fint *reqs, fint *flag, fint *statuses, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_testall_f08_(count, reqs, flag, statuses, ierr));
}

void mpi_put_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                  fint *tcount, fint *ttype, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_put_f08_(origin, ocount, otype, target, disp, tcount, ttype, win, ierr));
}

void mpi_get_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                  fint *tcount, fint *ttype, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_get_f08_(origin, ocount, otype, target, disp, tcount, ttype, win, ierr));
}

void mpi_win_fence_f08_(fint *assertion, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_fence_f08_(assertion, win, ierr));
}

void mpi_file_close_f08_(fint *fh, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, 0, pmpi_file_close_f08_(fh, ierr));
}

void mpi_file_write_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_at_f08_(fh, offset, buf, count, type, status, ierr));
}

void mpi_file_read_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                           fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_at_f08_(fh, offset, buf, count, type, status, ierr));
}

void mpi_bsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_bsend_f08_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_rsend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                    fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_rsend_f08_(buf, count, type, dest, tag, comm, ierr));
}

void mpi_issend_f08_(void *buf, fint *count, fint *type, fint *dest, fint *tag, fint *comm,
                     fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_issend_f08_(buf, count, type, dest, tag, comm, req, ierr));
}

void mpi_sendrecv_replace_f08_(void *buf, fint *count, fint *type, fint *dest, fint *stag,
                               fint *source, fint *rtag, fint *comm, fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, 2 * fortran_bytes(ierr, count, type),
	              pmpi_sendrecv_replace_f08_(buf, count, type, dest, stag, source, rtag, comm,
	                                         status, ierr));
}

void mpi_scan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                   fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_scan_f08_(sbuf, rbuf, count, type, op, comm, ierr));
}

void mpi_exscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                     fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_exscan_f08_(sbuf, rbuf, count, type, op, comm, ierr));
}

void mpi_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : fortran_bytes(ierr, scount, stype) * fortran_peers(ierr, comm),
	              pmpi_alltoall_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_gatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                      fint *displs, fint *rtype, fint *root, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_gatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, ierr));
}

void mpi_scatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                       fint *rcount, fint *rtype, fint *root, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	              pmpi_scatterv_f08_(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root,
	                                 comm, ierr));
}

void mpi_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                         fint *displs, fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_allgatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, ierr));
}

void mpi_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                        fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf) ? 0 : fortran_counts_bytes(ierr, scounts, comm, stype),
	              pmpi_alltoallv_f08_(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls,
	                                  rtype, comm, ierr));
}

void mpi_reduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                             fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_counts_bytes(ierr, rcounts, comm, type),
	              pmpi_reduce_scatter_f08_(sbuf, rbuf, rcounts, type, op, comm, ierr));
}

void mpi_reduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                   fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, rcount, type) * fortran_peers(ierr, comm),
	              pmpi_reduce_scatter_block_f08_(sbuf, rbuf, rcount, type, op, comm, ierr));
}

void mpi_ibarrier_f08_(fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, 0, pmpi_ibarrier_f08_(comm, req, ierr));
}

void mpi_ibcast_f08_(void *buf, fint *count, fint *type, fint *root, fint *comm, fint *req,
                     fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_ibcast_f08_(buf, count, type, root, comm, req, ierr));
}

void mpi_iallreduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                         fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iallreduce_f08_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

void mpi_waitany_f08_(fint *count, fint *reqs, fint *index, fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_waitany_f08_(count, reqs, index, status, ierr));
}

void mpi_waitsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                       fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0,
	              pmpi_waitsome_f08_(incount, reqs, outcount, indices, statuses, ierr));
}

void mpi_testany_f08_(fint *count, fint *reqs, fint *index, fint *flag, fint *status,
                      fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0, pmpi_testany_f08_(count, reqs, index, flag, status, ierr));
}

void mpi_testsome_f08_(fint *incount, fint *reqs, fint *outcount, fint *indices, fint *statuses,
                       fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(WAIT, 0,
	              pmpi_testsome_f08_(incount, reqs, outcount, indices, statuses, ierr));
}

void mpi_accumulate_f08_(void *origin, fint *ocount, fint *otype, fint *target, MPI_Aint *disp,
                         fint *tcount, fint *ttype, fint *op, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_accumulate_f08_(origin, ocount, otype, target, disp, tcount, ttype, op,
	                                   win, ierr));
}

void mpi_win_lock_f08_(fint *lock_type, fint *rank, fint *assertion, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_lock_f08_(lock_type, rank, assertion, win, ierr));
}

void mpi_win_unlock_f08_(fint *rank, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_unlock_f08_(rank, win, ierr));
}

void mpi_file_read_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                        fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_f08_(fh, buf, count, type, status, ierr));
}

void mpi_file_write_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                         fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_f08_(fh, buf, count, type, status, ierr));
}

void mpi_file_read_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                            fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_all_f08_(fh, buf, count, type, status, ierr));
}

void mpi_file_write_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *status,
                             fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_all_f08_(fh, buf, count, type, status, ierr));
}

void mpi_file_read_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                               fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_read_at_all_f08_(fh, offset, buf, count, type, status, ierr));
}

void mpi_file_write_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                fint *status, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_write_at_all_f08_(fh, offset, buf, count, type, status, ierr));
}

void mpi_igatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                       fint *displs, fint *rtype, fint *root, fint *comm, fint *req,
                       fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_igatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root,
	                                 comm, req, ierr));
}

void mpi_iscatterv_f08_(void *sbuf, fint *scounts, fint *displs, fint *stype, void *rbuf,
                        fint *rcount, fint *rtype, fint *root, fint *comm, fint *req,
                        fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	              pmpi_iscatterv_f08_(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root,
	                                  comm, req, ierr));
}

void mpi_iallgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                          fint *displs, fint *rtype, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	              pmpi_iallgatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm,
	                                    req, ierr));
}

void mpi_ialltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                         fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf) ? 0 : fortran_counts_bytes(ierr, scounts, comm, stype),
	              pmpi_ialltoallv_f08_(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls,
	                                   rtype, comm, req, ierr));
}

void mpi_alltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                        fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : typed_counts_bytes(ierr, scounts, stypes, fortran_peers(ierr, comm)),
	              pmpi_alltoallw_f08_(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
	                                  rtypes, comm, ierr));
}

void mpi_ialltoallw_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stypes, void *rbuf,
                         fint *rcounts, fint *rdispls, fint *rtypes, fint *comm, fint *req,
                         fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              fortran_in_place(sbuf)
	                  ? 0
	                  : typed_counts_bytes(ierr, scounts, stypes, fortran_peers(ierr, comm)),
	              pmpi_ialltoallw_f08_(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
	                                   rtypes, comm, req, ierr));
}

void mpi_ireduce_scatter_f08_(void *sbuf, void *rbuf, fint *rcounts, fint *type, fint *op,
                              fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_counts_bytes(ierr, rcounts, comm, type),
	              pmpi_ireduce_scatter_f08_(sbuf, rbuf, rcounts, type, op, comm, req, ierr));
}

void mpi_ireduce_scatter_block_f08_(void *sbuf, void *rbuf, fint *rcount, fint *type, fint *op,
                                    fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, rcount, type) * fortran_peers(ierr, comm),
	    pmpi_ireduce_scatter_block_f08_(sbuf, rbuf, rcount, type, op, comm, req, ierr));
}

void mpi_iscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                    fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iscan_f08_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

void mpi_iexscan_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *comm,
                      fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_iexscan_f08_(sbuf, rbuf, count, type, op, comm, req, ierr));
}

void mpi_igather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                      fint *root, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_igather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr));
}

void mpi_iscatter_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount, fint *rtype,
                       fint *root, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(rbuf) ? 0 : fortran_bytes(ierr, rcount, rtype),
	    pmpi_iscatter_f08_(sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr));
}

void mpi_iallgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                         fint *rtype, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_in_place(sbuf) ? 0 : fortran_bytes(ierr, scount, stype),
	    pmpi_iallgather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ialltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                        fint *rtype, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL,
	    fortran_in_place(sbuf) ? 0
	                           : fortran_bytes(ierr, scount, stype) * fortran_peers(ierr, comm),
	    pmpi_ialltoall_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr));
}

void mpi_ireduce_f08_(void *sbuf, void *rbuf, fint *count, fint *type, fint *op, fint *root,
                      fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, count, type),
	              pmpi_ireduce_f08_(sbuf, rbuf, count, type, op, root, comm, req, ierr));
}

void mpi_neighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                 fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype),
	    pmpi_neighbor_allgather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_neighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                  fint *displs, fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype),
	              pmpi_neighbor_allgatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs,
	                                            rtype, comm, ierr));
}

void mpi_neighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                fint *rtype, fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    COLL, fortran_bytes(ierr, scount, stype) * out_neighbours(ierr, comm),
	    pmpi_neighbor_alltoall_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm, ierr));
}

void mpi_neighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                                 fint *rcounts, fint *rdispls, fint *rtype, fint *comm,
                                 fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              typed_counts_bytes_one(ierr, scounts, stype, out_neighbours(ierr, comm)),
	              pmpi_neighbor_alltoallv_f08_(sbuf, scounts, sdispls, stype, rbuf, rcounts,
	                                           rdispls, rtype, comm, ierr));
}

void mpi_neighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                 void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                 fint *comm, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, typed_counts_bytes(ierr, scounts, stypes, out_neighbours(ierr, comm)),
	              pmpi_neighbor_alltoallw_f08_(sbuf, scounts, sdispls, stypes, rbuf, rcounts,
	                                           rdispls, rtypes, comm, ierr));
}

void mpi_ineighbor_allgather_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                  fint *rtype, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype),
	              pmpi_ineighbor_allgather_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm,
	                                            req, ierr));
}

void mpi_ineighbor_allgatherv_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcounts,
                                   fint *displs, fint *rtype, fint *comm, fint *req,
                                   fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype),
	              pmpi_ineighbor_allgatherv_f08_(sbuf, scount, stype, rbuf, rcounts, displs,
	                                             rtype, comm, req, ierr));
}

void mpi_ineighbor_alltoall_f08_(void *sbuf, fint *scount, fint *stype, void *rbuf, fint *rcount,
                                 fint *rtype, fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, fortran_bytes(ierr, scount, stype) * out_neighbours(ierr, comm),
	              pmpi_ineighbor_alltoall_f08_(sbuf, scount, stype, rbuf, rcount, rtype, comm,
	                                           req, ierr));
}

void mpi_ineighbor_alltoallv_f08_(void *sbuf, fint *scounts, fint *sdispls, fint *stype, void *rbuf,
                                  fint *rcounts, fint *rdispls, fint *rtype, fint *comm, fint *req,
                                  fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL,
	              typed_counts_bytes_one(ierr, scounts, stype, out_neighbours(ierr, comm)),
	              pmpi_ineighbor_alltoallv_f08_(sbuf, scounts, sdispls, stype, rbuf, rcounts,
	                                            rdispls, rtype, comm, req, ierr));
}

void mpi_ineighbor_alltoallw_f08_(void *sbuf, fint *scounts, MPI_Aint *sdispls, fint *stypes,
                                  void *rbuf, fint *rcounts, MPI_Aint *rdispls, fint *rtypes,
                                  fint *comm, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(COLL, typed_counts_bytes(ierr, scounts, stypes, out_neighbours(ierr, comm)),
	              pmpi_ineighbor_alltoallw_f08_(sbuf, scounts, sdispls, stypes, rbuf, rcounts,
	                                            rdispls, rtypes, comm, req, ierr));
}

void mpi_send_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                        fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_send_init_f08_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_bsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_bsend_init_f08_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_ssend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_ssend_init_f08_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_rsend_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                         fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_rsend_init_f08_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_recv_init_f08_(void *buf, fint *count, fint *type, fint *peer, fint *tag, fint *comm,
                        fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, fortran_bytes(ierr, count, type),
	              pmpi_recv_init_f08_(buf, count, type, peer, tag, comm, req, ierr));
}

void mpi_start_f08_(fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, 0, pmpi_start_f08_(req, ierr));
}

void mpi_startall_f08_(fint *count, fint *reqs, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(P2P, 0, pmpi_startall_f08_(count, reqs, ierr));
}

void mpi_get_accumulate_f08_(void *origin, fint *ocount, fint *otype, void *result, fint *rcount,
                             fint *rtype, fint *target, MPI_Aint *disp, fint *tcount, fint *ttype,
                             fint *op, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, fortran_bytes(ierr, ocount, otype),
	              pmpi_get_accumulate_f08_(origin, ocount, otype, result, rcount, rtype, target,
	                                       disp, tcount, ttype, op, win, ierr));
}

void mpi_fetch_and_op_f08_(void *origin, void *result, fint *type, fint *target, MPI_Aint *disp,
                           fint *op, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, fortran_bytes(ierr, &one, type),
	              pmpi_fetch_and_op_f08_(origin, result, type, target, disp, op, win, ierr));
}

void mpi_compare_and_swap_f08_(void *origin, void *compare, void *result, fint *type, fint *target,
                               MPI_Aint *disp, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(
	    RMA, fortran_bytes(ierr, &one, type),
	    pmpi_compare_and_swap_f08_(origin, compare, result, type, target, disp, win, ierr));
}

void mpi_win_flush_f08_(fint *rank, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_f08_(rank, win, ierr));
}

void mpi_win_flush_all_f08_(fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_all_f08_(win, ierr));
}

void mpi_win_flush_local_f08_(fint *rank, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_local_f08_(rank, win, ierr));
}

void mpi_win_flush_local_all_f08_(fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_flush_local_all_f08_(win, ierr));
}

void mpi_win_post_f08_(fint *group, fint *assertion, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_post_f08_(group, assertion, win, ierr));
}

void mpi_win_start_f08_(fint *group, fint *assertion, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_start_f08_(group, assertion, win, ierr));
}

void mpi_win_complete_f08_(fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_complete_f08_(win, ierr));
}

void mpi_win_wait_f08_(fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_wait_f08_(win, ierr));
}

void mpi_win_test_f08_(fint *win, fint *flag, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_test_f08_(win, flag, ierr));
}

void mpi_win_lock_all_f08_(fint *assertion, fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_lock_all_f08_(assertion, win, ierr));
}

void mpi_win_unlock_all_f08_(fint *win, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(RMA, 0, pmpi_win_unlock_all_f08_(win, ierr));
}

void mpi_file_iread_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                             fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_all_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_all_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                              fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_all_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_shared_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iwrite_shared_f08_(fint *fh, void *buf, fint *count, fint *type, fint *req,
                                 fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_shared_f08_(fh, buf, count, type, req, ierr));
}

void mpi_file_iread_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                            fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_at_f08_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iwrite_at_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                             fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_at_f08_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iread_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iread_at_all_f08_(fh, offset, buf, count, type, req, ierr));
}

void mpi_file_iwrite_at_all_f08_(fint *fh, MPI_Offset *offset, void *buf, fint *count, fint *type,
                                 fint *req, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	COUNTED_FCALL(IO, fortran_bytes(ierr, count, type),
	              pmpi_file_iwrite_at_all_f08_(fh, offset, buf, count, type, req, ierr));
}

#endif
