// SPDX-License-Identifier: BSD-3-Clause
/* The bad-input matrix: every row of bad_input.def (a public function, one
 * kind of bad argument, the exact result) is run here, from a clean
 * fixture, and checked for
 *   - the exact result of the row;
 *   - nothing leaked: the process's open fds are the same after the case,
 *     and, on a second pass over the matrix, the heap's bytes in use too
 *     (mallinfo2; under ASan, LeakSanitizer checks at exit instead);
 *   - nothing changed: a witness set counting perf::TASK-CLOCK runs through
 *     the whole matrix and must still be running, with a count between the
 *     floor and ceiling of this thread's CPU time.
 * Rows run in the phase their input names: before PAPI_library_init, in
 * the initialized library, from a thread that never registered, and after
 * PAPI_shutdown. doc/robustness.md's table is generated from the same file
 * (scripts/robustness-table), and tests/robustness/doc_in_sync.sh checks it. */
#include "ctest_util.h"

#include <malloc.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Results that are not error codes: a pointer-returning call returned
 * NULL, a void call returned (did not crash), a value-returning call gave
 * a result that is not an error code. */
enum { RESULT_NULL = 1000001, RESULT_VOID, RESULT_VALUE };

enum phase { BEFORE_INIT, INITIALIZED, FOREIGN_THREAD, AFTER_SHUTDOWN };

enum input_kind {
#define INPUT_KIND(kind, phase, description) KIND_##kind,
#include "bad_input.def"
#undef INPUT_KIND
	KIND_COUNT
};

static const struct {
	const char *name;
	enum phase phase;
} kinds[] = {
#define INPUT_KIND(kind, phase, description) {#kind, phase},
#include "bad_input.def"
#undef INPUT_KIND
};

/* The arguments of one call: a field is the valid default the adapter
 * names unless the row's input kind replaced it (its flag set). */
struct call_args {
	int set;
	int code;
	const char *name;
	bool ptr_null, ptr2_null;
	bool number_set, value_set, cidx_set, len_set;
	int number, cidx, len;
	long long value;
};

#define NUMBER(a, valid) ((a)->number_set ? (a)->number : (valid))
#define VALUE(a, valid)  ((a)->value_set ? (a)->value : (valid))
#define CIDX(a, valid)   ((a)->cidx_set ? (a)->cidx : (valid))
#define LEN(a, valid)    ((a)->len_set ? (a)->len : (valid))

/* Big enough for any out-argument of the API (PAPI_event_info_t is the
 * largest), zeroed before each case. */
static alignas(64) unsigned char buffer1[1 << 16], buffer2[1 << 16];
#define PTR(a)  ((a)->ptr_null ? NULL : (void *)buffer1)
#define PTR2(a) ((a)->ptr2_null ? NULL : (void *)buffer2)

static int pointer_result(const void *p)
{
	return p ? RESULT_VALUE : RESULT_NULL;
}

/* A value-returning call: its error code, or RESULT_VALUE. */
static int int_result(int rc)
{
	return rc < 0 ? rc : RESULT_VALUE;
}

/* --- adapters: one per function of the table ------------------------------ */

#define ADAPTER(fn) static int call_##fn(struct call_args *a)

