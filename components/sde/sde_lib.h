// SPDX-License-Identifier: BSD-3-Clause
/* Software-defined events: the API a library uses to export its own counters
 * to PAPI tools (PAPI 7's sde_lib.h, same names, values and layouts).
 *
 * A library names itself once (papi_sde_init) and then exports counters:
 * variables it updates itself (papi_sde_register_counter), functions PAPI
 * calls at each read (papi_sde_register_counter_cb), counters libsde keeps
 * for it (papi_sde_create_counter, papi_sde_inc_counter), groups that
 * combine counters, recorders of values and counting sets. A tool reads them
 * as the native events "sde:::<library>::<counter>".
 *
 * Link with -lsde. Registration costs a little memory and works whether or
 * not a PAPI library is loaded or initialised in the process; the counters
 * show up in PAPI as soon as it looks. */
#ifndef PAPI_SDE_LIB_H
#define PAPI_SDE_LIB_H

#include <stddef.h>
#include <stdint.h>

#define PAPI_SDE_VERSION_NUMBER(major, minor) (((major) << 16) | (minor))
#define PAPI_SDE_VERSION                      PAPI_SDE_VERSION_NUMBER(1, 0)

/* Counter modes: one access bit ORed with one time bit. */
#define PAPI_SDE_RO      0x00 /* tools read the counter */
#define PAPI_SDE_RW      0x01 /* tools may also write it */
#define PAPI_SDE_DELTA   0x00 /* tools see what it counted since their start */
#define PAPI_SDE_INSTANT 0x10 /* tools see its current value */

/* Counter types: how the bits of the variable (or of a callback's result)
 * are read. PAPI hands doubles and floats back as the bits of a double in
 * its long long (GET_DOUBLE_SDE below). */
#define PAPI_SDE_long_long 0x0
#define PAPI_SDE_int       0x1
#define PAPI_SDE_double    0x2
#define PAPI_SDE_float     0x3

/* How a group's value combines its members'. */
#define PAPI_SDE_SUM 0x0
#define PAPI_SDE_MAX 0x1
#define PAPI_SDE_MIN 0x2

/* Return codes, equal to PAPI's codes of the same meaning. */
#define SDE_OK      0
#define SDE_EINVAL  -1
#define SDE_ENOMEM  -2
#define SDE_ECMP    -4
#define SDE_ENOEVNT -7

/* Older spellings kept by PAPI 7. */
#define register_fp_counter           register_counter_cb
#define papi_sde_register_fp_counter  papi_sde_register_counter_cb
#define destroy_counter               unregister_counter
#define destroy_counting_set          unregister_counter
#define papi_sde_destroy_counter      papi_sde_unregister_counter
#define papi_sde_destroy_counting_set papi_sde_unregister_counter

/* The value PAPI read for a double or float counter, as that type. Through a
 * union rather than PAPI's pointer cast, which breaks strict aliasing (GCC
 * warns at -O2). */
#define GET_FLOAT_SDE(x)                                                                           \
	(((union {                                                                                 \
		 long long bits;                                                                   \
		 float value;                                                                      \
	 }){.bits = (x)})                                                                          \
	     .value)
#define GET_DOUBLE_SDE(x)                                                                          \
	(((union {                                                                                 \
		 long long bits;                                                                   \
		 double value;                                                                     \
	 }){.bits = (x)})                                                                          \
	     .value)
/* A recorder's value is the address of a copy of its records (the reader
 * frees it): GET_SDE_RECORDER_ADDRESS(value, double)[i]. */
#define GET_SDE_RECORDER_ADDRESS(x, record_type) ((record_type *)(x))

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

/* One distinct element of a counting set, as a read of the set returns it:
 * a list in one block of memory, which the reader frees with free() on the
 * first element. */
typedef struct cset_list_object_s cset_list_object_t;
struct cset_list_object_s {
	uint32_t count;   /* how many times it is in the set */
	uint32_t type_id; /* the type_id it was inserted with */
	size_t type_size; /* bytes at ptr */
	void *ptr;        /* a copy of the element */
	cset_list_object_t *next;
};

typedef long long int (*papi_sde_fptr_t)(void *);
typedef int (*papi_sde_cmpr_fptr_t)(void *);
typedef void *papi_handle_t;

/* The API as a table, for papi_sde_hook_list_events. */
typedef struct papi_sde_fptr_struct_s {
	papi_handle_t (*init)(const char *lib_name);
	int (*shutdown)(papi_handle_t handle);
	int (*register_counter)(papi_handle_t handle, const char *event_name, int mode, int type,
	                        void *counter);
	int (*register_counter_cb)(papi_handle_t handle, const char *event_name, int mode, int type,
	                           papi_sde_fptr_t callback, void *param);
	int (*unregister_counter)(papi_handle_t handle, const char *event_name);
	int (*describe_counter)(papi_handle_t handle, const char *event_name,
	                        const char *event_description);
	int (*add_counter_to_group)(papi_handle_t handle, const char *event_name,
	                            const char *group_name, uint32_t group_flags);
	int (*create_counter)(papi_handle_t handle, const char *event_name, int cntr_type,
	                      void **cntr_handle);
	int (*inc_counter)(papi_handle_t cntr_handle, long long int increment);
	int (*create_recorder)(papi_handle_t handle, const char *event_name, size_t typesize,
	                       int (*cmpr_func_ptr)(const void *p1, const void *p2),
	                       void **record_handle);
	int (*create_counting_set)(papi_handle_t handle, const char *cset_name, void **cset_handle);
	int (*counting_set_insert)(void *cset_handle, size_t element_size, size_t hashable_size,
	                           const void *element, uint32_t type_id);
	int (*counting_set_remove)(void *cset_handle, size_t hashable_size, const void *element,
	                           uint32_t type_id);
	int (*record)(void *record_handle, size_t typesize, const void *value);
	int (*reset_recorder)(void *record_handle);
	int (*reset_counter)(void *cntr_handle);
	void *(*get_counter_handle)(papi_handle_t handle, const char *event_name);
} papi_sde_fptr_struct_t;

