// SPDX-License-Identifier: BSD-3-Clause
/* The contract between libsde, which holds the counters libraries register,
 * and the sde component in libpapi, which lists and reads them.
 *
 * libsde owns the registry so that a library can register before, after or
 * without any PAPI in the process. libpapi reaches it through one versioned
 * table of functions, found three ways (sde_link.c): a weak reference (both
 * linked into the program, statically or not), dlsym(RTLD_DEFAULT) (libsde
 * loaded later with RTLD_GLOBAL), or libsde handing its table over when a
 * library calls papi_sde_init while libpapi is already loaded (libsde
 * loaded RTLD_LOCAL as the dependency of a plugin).
 *
 * Counters are numbered by id, 0, 1, 2..., in registration order. An id is
 * never reused: a counter that is unregistered keeps its id (it reads the
 * value it had then, and is not listed), and registering the same library
 * and name again revives that id. So an id, once resolved, stays valid for
 * the life of the process. */
#ifndef PAPILLON_SDE_REGISTRY_H
#define PAPILLON_SDE_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#define SDE_REGISTRY_VERSION 1
/* Sizes of the strings a view holds (PAPI's event info sizes). */
#define SDE_NAME_MAX        1024
#define SDE_DESCRIPTION_MAX 1024

/* How a counter's raw values become what a tool reads. */
enum sde_value_kind {
	SDE_VALUE_INT64_DELTA,    /* integer, tools see the difference since start */
	SDE_VALUE_FP64_DELTA,     /* double bits, difference taken as doubles */
	SDE_VALUE_INT64_ABSOLUTE, /* integer of the moment (PAPI_SDE_INSTANT) */
	SDE_VALUE_FP64_ABSOLUTE,  /* double bits of the moment */
	SDE_VALUE_ADDRESS,        /* address of a copy the reader frees (recorders, sets) */
};

/* Whether two snapshots of such a counter are subtracted. */
static inline bool sde_value_kind_is_delta(enum sde_value_kind kind)
{
	return kind == SDE_VALUE_INT64_DELTA || kind == SDE_VALUE_FP64_DELTA;
}

static inline bool sde_value_kind_is_floating(enum sde_value_kind kind)
{
	return kind == SDE_VALUE_FP64_DELTA || kind == SDE_VALUE_FP64_ABSOLUTE;
}

/* What a tool may know of one counter. */
struct sde_counter_view {
	char library[SDE_NAME_MAX];
	char counter[SDE_NAME_MAX];
	char description[SDE_DESCRIPTION_MAX];
	int mode; /* PAPI_SDE_RO/RW | PAPI_SDE_DELTA/INSTANT */
	enum sde_value_kind kind;
	char source[32]; /* "variable", "callback", "created counter", "group", ... */
	/* false: declared without a variable or callback (as a library's
	 * papi_sde_hook_list_events does for listing): nothing to read. */
	bool readable;
	bool live; /* false once unregistered */
};

/* Flags of read. */
#define SDE_READ_DELTA_ONLY                                                                        \
	1u /* snapshot: read only counters that are subtracted, 0 for the rest */

struct sde_registry_ops {
	unsigned version; /* SDE_REGISTRY_VERSION */
	size_t size;      /* sizeof(struct sde_registry_ops) of the libsde that filled it */
	/* One past the highest id handed out so far. */
	int (*id_limit)(void);
	/* Fills view for id; false when no counter has that id. */
	bool (*describe)(int id, struct sde_counter_view *view);
	/* The id of library::counter, live or not; false when neither the
	 * library nor the counter was ever registered, with why in reason. */
	bool (*find)(const char *library, const char *counter, int *id, char *reason,
	             size_t reason_len);
	/* The current raw values of count counters into values, under one lock
	 * (a consistent snapshot of variables, created counters and groups).
	 * Unregistered counters read the value they had then. */
	void (*read)(const int *ids, int count, long long *values, unsigned flags);
};

/* libsde's table (a default-visibility symbol of libsde). */
const struct sde_registry_ops *papillon_sde_registry(void);

/* libpapi's entry (a default-visibility symbol of libpapi): libsde calls it
 * with its table from papi_sde_init, for libpapi to use when it could not
 * find the table itself. */
void papillon_sde_attach(const struct sde_registry_ops *ops);

#endif