ADAPTER(PAPI_library_init)
{
	return PAPI_library_init((int)VALUE(a, PAPI_VER_CURRENT));
}
ADAPTER(PAPI_is_initialized)
{
	(void)a;
	return int_result(PAPI_is_initialized());
}
ADAPTER(PAPI_shutdown)
{
	(void)a;
	PAPI_shutdown();
	return RESULT_VOID;
}
ADAPTER(PAPI_multiplex_init)
{
	(void)a;
	return PAPI_multiplex_init();
}
ADAPTER(PAPI_thread_init)
{
	return PAPI_thread_init(a->ptr_null ? NULL : (unsigned long (*)(void))pthread_self);
}
ADAPTER(PAPI_set_debug)
{
	return PAPI_set_debug((int)VALUE(a, PAPI_QUIET));
}
ADAPTER(PAPI_strerror)
{
	return pointer_result(PAPI_strerror((int)VALUE(a, PAPI_EINVAL)));
}
ADAPTER(PAPI_perror)
{
	PAPI_perror(a->ptr_null ? NULL : "bad_input_matrix");
	return RESULT_VOID;
}
ADAPTER(PAPI_thread_id)
{
	(void)a;
	/* PAPI's error value: PAPI_EMISC as an unsigned long. */
	return PAPI_thread_id() == (unsigned long)(long)PAPI_EMISC ? PAPI_EMISC : RESULT_VALUE;
}
ADAPTER(PAPI_register_thread)
{
	(void)a;
	return PAPI_register_thread();
}
ADAPTER(PAPI_unregister_thread)
{
	(void)a;
	return PAPI_unregister_thread();
}
ADAPTER(PAPI_list_threads)
{
	int number = NUMBER(a, 4);
	return PAPI_list_threads(PTR(a), a->ptr2_null ? NULL : &number);
}
ADAPTER(PAPI_get_thr_specific)
{
	return PAPI_get_thr_specific((int)VALUE(a, PAPI_USR1_TLS), PTR(a));
}
ADAPTER(PAPI_set_thr_specific)
{
	return PAPI_set_thr_specific((int)VALUE(a, PAPI_USR1_TLS), buffer1);
}
ADAPTER(PAPI_lock)
{
	int lock = (int)VALUE(a, PAPI_USR1_LOCK);
	int rc = PAPI_lock(lock);
	if (rc == PAPI_OK) /* never leave the lock held */
		PAPI_unlock(lock);
	return rc;
}
ADAPTER(PAPI_unlock)
{
	return PAPI_unlock((int)VALUE(a, PAPI_USR1_LOCK));
}
ADAPTER(PAPI_create_eventset)
{
	int *set = PTR(a);
	if (set)
		*set = (int)VALUE(a, PAPI_NULL);
	int rc = PAPI_create_eventset(set);
	if (rc == PAPI_OK)
		PAPI_destroy_eventset(set);
	return rc;
}
ADAPTER(PAPI_destroy_eventset)
{
	int set = a->set;
	return PAPI_destroy_eventset(a->ptr_null ? NULL : &set);
}
ADAPTER(PAPI_cleanup_eventset)
{
	return PAPI_cleanup_eventset(a->set);
}
ADAPTER(PAPI_assign_eventset_component)
{
	return PAPI_assign_eventset_component(a->set, CIDX(a, 0));
}
ADAPTER(PAPI_get_eventset_component)
{
	return int_result(PAPI_get_eventset_component(a->set));
}
ADAPTER(PAPI_add_event)
{
	return PAPI_add_event(a->set, a->code);
}
ADAPTER(PAPI_add_named_event)
{
	return PAPI_add_named_event(a->set, a->name);
}
ADAPTER(PAPI_add_events)
{
	int codes[4] = {a->code, a->code, a->code, a->code};
	return PAPI_add_events(a->set, a->ptr_null ? NULL : codes, NUMBER(a, 1));
}
ADAPTER(PAPI_remove_event)
{
	return PAPI_remove_event(a->set, a->code);
}
ADAPTER(PAPI_remove_named_event)
{
	return PAPI_remove_named_event(a->set, a->name);
}
ADAPTER(PAPI_remove_events)
{
	int codes[4] = {a->code, a->code, a->code, a->code};
	return PAPI_remove_events(a->set, a->ptr_null ? NULL : codes, NUMBER(a, 1));
}
ADAPTER(PAPI_list_events)
{
	int number = NUMBER(a, 4);
	return PAPI_list_events(a->set, PTR(a), a->ptr2_null ? NULL : &number);
}
ADAPTER(PAPI_num_events)
{
	return int_result(PAPI_num_events(a->set));
}
ADAPTER(PAPI_state)
{
	return PAPI_state(a->set, PTR(a));
}
ADAPTER(PAPI_attach)
{
	return PAPI_attach(a->set, (unsigned long)VALUE(a, getpid()));
}
ADAPTER(PAPI_detach)
{
	return PAPI_detach(a->set);
}
ADAPTER(PAPI_set_multiplex)
{
	return PAPI_set_multiplex(a->set);
}
ADAPTER(PAPI_get_multiplex)
{
	return int_result(PAPI_get_multiplex(a->set));
}
ADAPTER(PAPI_start)
{
	return PAPI_start(a->set);
}
ADAPTER(PAPI_stop)
{
	return PAPI_stop(a->set, PTR(a));
}
ADAPTER(PAPI_read)
{
	return PAPI_read(a->set, PTR(a));
}
ADAPTER(PAPI_read_ts)
{
	return PAPI_read_ts(a->set, PTR(a), PTR2(a));
}
ADAPTER(PAPI_accum)
{
	return PAPI_accum(a->set, PTR(a));
}
ADAPTER(PAPI_reset)
{
	return PAPI_reset(a->set);
}
ADAPTER(PAPI_write)
{
	return PAPI_write(a->set, PTR(a));
}
ADAPTER(PAPI_enum_event)
{
	int code = a->code;
	return PAPI_enum_event(a->ptr_null ? NULL : &code, (int)VALUE(a, PAPI_ENUM_EVENTS));
}
ADAPTER(PAPI_enum_cmp_event)
{
	int code = a->code;
	return PAPI_enum_cmp_event(a->ptr_null ? NULL : &code, (int)VALUE(a, PAPI_ENUM_EVENTS),
	                           CIDX(a, 0));
}
ADAPTER(PAPI_event_code_to_name)
{
	return PAPI_event_code_to_name(a->code, PTR(a));
}
ADAPTER(PAPI_event_name_to_code)
{
	return PAPI_event_name_to_code(a->name, PTR(a));
}
ADAPTER(PAPI_query_event)
{
	return PAPI_query_event(a->code);
}
ADAPTER(PAPI_query_named_event)
{
	return PAPI_query_named_event(a->name);
}
ADAPTER(PAPI_get_event_info)
{
	return PAPI_get_event_info(a->code, PTR(a));
}
ADAPTER(PAPI_get_event_component)
{
	return int_result(PAPI_get_event_component(a->code));
}
/* The options' valid default reads the domain of the row's set. */
static PAPI_option_t *option_of(struct call_args *a)
{
	PAPI_option_t *option = PTR(a);
	if (option)
		option->domain.eventset = a->set;
	return option;
}
ADAPTER(PAPI_get_opt)
{
	return int_result(PAPI_get_opt((int)VALUE(a, PAPI_DOMAIN), option_of(a)));
}
ADAPTER(PAPI_set_opt)
{
	PAPI_option_t *option = option_of(a);
	if (option)
		option->domain.domain = PAPI_DOM_USER;
	return PAPI_set_opt((int)VALUE(a, PAPI_DOMAIN), option);
}
ADAPTER(PAPI_get_cmp_opt)
{
	return int_result(PAPI_get_cmp_opt((int)VALUE(a, PAPI_MAX_HWCTRS),
	                                   a->ptr_null ? NULL : PTR(a), CIDX(a, 0)));
}
ADAPTER(PAPI_set_domain)
{
	return PAPI_set_domain((int)VALUE(a, PAPI_DOM_USER));
}
ADAPTER(PAPI_set_cmp_domain)
{
	return PAPI_set_cmp_domain((int)VALUE(a, PAPI_DOM_USER), CIDX(a, 0));
}
ADAPTER(PAPI_set_granularity)
{
	return PAPI_set_granularity((int)VALUE(a, PAPI_GRN_THR));
}
ADAPTER(PAPI_set_cmp_granularity)
{
	return PAPI_set_cmp_granularity((int)VALUE(a, PAPI_GRN_THR), CIDX(a, 0));
}
static void overflow_handler(int set, void *address, long long vector, void *context)
{
	(void)set, (void)address, (void)vector, (void)context;
}
ADAPTER(PAPI_overflow)
{
	int rc = PAPI_overflow(a->set, a->code, (int)VALUE(a, 1000000), 0,
	                       a->ptr_null ? NULL : overflow_handler);
	if (rc == PAPI_OK)
		PAPI_overflow(a->set, a->code, 0, 0, overflow_handler);
	return rc;
}
ADAPTER(PAPI_get_overflow_event_index)
{
	int number = NUMBER(a, 4);
	return PAPI_get_overflow_event_index(a->set, VALUE(a, 1), PTR(a),
	                                     a->ptr2_null ? NULL : &number);
}
ADAPTER(PAPI_profil)
{
	int rc = PAPI_profil(PTR(a), 4096, 0, (unsigned)VALUE(a, 65536), a->set, a->code, 1000000,
	                     PAPI_PROFIL_POSIX);
	if (rc == PAPI_OK)
		PAPI_profil(PTR(a), 4096, 0, 65536, a->set, a->code, 0, PAPI_PROFIL_POSIX);
	return rc;
}
ADAPTER(PAPI_sprofil)
{
	PAPI_sprofil_t *region = PTR2(a);
	if (region) {
		region->pr_base = buffer1;
		region->pr_size = 4096;
		region->pr_off = 0;
		region->pr_scale = 65536;
	}
	int rc = PAPI_sprofil(region, NUMBER(a, 1), a->set, a->code, (int)VALUE(a, 1000000),
	                      PAPI_PROFIL_POSIX);
	if (rc == PAPI_OK)
		PAPI_sprofil(region, 1, a->set, a->code, 0, PAPI_PROFIL_POSIX);
	return rc;
}
ADAPTER(PAPI_num_components)
{
	(void)a;
	return int_result(PAPI_num_components());
}
ADAPTER(PAPI_get_component_info)
{
	return pointer_result(PAPI_get_component_info(CIDX(a, 0)));
}
ADAPTER(PAPI_get_component_index)
{
	return int_result(PAPI_get_component_index(a->name));
}
ADAPTER(PAPI_disable_component)
{
	return PAPI_disable_component(CIDX(a, 0));
}
ADAPTER(PAPI_disable_component_by_name)
{
	return PAPI_disable_component_by_name(a->name);
}
ADAPTER(PAPI_num_cmp_hwctrs)
{
	return int_result(PAPI_num_cmp_hwctrs(CIDX(a, 0)));
}
ADAPTER(PAPI_num_hwctrs)
{
	(void)a;
	return int_result(PAPI_num_hwctrs());
}
ADAPTER(PAPI_get_hardware_info)
{
	(void)a;
	return pointer_result(PAPI_get_hardware_info());
}
ADAPTER(PAPI_get_executable_info)
{
	(void)a;
	return pointer_result(PAPI_get_executable_info());
}
ADAPTER(PAPI_get_shared_lib_info)
{
	(void)a;
	return pointer_result(PAPI_get_shared_lib_info());
}
ADAPTER(PAPI_get_dmem_info)
{
	return PAPI_get_dmem_info(PTR(a));
}
/* High-level regions and rate calls: the result pointers all valid but the
 * first where the row's pointer is NULL. */
