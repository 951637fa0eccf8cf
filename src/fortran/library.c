// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: the library's life cycle, threads, locks, debugging and error texts. */
#include "fortran/papif.h"

/* PAPIF_library_init(check): check carries the version in (PAPI_VER_CURRENT), the result out. */
PAPIF_ENTRY(library_init, LIBRARY_INIT, (int *check))
{
	*check = PAPI_library_init(*check);
}

PAPIF_ENTRY(is_initialized, IS_INITIALIZED, (int *level))
{
	*level = PAPI_is_initialized();
}

PAPIF_ENTRY(shutdown, SHUTDOWN, (void))
{
	PAPI_shutdown();
}

PAPIF_ENTRY(multiplex_init, MULTIPLEX_INIT, (int *check))
{
	*check = PAPI_multiplex_init();
}

/* id_fn: an EXTERNAL Fortran FUNCTION without arguments returning the thread's id. */
PAPIF_ENTRY(thread_init, THREAD_INIT, (unsigned long (*id_fn)(void), int *check))
{
	*check = PAPI_thread_init(id_fn);
}

PAPIF_ENTRY(thread_id, THREAD_ID, (unsigned long *id))
{
	*id = PAPI_thread_id();
}

PAPIF_ENTRY(register_thread, REGISTER_THREAD, (int *check))
{
	*check = PAPI_register_thread();
}

PAPIF_ENTRY(unregister_thread, UNREGISTER_THREAD, (int *check))
{
	*check = PAPI_unregister_thread();
}

/* PAPI 7.0 exports this entry point under this misspelt name; programs built for it call it. */
PAPIF_ENTRY(unregster_thread, UNREGSTER_THREAD, (int *check))
{
	*check = PAPI_unregister_thread();
}

PAPIF_ENTRY(set_debug, SET_DEBUG, (int *level, int *check))
{
	*check = PAPI_set_debug(*level);
}

PAPIF_ENTRY(lock, LOCK, (int *lock, int *check))
{
	*check = PAPI_lock(*lock);
}

PAPIF_ENTRY(unlock, UNLOCK, (int *lock, int *check))
{
	*check = PAPI_unlock(*lock);
}

/* PAPI_perror's contract is to print: the message, then the last error's text, on stderr. */
PAPIF_ENTRY(perror, PERROR, (const char *message, size_t message_len))
{
	char buf[PAPI_HUGE_STR_LEN];
	PAPI_perror(papif_string_in(message, message_len, buf, sizeof buf));
}

/* The text of an error code, blank-padded; check is PAPI_EINVAL for a code with no text. */
PAPIF_ENTRY(strerror, STRERROR, (int *code, char *text, int *check, size_t text_len))
{
	const char *found = PAPI_strerror(*code);
	papif_string_out(text, text_len, found);
	*check = found ? PAPI_OK : PAPI_EINVAL;
}

/* Papillon's extension: why the calling thread's last failing call failed (blank if none). */
PAPIF_ENTRY(strreason, STRREASON, (char *text, int *check, size_t text_len))
{
	papif_string_out(text, text_len, PAPI_strreason());
	*check = PAPI_OK;
}
