// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_profil's flags, each told apart from a plain profile of the same
 * work by what it promises (src/core/profil.c, papi.h):
 *
 *   - plain: every overflow of perf::TASK-CLOCK (one per THRESHOLD_NS of
 *     this thread's CPU time, sampled by the kernel) adds 1 to a bucket, so
 *     the histogram plus the overflow bin hold counted / THRESHOLD_NS
 *     samples (the kernel samples each period: PLAIN_KEEP of them at least);
 *   - PAPI_PROFIL_RANDOM drops about a quarter of the samples: the kept
 *     fraction lies in RANDOM_LOW..RANDOM_HIGH of the plain one (its
 *     generator is a fixed-seed xorshift whose low two bits are 0 for 1 in
 *     4 samples; over thousands of samples that is 75% within a percent);
 *   - PAPI_PROFIL_WEIGHTED adds a sample's weight, the thresholds crossed
 *     since the last sample. With the kernel sampling every threshold that
 *     weight is 1; the software path (PAPI_PROFIL_FORCE_SW, a TIMER_NS
 *     timer, ten thresholds a tick at least) crosses many per sample, so
 *     the weighted histogram holds about counted / THRESHOLD_NS (at most
 *     that, at least WEIGHTED_KEEP of it), where the unweighted one holds
 *     one per tick: at most counted / TIMER_NS + 1;
 *   - PAPI_PROFIL_COMPRESS halves a region before one of its buckets would
 *     pass 65535. The 16-bit buckets start PREFILL below the limit (the
 *     library adds to what the buffer holds, as profil(3) does): a plain
 *     profile saturates the fullest bucket at exactly 65535 and leaves
 *     every other bucket at or above its start (none wraps); a compressed
 *     one halves the region at least once, so the buckets no sample
 *     reached read start >> h for one h >= 1, and none is at 65535.
 *
 * Every run but the saturated one also keeps the histogram's shape (hot_loop over cold_loop).
 * These figures hold on a loaded 2-core VM: perf's TASK-CLOCK and the
 * software timer both follow this thread's CPU time, not the wall clock. */
#include "ctest_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define THRESHOLD_NS 100000LL
#define TIMER_NS     1000000LL
/* Bounds, as fractions of counted / THRESHOLD_NS. */
#define PLAIN_KEEP    0.90
#define RANDOM_LOW    0.65
#define RANDOM_HIGH   0.85
#define WEIGHTED_KEEP 0.60
/* The fullest bucket of a plain profile takes hundreds of samples (a few
 * instructions of hot_loop share ~1000): 64 is far below that. */
#define PREFILL 64

struct result {
	long long counted;  /* perf::TASK-CLOCK, ns */
	uint64_t total;     /* samples (or weights) in the text region and the bin */
	uint64_t hot, cold; /* in each function, above the prefill's floor */
	uint64_t min, max;  /* the text region's smallest and fullest buckets */
};

static uintptr_t hot, cold, start, end, hot_end, cold_end;

static uint64_t load(const void *buffer, int bytes, size_t index)
{
	if (bytes == 2)
		return ((const uint16_t *)buffer)[index];
	return ((const uint32_t *)buffer)[index];
}

static void store(void *buffer, int bytes, size_t index, uint64_t value)
{
	if (bytes == 2)
		((uint16_t *)buffer)[index] = (uint16_t)value;
	else
		((uint32_t *)buffer)[index] = (uint32_t)value;
}

/* One profile of the hot/cold workload: buckets of `bytes` over both
 * functions (one per two bytes of text), each starting at `prefill`, and
 * the overflow bin for samples elsewhere. */
/* hot_loop runs ten times as long as cold_loop: a profile keeps that shape
 * when hot_loop holds `ratio` times cold_loop's samples and half of all.
 * Weighted software samples get a ratio of 1: they are few (one per tick)
 * and each carries the thresholds crossed since the last, so under load a
 * tick the kernel delivered late puts tens of thresholds on wherever the
 * next one lands (CI, ASan, a loaded VM: 28 samples, cold_loop 419 of 1141). */
static void check_shape(const struct result *r, const char *what, uint64_t ratio)
{
	FAIL_IF(r->hot < ratio * r->cold || r->hot < r->total / 2,
	        "%s: hot_loop has %llu of %llu samples, cold_loop %llu (want %llu times as many "
	        "and half of all): the profile lost its shape",
	        what, (unsigned long long)r->hot, (unsigned long long)r->total,
	        (unsigned long long)r->cold, (unsigned long long)ratio);
}

static struct result run(int flags, const char *what, long per_ms, uint64_t prefill, uint64_t shape)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	int bytes = flags & PAPI_PROFIL_BUCKET_16 ? 2 : 4;
	size_t buckets = (end - start) / 2;
	void *buffer = calloc(buckets, (size_t)bytes);
	uint64_t bin[1] = {0};
	PAPI_sprofil_t regions[2];
	struct result r = {0};
	int eventset, code;

	FAIL_IF(!buffer, "no memory");
	for (size_t b = 0; b < buckets; b++)
		store(buffer, bytes, b, prefill);
	memset(regions, 0, sizeof(regions));
	regions[0].pr_base = buffer;
	regions[0].pr_size = (unsigned)(buckets * (size_t)bytes);
	regions[0].pr_off = (vptr_t)start;
	regions[0].pr_scale = 0x10000;
	regions[1].pr_base = bin;
	regions[1].pr_size = sizeof(bin);
	regions[1].pr_scale = 0x2;

	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));
	CHECK_OK(PAPI_sprofil(regions, 2, eventset, code, (int)THRESHOLD_NS, flags));
	CHECK_OK(PAPI_start(eventset));
	ctest_hot_cold_rounds(per_ms);
	CHECK_OK(PAPI_stop(eventset, &r.counted));
	CHECK_OK(PAPI_sprofil(regions, 2, eventset, code, 0, flags));
	ctest_eventset_free(&eventset);

	/* The floor every bucket of a compressed region came down to is its
	 * smallest; shape is judged above the floor. */
	r.min = UINT64_MAX;
	for (size_t b = 0; b < buckets; b++) {
		uint64_t n = load(buffer, bytes, b);
		r.min = n < r.min ? n : r.min;
		r.max = n > r.max ? n : r.max;
	}
	for (size_t b = 0; b < buckets; b++) {
		uint64_t n = load(buffer, bytes, b) - r.min;
		uintptr_t address = start + 2 * b;
		r.total += n;
		if (address >= hot && address < hot_end)
			r.hot += n;
		else if (address >= cold && address < cold_end)
			r.cold += n;
	}
	r.total += load(bin, bytes, 0);
	free(buffer);
	ctest_note("%-22s %lld ns counted (%lld thresholds): %llu in the histogram and bin "
	           "(%.3f of the thresholds), hot %llu, cold %llu; buckets %llu..%llu",
	           what, r.counted, r.counted / THRESHOLD_NS, (unsigned long long)r.total,
	           (double)r.total / (double)(r.counted / THRESHOLD_NS), (unsigned long long)r.hot,
	           (unsigned long long)r.cold, (unsigned long long)r.min,
	           (unsigned long long)r.max);
	if (shape && (flags & PAPI_PROFIL_FORCE_SW || ctest_kernel_samples_program()))
		check_shape(&r, what, shape);
	return r;
}

