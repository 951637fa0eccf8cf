! SPDX-License-Identifier: BSD-3-Clause
! The Fortran twin of hl_ranks.c: high-level regions in an MPI program
! (mpif.h, the PAPIF_hl_* bindings of libpapi). Each rank marks "compute"
! once, with work growing with the rank, and "step" three times around an
! MPI_Allreduce. scripts/test-mpi checks the files the library writes.
program hl_ranks_fortran
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, check, failed, i
  double precision :: mine, total, x

  failed = 0
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call papif_hl_region_begin('compute', check)
  if (check /= 0) failed = failed + 1
  x = 0
  do i = 1, 2000000 * (rank + 1)
     x = x + i * 0.5d0
  end do
  call papif_hl_region_end('compute', check)
  if (check /= 0) failed = failed + 1
  do i = 1, 3
     mine = rank + x * 0
     call papif_hl_region_begin('step', check)
     if (check /= 0) failed = failed + 1
     call MPI_Allreduce(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
     call papif_hl_region_end('step', check)
     if (check /= 0) failed = failed + 1
  end do
  call papif_hl_stop(check)
  if (check /= 0) failed = failed + 1
  if (failed /= 0) write (*, '(a,i0,a,i0,a)') 'rank ', rank, ': ', failed, ' high-level calls failed'
  call MPI_Finalize(ierr)
  if (failed /= 0) stop 1
end program hl_ranks_fortran
