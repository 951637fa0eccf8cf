// SPDX-License-Identifier: BSD-3-Clause
/* Global native event codes. A native event is interned once, by name, with
 * the component that owns it; its PAPI code is PAPI_NATIVE_MASK | index.
 * Entries never move once created, so readers need no lock. */
#ifndef PAPILLON_NATIVE_TABLE_H
#define PAPILLON_NATIVE_TABLE_H

#include <stdint.h>

#include "papi.h"

struct native_entry {
	int cidx;
	uint64_t cursor; /* the component's enumeration position */
	char *name;
	void *encoding; /* resolved lazily, owned here */
	int resolve_status;
	char *failure; /* the reason of a failed resolution, told at every use */
};

/* Code of `name` in component cidx, interning it (encoding may be NULL, to be
 * resolved later). Takes ownership of encoding even on failure. A cursor from
 * enumeration is authoritative and replaces one found by name resolution, so
 * that enumeration continues from where it really is. */
int native_table_intern(int cidx, const char *name, uint64_t cursor, void *encoding, int *code);
int native_table_intern_enumerated(int cidx, const char *name, uint64_t cursor, int *code);
/* Code of a name the component lists but cannot encode as written (its
 * resolution failed with `listed` set): every use answers status, reason. */
int native_table_intern_failed(int cidx, const char *name, uint64_t cursor, int status,
                               const char *reason, int *code);
/* Code of an already interned name, or PAPI_ENOEVNT. */
int native_table_find(const char *name, int *code);
/* Entry of a native code, or NULL. */
struct native_entry *native_table_get(int code);
/* The component's encoding of a native code, resolving it on first use. */
int native_table_encoding(int code, const void **encoding);
/* Code of a native event by name: interned already, or resolved by the
 * first ready component that knows it (native_resolve.c). */
int native_code_of_name(const char *name, int *code);
/* PAPI_get_event_info's qualifiers of a native event (natives/qualifiers.c). */
void native_fill_qualifiers(const struct native_entry *entry, PAPI_event_info_t *info);
/* Releases every entry (at shutdown). */
void native_table_clear(void);

#endif