ADAPTER(PAPI_hl_region_begin)
{
	return PAPI_hl_region_begin(a->name);
}
ADAPTER(PAPI_hl_read)
{
	return PAPI_hl_read(a->name);
}
ADAPTER(PAPI_hl_region_end)
{
	return PAPI_hl_region_end(a->name);
}
ADAPTER(PAPI_hl_stop)
{
	(void)a;
	return PAPI_hl_stop();
}
ADAPTER(PAPI_flips_rate)
{
	float rtime, ptime, rate;
	long long count;
	return PAPI_flips_rate(PAPI_FP_INS, a->ptr_null ? NULL : &rtime, &ptime, &count, &rate);
}
ADAPTER(PAPI_flops_rate)
{
	float rtime, ptime, rate;
	long long count;
	return PAPI_flops_rate(PAPI_FP_OPS, a->ptr_null ? NULL : &rtime, &ptime, &count, &rate);
}
ADAPTER(PAPI_ipc)
{
	float rtime, ptime, ipc;
	long long ins;
	return PAPI_ipc(a->ptr_null ? NULL : &rtime, &ptime, &ins, &ipc);
}
ADAPTER(PAPI_epc)
{
	float rtime, ptime, epc;
	long long ref, core, count;
	return PAPI_epc(0, a->ptr_null ? NULL : &rtime, &ptime, &ref, &core, &count, &epc);
}
ADAPTER(PAPI_rate_stop)
{
	(void)a;
	return PAPI_rate_stop();
}
/* The timers return a time, never an error: a negative time is one. */
#define TIMER_ADAPTER(fn)                                                                          \
	ADAPTER(fn)                                                                                \
	{                                                                                          \
		(void)a;                                                                           \
		return fn() < 0 ? PAPI_EMISC : RESULT_VALUE;                                       \
	}
TIMER_ADAPTER(PAPI_get_real_cyc)
TIMER_ADAPTER(PAPI_get_real_nsec)
TIMER_ADAPTER(PAPI_get_real_usec)
TIMER_ADAPTER(PAPI_get_virt_cyc)
TIMER_ADAPTER(PAPI_get_virt_nsec)
TIMER_ADAPTER(PAPI_get_virt_usec)
ADAPTER(PAPI_enum_dev_type)
{
	void *handle = NULL;
	return PAPI_enum_dev_type((int)VALUE(a, PAPI_DEV_TYPE_ENUM__FIRST),
	                          a->ptr_null ? NULL : &handle);
}
ADAPTER(PAPI_get_dev_type_attr)
{
	return PAPI_get_dev_type_attr(PTR2(a), (PAPI_dev_type_attr_e)VALUE(a, 0), PTR(a));
}
ADAPTER(PAPI_get_dev_attr)
{
	return PAPI_get_dev_attr(PTR2(a), 0, (PAPI_dev_attr_e)VALUE(a, 0), PTR(a));
}
ADAPTER(PAPI_strreason)
{
	(void)a;
	return pointer_result(PAPI_strreason());
}
ADAPTER(PAPI_event_reason)
{
	return PAPI_event_reason(a->code, PTR(a), LEN(a, PAPI_HUGE_STR_LEN));
}
ADAPTER(PAPI_preset_message)
{
	return int_result(PAPI_preset_message((int)VALUE(a, 0), PTR(a), LEN(a, PAPI_HUGE_STR_LEN)));
}
ADAPTER(PAPI_set_user_read)
{
	return PAPI_set_user_read(a->set, (int)VALUE(a, PAPI_USER_READ_AUTO));
}
ADAPTER(PAPI_get_user_read)
{
	return PAPI_get_user_read(a->set, PTR(a));
}
ADAPTER(PAPI_event_read_path)
{
	return int_result(PAPI_event_read_path(a->set, NUMBER(a, 0), PTR(a), LEN(a, 256)));
}
ADAPTER(PAPI_user_read_status)
{
	return int_result(PAPI_user_read_status(CIDX(a, 0), PTR(a), LEN(a, 256)));
}
ADAPTER(PAPI_event_times)
{
	return PAPI_event_times(a->set, NUMBER(a, 0), PTR(a), PTR2(a));
}

