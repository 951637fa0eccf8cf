// SPDX-License-Identifier: BSD-3-Clause
/* libsde's registry: libraries, their counters, one lock.
 *
 * One reader-writer lock guards the structure: registration, description
 * and unregistration write; PAPI's reads and listing read. Created counters
 * (atomic increments), recorders and counting sets (a mutex each) never take
 * it, so the library's hot paths do not contend with each other or with
 * registration. Nothing is ever freed: a handle a library holds stays valid
 * (see sde_registry.h on ids). */
#ifndef PAPILLON_SDE_LIB_INTERNAL_H
#define PAPILLON_SDE_LIB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sde_lib.h"
#include "sde_registry.h"

#define SDE_EXPORT __attribute__((visibility("default")))

enum sde_source {
	SDE_SOURCE_DECLARED, /* no variable or callback (listing only) */
	SDE_SOURCE_VARIABLE,
	SDE_SOURCE_CALLBACK,
	SDE_SOURCE_CREATED,
	SDE_SOURCE_GROUP,
	SDE_SOURCE_RECORDER,
	SDE_SOURCE_RECORDER_STATISTIC,
	SDE_SOURCE_COUNTING_SET,
};

struct sde_library;
struct sde_recorder;
struct sde_counting_set;

struct sde_counter {
	struct sde_library *library;
	char *name;
	char *description;
	int id;
	int mode; /* PAPI_SDE_RO/RW | PAPI_SDE_DELTA/INSTANT */
	int type; /* PAPI_SDE_long_long, ... */
	enum sde_source source;
	bool live;
	long long frozen; /* the raw value read when it was unregistered */
	union {
		void *variable;
		struct {
			papi_sde_fptr_t function;
			void *param;
		} callback;
		struct {
			struct sde_counter **members;
			int member_count;
			uint32_t combine; /* PAPI_SDE_SUM, _MAX, _MIN */
		} group;
		struct sde_recorder *recorder;
		struct {
			struct sde_recorder *recorder;
			int statistic; /* enum sde_recorder_statistic */
		} statistic;
		struct sde_counting_set *counting_set;
	} u;
	/* A created counter's value: outside the union, increments never
	 * look at anything else. */
	atomic_llong created;
	struct sde_counter *next_in_library;
};

struct sde_library {
	char *name;
	bool live;
	struct sde_counter *counters; /* newest first */
	struct sde_library *next;
};

/* The registry (sde_lib_registry.c). */
extern pthread_rwlock_t sde_registry_lock;
void sde_write_lock(void);
void sde_write_unlock(void);
void sde_read_lock(void);
void sde_read_unlock(void);

/* Under the write lock. */
struct sde_library *sde_library_find(const char *name);
struct sde_library *sde_library_add(const char *name);
/* The live libraries' names, ", "-separated (for messages). Under either lock. */
void sde_library_names(char *names, size_t names_len);
struct sde_counter *sde_counter_find(const struct sde_library *library, const char *name);
/* A new counter of library with no source (declared), or NULL (no memory). */
struct sde_counter *sde_counter_add(struct sde_library *library, const char *name);
/* The counter by id, or NULL. Under either lock. */
struct sde_counter *sde_counter_by_id(int id);
int sde_counter_count(void);
/* Gives counter (new or revived) its source: the common end of every
 * registration. Under the write lock. */
void sde_counter_attach(struct sde_counter *counter, enum sde_source source, int mode, int type);
/* Withdraws a live counter: keeps its last value. Under the write lock. */
void sde_counter_withdraw(struct sde_counter *counter);
/* A counter of library to register a source on, new or revived; NULL with
 * *status set when the name is taken by a live counter (SDE_OK: PAPI
 * ignores a second registration) or memory is short. Under the write lock. */
struct sde_counter *sde_counter_for_registration(struct sde_library *library, const char *name,
                                                 int *status);
bool sde_name_is_valid(const char *name);
bool sde_mode_is_valid(int mode);
bool sde_type_is_valid(int type);

/* Values (sde_lib_values.c), under the read lock. */
long long sde_counter_raw_value(const struct sde_counter *counter);
enum sde_value_kind sde_counter_kind(const struct sde_counter *counter);
const char *sde_source_name(enum sde_source source);

/* Recorders (sde_lib_recorder.c). */
enum sde_recorder_statistic {
	SDE_STATISTIC_COUNT,
	SDE_STATISTIC_MIN,
	SDE_STATISTIC_Q1,
	SDE_STATISTIC_MEDIAN,
	SDE_STATISTIC_Q3,
	SDE_STATISTIC_MAX,
};
long long sde_recorder_copy(struct sde_recorder *recorder);
long long sde_recorder_statistic(struct sde_recorder *recorder, int statistic);

/* Counting sets (sde_lib_counting_set.c). */
long long sde_counting_set_copy(struct sde_counting_set *set);

/* The registry's table for libpapi (sde_lib_export.c); hands it over to a
 * libpapi already loaded. */
void sde_offer_registry_to_papi(void);

#endif
