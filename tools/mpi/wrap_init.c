// SPDX-License-Identifier: BSD-3-Clause
// MPI_Init, MPI_Init_thread and MPI_Finalize in every binding: once MPI is
// initialised the tool starts counting (mpi_profile_start, with the
// thread level MPI provides); just before MPI is finalised it stops,
// gathers and writes the report. The counted calls are generated from
// wrapped_calls.tbl.
#include "wrap_fortran.h"

int MPI_Init(int *argc, char ***argv)
{
	int rc = PMPI_Init(argc, argv);
	if (rc == MPI_SUCCESS)
		mpi_profile_start(MPI_THREAD_SINGLE);
	return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
	int rc = PMPI_Init_thread(argc, argv, required, provided);
	if (rc == MPI_SUCCESS)
		mpi_profile_start(*provided);
	return rc;
}

int MPI_Finalize(void)
{
	mpi_profile_finish();
	return PMPI_Finalize();
}

// mpif.h and the mpi module.
void pmpi_init_(fint *ierr);
void pmpi_init_thread_(fint *required, fint *provided, fint *ierr);
void pmpi_finalize_(fint *ierr);
void mpi_init_(fint *ierr);
void mpi_init_thread_(fint *required, fint *provided, fint *ierr);
void mpi_finalize_(fint *ierr);

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

// mpi_f08, where wrap_fortran.h names the twins; ierror is optional.
#if defined(F08_TWIN)
void F08_TWIN(init)(fint *ierr) F08_TWIN_ATTRIBUTES;
void F08_TWIN(init_thread)(fint *required, fint *provided, fint *ierr) F08_TWIN_ATTRIBUTES;
void F08_TWIN(finalize)(fint *ierr) F08_TWIN_ATTRIBUTES;
void mpi_init_f08_(fint *ierr_given);
void mpi_init_thread_f08_(fint *required, fint *provided, fint *ierr_given);
void mpi_finalize_f08_(fint *ierr_given);

void mpi_init_f08_(fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	F08_TWIN(init)(ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(MPI_THREAD_SINGLE);
}

void mpi_init_thread_f08_(fint *required, fint *provided, fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	F08_TWIN(init_thread)(required, provided, ierr);
	if (*ierr == MPI_SUCCESS)
		mpi_profile_start(*provided);
}

void mpi_finalize_f08_(fint *ierr_given)
{
	fint absent, *ierr = ierr_given ? ierr_given : &absent;
	mpi_profile_finish();
	F08_TWIN(finalize)(ierr);
}
#endif