/* The Fortran bindings, by gfortran's names (every release exports them; 7.1 and 7.2 not the
 * bare lower-case ones): each passes the C function's result back in its
 * check argument; the hidden string lengths are size_t (src/fortran/papif.h). */
void papif_start_(int *set, int *check);
void papif_read_(int *set, long long *values, int *check);
void papif_state_(int *set, int *status, int *check);
void papif_destroy_eventset_(int *set, int *check);
void papif_add_named_event_(int *set, const char *name, int *check, size_t name_len);
void papif_event_name_to_code_(const char *name, int *code, int *check, size_t name_len);
void papif_event_code_to_name_(int *code, char *name, int *check, size_t name_len);
void papif_query_named_event_(const char *name, int *check, size_t name_len);
void papif_get_component_index_(const char *name, int *cidx, int *check, size_t name_len);
void papif_strerror_(int *code, char *text, int *check, size_t text_len);

/* A Fortran string: blank-padded, no NUL, its length passed apart. */
static size_t fortran_name(struct call_args *a, char *out, size_t size)
{
	size_t n = strlen(a->name);
	if (n > size)
		n = size;
	memcpy(out, a->name, n);
	memset(out + n, ' ', size - n);
	return size > n + 8 ? n + 8 : size;
}

ADAPTER(PAPIF_start)
{
	int set = a->set, check = 1;
	papif_start_(&set, &check);
	return check;
}
ADAPTER(PAPIF_read)
{
	int set = a->set, check = 1;
	papif_read_(&set, (long long *)buffer1, &check);
	return check;
}
ADAPTER(PAPIF_state)
{
	int set = a->set, check = 1;
	papif_state_(&set, (int *)buffer1, &check);
	return check;
}
ADAPTER(PAPIF_destroy_eventset)
{
	int set = a->set, check = 1;
	papif_destroy_eventset_(&set, &check);
	return check;
}
ADAPTER(PAPIF_add_named_event)
{
	static char name[8192];
	int set = a->set, check = 1;
	size_t len = fortran_name(a, name, sizeof name);
	papif_add_named_event_(&set, name, &check, len);
	return check;
}
ADAPTER(PAPIF_event_name_to_code)
{
	static char name[8192];
	int code = 0, check = 1;
	size_t len = fortran_name(a, name, sizeof name);
	papif_event_name_to_code_(name, &code, &check, len);
	return check;
}
ADAPTER(PAPIF_event_code_to_name)
{
	char name[PAPI_MAX_STR_LEN];
	int code = a->code, check = 1;
	papif_event_code_to_name_(&code, name, &check, sizeof name);
	return check;
}
ADAPTER(PAPIF_query_named_event)
{
	static char name[8192];
	int check = 1;
	size_t len = fortran_name(a, name, sizeof name);
	papif_query_named_event_(name, &check, len);
	return check;
}
ADAPTER(PAPIF_get_component_index)
{
	static char name[8192];
	int cidx = -1, check = 1;
	size_t len = fortran_name(a, name, sizeof name);
	papif_get_component_index_(name, &cidx, &check, len);
	return check;
}
ADAPTER(PAPIF_strerror)
{
	char text[PAPI_MAX_STR_LEN];
	int code = (int)VALUE(a, PAPI_EINVAL), check = 1;
	papif_strerror_(&code, text, &check, sizeof text);
	return check;
}

/* --- the rows ---------------------------------------------------------------- */

