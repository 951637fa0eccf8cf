// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_profil on perf::TASK-CLOCK (an overflow every 100 us of CPU time):
 * a program spends ten times more time in ctest_hot_loop than in
 * ctest_cold_loop; the histogram over both functions gives the hot one the
 * most samples, and the fullest bucket lies inside it. Done with 16-, 32- and 64-bit buckets, with
 * PAPI_PROFIL_WEIGHTED, PAPI_PROFIL_COMPRESS, PAPI_PROFIL_RANDOM and in
 * software (PAPI_PROFIL_FORCE_SW: a 1 ms timer, one sample per tick at
 * most): every flag keeps the histogram's shape. What each flag does
 * beyond that (weights, compression near 65535, a quarter of the samples
 * dropped) is profil_flags.c's. */
#include "ctest_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define THRESHOLD_NS 100000

struct histogram {
	uint64_t hot, cold, total, max;
	uintptr_t max_address;
};

static uint64_t bucket(const void *buffer, int bytes, size_t index)
{
	if (bytes == 2)
		return ((const uint16_t *)buffer)[index];
	if (bytes == 4)
		return ((const uint32_t *)buffer)[index];
	return ((const uint64_t *)buffer)[index];
}

static void run(int flags, const char *what, long per_ms)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	uintptr_t hot = (uintptr_t)&ctest_hot_loop, cold = (uintptr_t)&ctest_cold_loop;
	uintptr_t start = hot < cold ? hot : cold;
	uintptr_t end = (hot < cold ? cold : hot) + 1024;
	int bytes = flags & PAPI_PROFIL_BUCKET_64 ? 8 : flags & PAPI_PROFIL_BUCKET_32 ? 4 : 2;
	/* scale 0x10000: one bucket per two bytes of text */
	size_t buckets = (end - start) / 2;
	void *buffer = calloc(buckets, (size_t)bytes);
	struct histogram h = {0};
	long long value;
	int eventset, code;

	FAIL_IF(!buffer, "no memory");
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));
	CHECK_OK(PAPI_profil(buffer, (unsigned)(buckets * (size_t)bytes), (vptr_t)start, 0x10000,
	                     eventset, code, THRESHOLD_NS, flags));
	{
		int state;
		CHECK_OK(PAPI_state(eventset, &state));
		FAIL_IF(!(state & PAPI_PROFILING), "%s: state %#x lacks PAPI_PROFILING", what,
		        state);
	}
	CHECK_OK(PAPI_start(eventset));
	ctest_hot_cold_rounds(per_ms);
	CHECK_OK(PAPI_stop(eventset, &value));
	CHECK_OK(PAPI_profil(buffer, (unsigned)(buckets * (size_t)bytes), (vptr_t)start, 0x10000,
	                     eventset, code, 0, flags));

	/* A function's samples: from its start to the next function (or 1 KB). */
	uintptr_t hot_end = hot < cold && cold - hot < 1024 ? cold : hot + 1024;
	uintptr_t cold_end = cold < hot && hot - cold < 1024 ? hot : cold + 1024;
	for (size_t b = 0; b < buckets; b++) {
		uint64_t n = bucket(buffer, bytes, b);
		uintptr_t address = start + 2 * b;
		h.total += n;
		if (address >= hot && address < hot_end)
			h.hot += n;
		else if (address >= cold && address < cold_end)
			h.cold += n;
		if (n > h.max) {
			h.max = n;
			h.max_address = address;
		}
	}
	ctest_note("%s: %lld ns counted; samples: %llu in hot_loop, %llu in cold_loop, %llu in "
	           "all; fullest bucket %llu at hot_loop%+ld",
	           what, value, (unsigned long long)h.hot, (unsigned long long)h.cold,
	           (unsigned long long)h.total, (unsigned long long)h.max,
	           (long)(h.max_address - hot));
	if (!(flags & PAPI_PROFIL_FORCE_SW) && !ctest_kernel_samples_program()) {
		ctest_skip_case(what, CTEST_SAMPLES_ELSEWHERE);
		free(buffer);
		ctest_eventset_free(&eventset);
		return;
	}
	/* Software: one sample per timer tick at most (the kernel's tick rounds
	 * CPU-time timers up to 1-4 ms). */
	FAIL_IF(h.total < (flags & PAPI_PROFIL_FORCE_SW ? 40 : 1000), "%s: only %llu samples", what,
	        (unsigned long long)h.total);
	FAIL_IF(h.hot < 3 * h.cold, "%s: hot_loop has %llu samples, cold_loop %llu", what,
	        (unsigned long long)h.hot, (unsigned long long)h.cold);
	FAIL_IF(h.hot < h.total / 2, "%s: hot_loop has %llu of %llu samples", what,
	        (unsigned long long)h.hot, (unsigned long long)h.total);
	FAIL_IF(h.max_address < hot || h.max_address >= hot_end,
	        "%s: the fullest bucket is at %#lx, outside hot_loop (%#lx)", what,
	        (unsigned long)h.max_address, (unsigned long)hot);
	free(buffer);
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	long per_ms;
	PAPI_option_t option;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	per_ms = ctest_hot_loop_per_ms();
	run(PAPI_PROFIL_POSIX, "16-bit buckets", per_ms);
	run(PAPI_PROFIL_POSIX | PAPI_PROFIL_BUCKET_32, "32-bit buckets", per_ms);
	run(PAPI_PROFIL_POSIX | PAPI_PROFIL_BUCKET_64 | PAPI_PROFIL_WEIGHTED, "64-bit weighted",
	    per_ms);
	run(PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_COMPRESS, "compressed", per_ms);
	run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_RANDOM, "random", per_ms);
	memset(&option, 0, sizeof(option));
	option.itimer.ns = 1000000;
	CHECK_OK(PAPI_set_opt(PAPI_DEF_ITIMER_NS, &option));
	run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_FORCE_SW, "software", per_ms);
	ctest_pass();
}