static double fraction(const struct result *r)
{
	return (double)r->total / (double)(r->counted / THRESHOLD_NS);
}

int main(int argc, char **argv)
{
	PAPI_option_t option;
	long per_ms;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	hot = (uintptr_t)&ctest_hot_loop;
	cold = (uintptr_t)&ctest_cold_loop;
	start = hot < cold ? hot : cold;
	end = (hot < cold ? cold : hot) + 1024;
	hot_end = hot < cold && cold - hot < 1024 ? cold : hot + 1024;
	cold_end = cold < hot && hot - cold < 1024 ? hot : cold + 1024;
	/* A third of ctest_hot_cold_rounds' usual 330 ms per profile (~110 ms,
	 * ~1100 thresholds): ten profiles stay cheaper than profil_hot's six
	 * in the lab's slowest guests (ppc64le), and the bounds above hold
	 * with that many samples (the fullest bucket still takes hundreds). */
	per_ms = ctest_hot_loop_per_ms() / 3;

	/* Plain and RANDOM: the kept fraction of the thresholds crossed, the
	 * better of two runs each (a kernel that throttles sampling under
	 * load loses samples in one run, not the same share in both). */
	struct result plain = run(PAPI_PROFIL_BUCKET_32, "plain", per_ms, 0, 3);
	struct result random =
	    run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_RANDOM, "random", per_ms, 0, 3);
	struct result again = run(PAPI_PROFIL_BUCKET_32, "plain", per_ms, 0, 3);
	if (fraction(&again) > fraction(&plain))
		plain = again;
	again = run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_RANDOM, "random", per_ms, 0, 3);
	if (fraction(&again) > fraction(&random))
		random = again;
	FAIL_IF(fraction(&plain) < PLAIN_KEEP ||
	            plain.total > (uint64_t)(plain.counted / THRESHOLD_NS) + 1,
	        "plain: %llu samples for %lld ns at one per %lld ns: want %.0f%% to 100%% of "
	        "%lld",
	        (unsigned long long)plain.total, plain.counted, THRESHOLD_NS, 100 * PLAIN_KEEP,
	        plain.counted / THRESHOLD_NS);
	double kept = fraction(&random) / fraction(&plain);
	ctest_note("random keeps %.3f of the plain profile's share", kept);
	FAIL_IF(kept < RANDOM_LOW || kept > RANDOM_HIGH,
	        "PAPI_PROFIL_RANDOM kept %llu samples for %lld thresholds (%.3f), the plain "
	        "profile %.3f of its thresholds: a ratio of %.3f, want %.2f..%.2f (a quarter "
	        "dropped)",
	        (unsigned long long)random.total, random.counted / THRESHOLD_NS, fraction(&random),
	        fraction(&plain), kept, RANDOM_LOW, RANDOM_HIGH);

	/* WEIGHTED, where weights are more than 1: the software path. */
	memset(&option, 0, sizeof(option));
	option.itimer.ns = (int)TIMER_NS;
	CHECK_OK(PAPI_set_opt(PAPI_DEF_ITIMER_NS, &option));
	struct result ticks =
	    run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_FORCE_SW, "software", per_ms, 0, 3);
	FAIL_IF(ticks.total > (uint64_t)(ticks.counted / TIMER_NS) + 1,
	        "software profiling: %llu samples for %lld ns, more than one per %lld ns tick",
	        (unsigned long long)ticks.total, ticks.counted, TIMER_NS);
	struct result weighted =
	    run(PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_FORCE_SW | PAPI_PROFIL_WEIGHTED,
	        "software, weighted", per_ms, 0, 1);
	FAIL_IF(fraction(&weighted) < WEIGHTED_KEEP ||
	            weighted.total > (uint64_t)(weighted.counted / THRESHOLD_NS),
	        "PAPI_PROFIL_WEIGHTED: the histogram holds %llu for %lld ns at a threshold of "
	        "%lld ns: want the thresholds crossed, %.0f%% to 100%% of %lld (unweighted, "
	        "one per tick: %llu)",
	        (unsigned long long)weighted.total, weighted.counted, THRESHOLD_NS,
	        100 * WEIGHTED_KEEP, weighted.counted / THRESHOLD_NS,
	        (unsigned long long)ticks.total);

	/* COMPRESS: 16-bit buckets that start PREFILL below the limit. */
	uint64_t floor = 65535 - PREFILL;
	struct result saturated =
	    run(PAPI_PROFIL_BUCKET_16, "16-bit, near the limit", per_ms, floor, 0);
	struct result compressed = run(PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_COMPRESS,
	                               "16-bit, compressed", per_ms, floor, 0);
	if (!ctest_kernel_samples_program()) {
		/* Where the kernel samples: the shapes above, the buckets here. */
		ctest_skip_case("kernel-sampled buckets", CTEST_SAMPLES_ELSEWHERE);
		ctest_pass();
	}
	FAIL_IF(saturated.max != 65535,
	        "16-bit buckets starting at %llu: the fullest reads %llu after %llu samples, want "
	        "65535 (saturated)",
	        (unsigned long long)floor, (unsigned long long)saturated.max,
	        (unsigned long long)plain.total);
	FAIL_IF(saturated.min < floor,
	        "16-bit buckets starting at %llu: one reads %llu, below its start (wrapped?)",
	        (unsigned long long)floor, (unsigned long long)saturated.min);
	int halvings = 0;
	while (halvings < 16 && floor >> halvings > compressed.min)
		halvings++;
	FAIL_IF(halvings == 0 || floor >> halvings != compressed.min,
	        "PAPI_PROFIL_COMPRESS: the buckets no sample reached read %llu, want %llu halved "
	        "one or more times (%llu, %llu, ...)",
	        (unsigned long long)compressed.min, (unsigned long long)floor,
	        (unsigned long long)(floor >> 1), (unsigned long long)(floor >> 2));
	FAIL_IF(compressed.max >= 65535,
	        "PAPI_PROFIL_COMPRESS: the fullest bucket reads %llu: saturated, not compressed",
	        (unsigned long long)compressed.max);
	check_shape(&compressed, "16-bit, compressed", 3);
	ctest_note("compressed: halved %d time(s), buckets %llu..%llu", halvings,
	           (unsigned long long)compressed.min, (unsigned long long)compressed.max);
	ctest_pass();
}