struct row {
	const char *function;
	int (*call)(struct call_args *);
	enum input_kind kind;
	int expected;
	const char *expected_name;
};

static const struct row rows[] = {
#define BAD_INPUT(fn, kind, expected, note) {#fn, call_##fn, KIND_##kind, expected, #expected},
#include "bad_input.def"
#undef BAD_INPUT
};
#define ROW_COUNT (int)(sizeof(rows) / sizeof(rows[0]))

/* --- fixtures ---------------------------------------------------------------- */

static const char *const witness_event[] = {"perf::TASK-CLOCK"};
static int task_clock_code;
static char overlong_name[4 * PAPI_HUGE_STR_LEN];

/* The sets a row may name, made afresh for each case. */
struct fixture {
	int stopped, empty, running, destroyed;
};

static void fixture_make(struct fixture *f)
{
	f->stopped = ctest_eventset_of(witness_event, 1);
	f->running = ctest_eventset_of(witness_event, 1);
	CHECK_OK(PAPI_start(f->running));
	f->empty = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&f->empty));
	f->destroyed = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&f->destroyed));
	int id = f->destroyed;
	CHECK_OK(PAPI_destroy_eventset(&id));
}

/* Whatever a case did to them, the sets go: a set the case destroyed
 * itself is simply gone. */
static void fixture_free(struct fixture *f)
{
	int sets[] = {f->stopped, f->running, f->empty};
	for (int i = 0; i < 3; i++) {
		int state = 0, id = sets[i];
		if (PAPI_state(id, &state) != PAPI_OK)
			continue;
		if (state & PAPI_RUNNING)
			CHECK_OK(PAPI_stop(id, NULL));
		PAPI_detach(id);
		CHECK_OK(PAPI_cleanup_eventset(id));
		CHECK_OK(PAPI_destroy_eventset(&id));
	}
}

static void args_for(enum input_kind kind, const struct fixture *f, struct call_args *a)
{
	memset(a, 0, sizeof *a);
	a->set = f ? f->stopped : 0;
	a->code = task_clock_code ? task_clock_code : PAPI_TOT_INS;
	a->name = witness_event[0];
	memset(buffer1, 0, sizeof buffer1);
	memset(buffer2, 0, sizeof buffer2);
	switch (kind) {
#define SET_VALUE(k, v)                                                                            \
	case KIND_##k:                                                                             \
		a->value_set = true, a->value = (v);                                               \
		break;
	case KIND_set_invalid:
		a->set = 12345;
		break;
	case KIND_set_null:
		a->set = PAPI_NULL;
		break;
	case KIND_set_destroyed:
		a->set = f->destroyed;
		break;
	case KIND_set_running:
		a->set = f->running;
		break;
	case KIND_set_empty:
		a->set = f->empty;
		break;
	case KIND_ptr_null:
		a->ptr_null = true;
		break;
	case KIND_ptr2_null:
		a->ptr2_null = true;
		break;
	case KIND_name_null:
		a->name = NULL;
		break;
	case KIND_name_unknown:
		a->name = "perf::NO_SUCH_EVENT_ANYWHERE";
		break;
	case KIND_name_malformed:
		a->name = "perf::TASK-CLOCK:::u=:=";
		break;
	case KIND_name_overlong:
		a->name = overlong_name;
		break;
	case KIND_name_empty:
		a->name = "";
		break;
	case KIND_code_unknown_native:
		a->code = PAPI_NATIVE_MASK | 0x0ffffff0;
		break;
	case KIND_code_unknown_preset:
		a->code = (int)(PAPI_PRESET_MASK | 0x7ff);
		break;
	case KIND_code_zero:
		a->code = 0;
		break;
	case KIND_code_not_in_set:
		a->code = PAPI_TOT_CYC;
		break;
	case KIND_number_negative:
		a->number_set = true, a->number = -1;
		break;
	case KIND_number_zero:
		a->number_set = true, a->number = 0;
		break;
	case KIND_number_too_big:
		a->number_set = true, a->number = 1000;
		break;
		SET_VALUE(value_invalid, 0x7fff0000)
		SET_VALUE(value_negative, -7)
		SET_VALUE(value_zero, 0)
	case KIND_cidx_invalid:
		a->cidx_set = true,
		a->cidx = PAPI_num_components() > 0 ? PAPI_num_components() : 64;
		break;
	case KIND_cidx_negative:
		a->cidx_set = true, a->cidx = -1;
		break;
	case KIND_len_negative:
		a->len_set = true, a->len = -1;
		break;
	case KIND_len_zero:
		a->len_set = true, a->len = 0;
		break;
	default: /* the phases: valid arguments at the wrong time */
		break;
#undef SET_VALUE
	}
}

static bool heap_check_possible = true;

/* Bytes in use on the heap, or -1 when malloc is not glibc's (ASan's). */
static long heap_in_use(void)
{
	if (!heap_check_possible)
		return -1;
	struct mallinfo2 info = mallinfo2();
	return info.uordblks > 0 ? (long)info.uordblks : -1;
}

static const char *result_name(int rc)
{
	switch (rc) {
	case RESULT_NULL:
		return "RESULT_NULL";
	case RESULT_VOID:
		return "RESULT_VOID";
	case RESULT_VALUE:
		return "RESULT_VALUE";
	default:
		return ctest_errname(rc);
	}
}

static int mismatches;
/* Only the rows of this function (the first argument that is not an
 * option), for debugging one function. */
static const char *only_function;

static bool row_selected(int i, enum phase phase)
{
	return kinds[rows[i].kind].phase == phase &&
	       (!only_function || strcmp(only_function, rows[i].function) == 0);
}

static void check_result(int i, int rc)
{
	if (rc == rows[i].expected)
		return;
	mismatches++;
	printf("MISMATCH %s %s: returned %s, expected %s%s\n", rows[i].function,
	       kinds[rows[i].kind].name, result_name(rc), rows[i].expected_name, ctest_reason());
}

/* One row in the initialized library: fixtures, call, checks. */
static void run_initialized_row(int i, bool check_heap)
{
	struct fixture f;
	struct call_args a;
	int fds = ctest_open_fds();
	long heap = check_heap ? heap_in_use() : -1;

	fixture_make(&f);
	args_for(rows[i].kind, &f, &a);
	check_result(i, rows[i].call(&a));
	fixture_free(&f);
	FAIL_IF(ctest_open_fds() != fds, "%s %s: %d open fds before the case, %d after",
	        rows[i].function, kinds[rows[i].kind].name, fds, ctest_open_fds());
	if (heap >= 0) {
		long after = heap_in_use();
		FAIL_IF(after > heap, "%s %s: %ld more bytes in use on the heap after the case",
		        rows[i].function, kinds[rows[i].kind].name, after - heap);
	}
}

static void run_phase(enum phase phase)
{
	for (int i = 0; i < ROW_COUNT; i++) {
		if (!row_selected(i, phase))
			continue;
		struct call_args a;
		args_for(rows[i].kind, NULL, &a);
		check_result(i, rows[i].call(&a));
	}
}

/* The foreign-thread rows run in a thread that never registered, on the
 * main thread's fixtures. */
struct foreign_case {
	int row;
	struct call_args args;
	int rc;
};

static void *foreign_thread(void *arg)
{
	struct foreign_case *c = arg;
	c->rc = rows[c->row].call(&c->args);
	return NULL;
}

static void run_foreign_rows(void)
{
	for (int i = 0; i < ROW_COUNT; i++) {
		if (!row_selected(i, FOREIGN_THREAD))
			continue;
		struct fixture f;
		struct foreign_case c = {.row = i};
		pthread_t thread;
		fixture_make(&f);
		args_for(rows[i].kind, &f, &c.args);
		FAIL_IF(pthread_create(&thread, NULL, foreign_thread, &c) != 0, "pthread_create");
		pthread_join(thread, NULL);
		check_result(i, c.rc);
		fixture_free(&f);
	}
}

/* The witness: a thread that counts perf::TASK-CLOCK in its own set for
 * the whole matrix, working and sleeping in turns, and checks at the end
 * that the count is still its CPU time: no bad call in another thread
 * stopped, reset or disturbed it. */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	bool started, finish;
	const char *failure;
	long long value, cpu_ns, floor, ceiling;
} witness = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false, NULL, 0, 0, 0, 0};

static void witness_signal(bool *flag)
{
	pthread_mutex_lock(&witness.lock);
	*flag = true;
	pthread_cond_broadcast(&witness.changed);
	pthread_mutex_unlock(&witness.lock);
}

static bool witness_finishing(void)
{
	pthread_mutex_lock(&witness.lock);
	bool finish = witness.finish;
	pthread_mutex_unlock(&witness.lock);
	return finish;
}

static void *witness_thread(void *unused)
{
	int set = PAPI_NULL, state = 0;
	(void)unused;
	if (PAPI_register_thread() != PAPI_OK || PAPI_create_eventset(&set) != PAPI_OK ||
	    PAPI_add_named_event(set, witness_event[0]) != PAPI_OK) {
		witness.failure = "could not make its set";
		witness_signal(&witness.started);
		return NULL;
	}
	long switches = ctest_thread_switches();
	long long steal = ctest_irq_steal_ns();
	long long cpu = ctest_thread_cpu_ns();
	if (PAPI_start(set) != PAPI_OK)
		witness.failure = "could not start its set";
	witness_signal(&witness.started);
	while (!witness.failure && !witness_finishing()) {
		ctest_busy_cpu_ns(1000000);
		ctest_sleep_ns(1000000);
	}
	if (!witness.failure && (PAPI_state(set, &state) != PAPI_OK || !(state & PAPI_RUNNING)))
		witness.failure = "its set is no longer running";
	if (!witness.failure && PAPI_stop(set, &witness.value) != PAPI_OK)
		witness.failure = "could not stop its set";
	witness.cpu_ns = ctest_thread_cpu_ns() - cpu;
	switches = ctest_thread_switches() - switches;
	witness.floor = ctest_clock_floor_ns(witness.cpu_ns, switches);
	witness.ceiling = ctest_clock_ceiling_ns(witness.cpu_ns, steal);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	PAPI_unregister_thread();
	return NULL;
}

/* glibc's per-thread cache keeps freed blocks counted as in use: without
 * it (a tunable read at start, hence the exec) the heap's bytes in use
 * are exact. */
static void exec_without_malloc_cache(char **argv)
{
	static const char tunable[] = "glibc.malloc.tcache_count=0";
	const char *current = getenv("GLIBC_TUNABLES");
	const char *preload = getenv("LD_PRELOAD");
	/* Under Valgrind /proc/self/exe is Valgrind, and its malloc is its
	 * own: Memcheck does the leak check. */
	if (preload && strstr(preload, "vgpreload")) {
		heap_check_possible = false;
		return;
	}
	if (current && strstr(current, tunable))
		return;
	setenv("GLIBC_TUNABLES", tunable, 1);
	execv("/proc/self/exe", argv);
	/* Without exec the heap check may see the cache: it is skipped. */
	heap_check_possible = false;
}

int main(int argc, char **argv)
{
	int fds_before_init;

	exec_without_malloc_cache(argv);

	ctest_init(argc, argv);
	for (int i = 1; i < argc; i++)
		if (argv[i][0] != '-' && strcmp(argv[i], "TESTS_QUIET") != 0)
			only_function = argv[i];
	memset(overlong_name, 'A', sizeof overlong_name - 1);
	memcpy(overlong_name, "perf::", 6);
	fds_before_init = ctest_open_fds();

	run_phase(BEFORE_INIT);
	/* A failed init must leave nothing behind either. */
	FAIL_IF(ctest_open_fds() != fds_before_init, "open fds changed before init: %d -> %d",
	        fds_before_init, ctest_open_fds());

	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	CHECK_OK(PAPI_event_name_to_code(witness_event[0], &task_clock_code));

	pthread_t witness_id;
	FAIL_IF(pthread_create(&witness_id, NULL, witness_thread, NULL) != 0, "pthread_create");
	pthread_mutex_lock(&witness.lock);
	while (!witness.started)
		pthread_cond_wait(&witness.changed, &witness.lock);
	pthread_mutex_unlock(&witness.lock);

	/* The first pass warms every cache the library keeps (reasons,
	 * name tables); the second must not grow the heap by one byte. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < ROW_COUNT; i++)
			if (row_selected(i, INITIALIZED))
				run_initialized_row(i, pass == 1);
	run_foreign_rows();

	witness_signal(&witness.finish);
	pthread_join(witness_id, NULL);
	FAIL_IF(witness.failure, "the witness thread: %s", witness.failure);
	FAIL_IF(witness.value < witness.floor || witness.value > witness.ceiling,
	        "the witness set counted %lld ns of task clock; its thread used %lld ns of CPU "
	        "(bounds %lld..%lld)",
	        witness.value, witness.cpu_ns, witness.floor, witness.ceiling);
	ctest_note("witness: %lld ns counted over %lld ns of CPU through the matrix", witness.value,
	           witness.cpu_ns);

	PAPI_shutdown();
	run_phase(AFTER_SHUTDOWN);
	FAIL_IF(ctest_open_fds() != fds_before_init,
	        "after PAPI_shutdown %d fds are open, %d before PAPI_library_init",
	        ctest_open_fds(), fds_before_init);

	FAIL_IF(mismatches, "%d of %d rows returned another result than the table's", mismatches,
	        ROW_COUNT);
	ctest_note("%d rows checked", ROW_COUNT);
	ctest_pass();
}