/* A library's handle for its name; the same name gives the same handle.
 * NULL only when out of memory or for an invalid name (empty, or holding
 * "::"); every function takes a NULL handle as a harmless no-op. */
papi_handle_t papi_sde_init(const char *name_of_library);
/* Withdraws all the library's counters: tools keep reading the values they
 * had then. */
int papi_sde_shutdown(papi_handle_t handle);

/* counter points at a variable of cntr_type that the library updates. */
int papi_sde_register_counter(papi_handle_t handle, const char *event_name, int cntr_mode,
                              int cntr_type, void *counter);
/* callback(param) gives the value's bits in a long long at each read. It runs
 * in the reading thread and must not call this API. */
int papi_sde_register_counter_cb(papi_handle_t handle, const char *event_name, int cntr_mode,
                                 int cntr_type, papi_sde_fptr_t callback, void *param);
int papi_sde_unregister_counter(void *handle, const char *event_name);
int papi_sde_describe_counter(papi_handle_t handle, const char *event_name,
                              const char *event_description);
/* A group is created by its first member; its value is the sum, maximum or
 * minimum of its members' (integer or floating members, not both). */
int papi_sde_add_counter_to_group(papi_handle_t handle, const char *event_name,
                                  const char *group_name, uint32_t group_flags);

/* A long long counter that libsde keeps: papi_sde_inc_counter is atomic, so
 * any number of threads may increment it. */
int papi_sde_create_counter(papi_handle_t handle, const char *event_name, int cntr_mode,
                            void **cntr_handle);
int papi_sde_inc_counter(void *cntr_handle, long long int increment);
int papi_sde_reset_counter(void *cntr_handle);
void *papi_sde_get_counter_handle(papi_handle_t handle, const char *event_name);

/* A recorder keeps every value recorded. Its events: <name> (the address of
 * a copy of all records), <name>:CNT (their number) and, with a comparison
 * function, <name>:MIN, :Q1, :MED, :Q3, :MAX (the address of a copy of that
 * record, 0 when there is none). The reader frees the copies. */
int papi_sde_create_recorder(papi_handle_t handle, const char *event_name, size_t typesize,
                             int (*cmpr_func_ptr)(const void *p1, const void *p2),
                             void **record_handle);
int papi_sde_record(void *record_handle, size_t typesize, const void *value);
int papi_sde_reset_recorder(void *record_handle);

/* A counting set counts equal elements: two elements are equal when their
 * first hashable_size bytes and their type_id are. Its event's value is the
 * address of a cset_list_object_t list (see above), 0 when empty. */
int papi_sde_create_counting_set(papi_handle_t handle, const char *cset_name, void **cset_handle);
int papi_sde_counting_set_insert(void *cset_handle, size_t element_size, size_t hashable_size,
                                 const void *element, uint32_t type_id);
int papi_sde_counting_set_remove(void *cset_handle, size_t hashable_size, const void *element,
                                 uint32_t type_id);

/* Comparison functions for recorders of these types. */
int papi_sde_compare_long_long(const void *p1, const void *p2);
int papi_sde_compare_int(const void *p1, const void *p2);
int papi_sde_compare_double(const void *p1, const void *p2);
int papi_sde_compare_float(const void *p1, const void *p2);

/* Defined by an SDE-enabled library (not by libsde): registers its events
 * through the table it is given, so that papi_native_avail -sde can list
 * them without running the library. */
papi_handle_t papi_sde_hook_list_events(papi_sde_fptr_struct_t *fptr_struct);

#define POPULATE_SDE_FPTR_STRUCT(table)                                                            \
	do {                                                                                       \
		(table).init = papi_sde_init;                                                      \
		(table).shutdown = papi_sde_shutdown;                                              \
		(table).register_counter = papi_sde_register_counter;                              \
		(table).register_counter_cb = papi_sde_register_counter_cb;                        \
		(table).unregister_counter = papi_sde_unregister_counter;                          \
		(table).describe_counter = papi_sde_describe_counter;                              \
		(table).add_counter_to_group = papi_sde_add_counter_to_group;                      \
		(table).create_counter = papi_sde_create_counter;                                  \
		(table).inc_counter = papi_sde_inc_counter;                                        \
		(table).create_recorder = papi_sde_create_recorder;                                \
		(table).create_counting_set = papi_sde_create_counting_set;                        \
		(table).counting_set_insert = papi_sde_counting_set_insert;                        \
		(table).counting_set_remove = papi_sde_counting_set_remove;                        \
		(table).record = papi_sde_record;                                                  \
		(table).reset_recorder = papi_sde_reset_recorder;                                  \
		(table).reset_counter = papi_sde_reset_counter;                                    \
		(table).get_counter_handle = papi_sde_get_counter_handle;                          \
	} while (0)

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif
