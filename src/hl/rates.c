// SPDX-License-Identifier: BSD-3-Clause
/* The rate calls of PAPI 7.0: the first call of one of them starts a
 * hidden event set for the calling thread and returns zeros; each later
 * call of the same one (same event) returns the real and process time, the
 * counts and the rate since the previous call, and restarts the interval.
 * Another rate call, or the same with another event, starts afresh;
 * PAPI_rate_stop ends it. Where a needed event cannot count here, the call
 * fails with that event's error (PAPI_ENOEVNT without a PMU) and sets
 * nothing. */
#include <string.h>

#include "api/internal.h"
#include "hl/hl.h"
#include "hl/rates.h"
#include "util/error.h"
#include "abi/core_entries.h"

enum rate_kind { RATE_NONE, RATE_FLIPS, RATE_FLOPS, RATE_IPC, RATE_EPC };

#define RATE_MAX_EVENTS 3

struct rate_state {
	enum rate_kind kind;
	int event; /* the caller's event argument */
	int set;
	int count;         /* events in the set */
	bool have_ref_cyc; /* PAPI_epc: PAPI_REF_CYC counts here */
	long long real_us, virt_us;
};

static _Thread_local struct rate_state rate = {.set = PAPI_NULL};

static const char *kind_name(enum rate_kind kind)
{
	static const char *const names[] = {"", "PAPI_flips_rate", "PAPI_flops_rate", "PAPI_ipc",
	                                    "PAPI_epc"};
	return names[kind];
}

void rates_stop_current(void)
{
	if (rate.kind == RATE_NONE)
		return;
	long long scratch[RATE_MAX_EVENTS];
	(void)PAPI_stop(rate.set, scratch);
	(void)PAPI_cleanup_eventset(rate.set);
	(void)PAPI_destroy_eventset(&rate.set);
	rate = (struct rate_state){.set = PAPI_NULL};
}

static int add_or_explain(int set, int code, const char *call)
{
	int status = PAPI_add_event(set, code);
	if (status == PAPI_OK)
		return PAPI_OK;
	char name[PAPI_MAX_STR_LEN] = "";
	(void)PAPI_event_code_to_name(code, name);
	char reason[PAPI_HUGE_STR_LEN];
	snprintf(reason, sizeof reason, "%s", PAPI_strreason());
	return papi_error_set(status, "%s needs %s, which cannot count here%s%s", call, name,
	                      *reason ? ": " : "", reason);
}

/* A new measurement of kind with these events (the last one optional:
 * PAPI_epc's reference cycles). */
static int rate_begin(enum rate_kind kind, int event, const int *codes, int count,
                      bool last_optional)
{
	rates_stop_current();
	/* The regions' counters stop while a rate runs (PAPI 7.0). */
	(void)hl_stop_current();
	if (PAPI_is_initialized() == PAPI_NOT_INITED) {
		int version = api_library_init(PAPI_VER_CURRENT);
		if (version != PAPI_VER_CURRENT)
			return version < 0 ? version : PAPI_EMISC;
	}
	int set = PAPI_NULL;
	int status = PAPI_create_eventset(&set);
	int added = 0;
	for (int e = 0; status == PAPI_OK && e < count; e++) {
		status = add_or_explain(set, codes[e], kind_name(kind));
		if (status == PAPI_OK)
			added++;
		else if (last_optional && e == count - 1)
			status = PAPI_OK;
	}
	if (status == PAPI_OK)
		status = PAPI_start(set);
	if (status != PAPI_OK) {
		if (set != PAPI_NULL) {
			int error = status;
			char reason[PAPI_HUGE_STR_LEN];
			snprintf(reason, sizeof reason, "%s", PAPI_strreason());
			(void)PAPI_cleanup_eventset(set);
			(void)PAPI_destroy_eventset(&set);
			if (*reason)
				return papi_error_set(error, "%s", reason);
			return papi_error_set(error,
			                      "%s: the events it needs cannot count together here "
			                      "(PAPI_start of its set returned %d)",
			                      kind_name(kind), error);
		}
		return status;
	}
	rate = (struct rate_state){.kind = kind,
	                           .event = event,
	                           .set = set,
	                           .count = added,
	                           .have_ref_cyc = added == count,
	                           .real_us = PAPI_get_real_usec(),
	                           .virt_us = PAPI_get_virt_usec()};
	return PAPI_OK;
}

/* counts since the previous call, and the times of that interval (s). */
static int rate_interval(long long *counts, float *rtime, float *ptime, float *real_us)
{
	memset(counts, 0, RATE_MAX_EVENTS * sizeof *counts);
	/* PAPI_accum adds the counts to the array and zeroes the counters:
	 * the next interval starts here. */
	int status = PAPI_accum(rate.set, counts);
	if (status != PAPI_OK)
		return status;
	long long real = PAPI_get_real_usec(), virt = PAPI_get_virt_usec();
	*real_us = (float)(real - rate.real_us);
	*rtime = *real_us / 1e6f;
	*ptime = (float)(virt - rate.virt_us) / 1e6f;
	rate.real_us = real;
	rate.virt_us = virt;
	return PAPI_OK;
}

/* This call's counts and times: zeros where it starts a measurement (the
 * first call, or another kind or event than the one that runs), else those
 * of the interval since the previous call. Sets nothing where it fails. */
static int rate_step(enum rate_kind kind, int event, const int *codes, int count,
                     bool last_optional, long long *counts, float *rtime, float *ptime,
                     float *real_us)
{
	if (rate.kind != kind || rate.event != event) {
		int status = rate_begin(kind, event, codes, count, last_optional);
		if (status != PAPI_OK)
			return status;
		memset(counts, 0, RATE_MAX_EVENTS * sizeof *counts);
		*rtime = *ptime = *real_us = 0;
		return PAPI_OK;
	}
	return rate_interval(counts, rtime, ptime, real_us);
}

static bool is_one_of(int event, const int *allowed, int count)
{
	for (int a = 0; a < count; a++)
		if (event == allowed[a])
			return true;
	return false;
}

/* PAPI_flips_rate and PAPI_flops_rate: one event among three. */
static int operations_rate(enum rate_kind kind, int event, const int *allowed, float *rtime,
                           float *ptime, long long *count, float *per_us)
{
	if (!rtime || !ptime || !count || !per_us)
		return papi_error_set(PAPI_EINVAL, "%s: a result pointer is NULL", kind_name(kind));
	if (!is_one_of(event, allowed, 3))
		return papi_error_set(PAPI_ENOEVNT, "%s counts only its three presets, not 0x%x",
		                      kind_name(kind), (unsigned)event);
	long long counts[RATE_MAX_EVENTS];
	float real_us;
	int status = rate_step(kind, event, &event, 1, false, counts, rtime, ptime, &real_us);
	if (status != PAPI_OK)
		return status;
	*count = counts[0];
	*per_us = real_us > 0 ? (float)counts[0] / real_us : 0;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_flips_rate(int event, float *rtime, float *ptime, long long *flpins,
                                float *mflips)
{
	static const int allowed[] = {PAPI_FP_INS, PAPI_VEC_SP, PAPI_VEC_DP};
	return operations_rate(RATE_FLIPS, event, allowed, rtime, ptime, flpins, mflips);
}

PAPI_EXPORT int PAPI_flops_rate(int event, float *rtime, float *ptime, long long *flpops,
                                float *mflops)
{
	static const int allowed[] = {PAPI_FP_OPS, PAPI_SP_OPS, PAPI_DP_OPS};
	return operations_rate(RATE_FLOPS, event, allowed, rtime, ptime, flpops, mflops);
}

PAPI_EXPORT int PAPI_ipc(float *rtime, float *ptime, long long *ins, float *ipc)
{
	if (!rtime || !ptime || !ins || !ipc)
		return papi_error_set(PAPI_EINVAL, "PAPI_ipc: a result pointer is NULL");
	static const int codes[] = {PAPI_TOT_INS, PAPI_TOT_CYC};
	long long counts[RATE_MAX_EVENTS];
	float real_us;
	int status = rate_step(RATE_IPC, 0, codes, 2, false, counts, rtime, ptime, &real_us);
	if (status != PAPI_OK)
		return status;
	*ins = counts[0];
	*ipc = counts[1] > 0 ? (float)counts[0] / (float)counts[1] : 0;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_epc(int event, float *rtime, float *ptime, long long *ref, long long *core,
                         long long *evt, float *epc)
{
	if (!rtime || !ptime || !ref || !core || !evt || !epc)
		return papi_error_set(PAPI_EINVAL, "PAPI_epc: a result pointer is NULL");
	int counted = event == 0 ? PAPI_TOT_INS : event;
	/* The event, core cycles, and reference cycles where they count. */
	int codes[] = {counted, PAPI_TOT_CYC, PAPI_REF_CYC};
	int count = counted == PAPI_TOT_CYC ? 1 : 2;
	codes[count] = PAPI_REF_CYC;
	long long counts[RATE_MAX_EVENTS];
	float real_us;
	int status =
	    rate_step(RATE_EPC, counted, codes, count + 1, true, counts, rtime, ptime, &real_us);
	if (status != PAPI_OK)
		return status;
	bool event_is_cycles = rate.event == PAPI_TOT_CYC;
	*evt = counts[0];
	*core = event_is_cycles ? counts[0] : counts[1];
	int ref_index = event_is_cycles ? 1 : 2;
	*ref = rate.have_ref_cyc ? counts[ref_index] : 0;
	*epc = *core > 0 ? (float)*evt / (float)*core : 0;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_rate_stop(void)
{
	if (rate.kind == RATE_NONE)
		return papi_error_set(PAPI_ENOTRUN, "no rate call is running in this thread");
	rates_stop_current();
	return PAPI_OK;
}
