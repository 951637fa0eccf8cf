// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_sprofil with three regions: one over hot_loop, one over cold_loop
 * and the overflow bin (scale 0x2), which takes every sample outside the
 * others. hot_loop runs ten times longer than cold_loop: its region gets the
 * most samples, cold_loop's some, the bin what fell elsewhere, and nothing
 * is lost (the regions add up to the handler-free sample count within the
 * bin's reach). 32-bit buckets. */
#include "ctest_util.h"

#include <stdint.h>
#include <string.h>

#define THRESHOLD_NS 100000
#define REGION_BYTES 512

static uint64_t sum(const uint32_t *buffer, size_t count)
{
	uint64_t total = 0;
	for (size_t i = 0; i < count; i++)
		total += buffer[i];
	return total;
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	static uint32_t hot_buffer[REGION_BYTES / 2], cold_buffer[REGION_BYTES / 2], bin[2];
	uintptr_t hot = (uintptr_t)&ctest_hot_loop, cold = (uintptr_t)&ctest_cold_loop;
	size_t hot_bytes = REGION_BYTES, cold_bytes = REGION_BYTES;
	PAPI_sprofil_t regions[3];
	long long value;
	long per_ms;
	int eventset, code;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	if (cold > hot && cold - hot < hot_bytes)
		hot_bytes = cold - hot;
	if (hot > cold && hot - cold < cold_bytes)
		cold_bytes = hot - cold;
	per_ms = ctest_hot_loop_per_ms();

	memset(regions, 0, sizeof(regions));
	regions[0].pr_base = hot_buffer;
	regions[0].pr_size = (unsigned)(hot_bytes / 2 * sizeof(uint32_t));
	regions[0].pr_off = (vptr_t)hot;
	regions[0].pr_scale = 0x10000;
	regions[1].pr_base = cold_buffer;
	regions[1].pr_size = (unsigned)(cold_bytes / 2 * sizeof(uint32_t));
	regions[1].pr_off = (vptr_t)cold;
	regions[1].pr_scale = 0x10000;
	regions[2].pr_base = bin;
	regions[2].pr_size = 1;
	regions[2].pr_off = 0;
	regions[2].pr_scale = 0x2;

	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));
	CHECK_OK(PAPI_sprofil(regions, 3, eventset, code, THRESHOLD_NS,
	                      PAPI_PROFIL_POSIX | PAPI_PROFIL_BUCKET_32));
	CHECK_OK(PAPI_start(eventset));
	ctest_hot_cold_rounds(per_ms);
	CHECK_OK(PAPI_stop(eventset, &value));
	CHECK_OK(PAPI_sprofil(regions, 3, eventset, code, 0, PAPI_PROFIL_BUCKET_32));
	{
		uint64_t in_hot = sum(hot_buffer, hot_bytes / 2);
		uint64_t in_cold = sum(cold_buffer, cold_bytes / 2);
		uint64_t all = in_hot + in_cold + bin[0];
		ctest_note("%lld ns: %llu samples in hot_loop, %llu in cold_loop, %u in the bin",
		           value, (unsigned long long)in_hot, (unsigned long long)in_cold, bin[0]);
		FAIL_IF(bin[1] != 0, "the overflow bin wrote past its one bucket");
		if (ctest_kernel_samples_program()) {
			FAIL_IF(in_hot < 3 * in_cold, "hot_loop %llu samples, cold_loop %llu",
			        (unsigned long long)in_hot, (unsigned long long)in_cold);
			FAIL_IF(in_cold == 0, "cold_loop got no sample");
		} else {
			/* Every sample falls outside both regions: the bin's. */
			ctest_skip_case("hot and cold regions", CTEST_SAMPLES_ELSEWHERE);
		}
		FAIL_IF(all < (uint64_t)(value / THRESHOLD_NS) * 8 / 10,
		        "%llu samples for %lld ns at one per %d ns", (unsigned long long)all, value,
		        THRESHOLD_NS);
	}
	ctest_eventset_free(&eventset);
	ctest_pass();
}
