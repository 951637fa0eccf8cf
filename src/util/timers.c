// SPDX-License-Identifier: BSD-3-Clause
/* Real and virtual time, in nanoseconds and in CPU cycles.
 *
 * Real nanoseconds come from CLOCK_MONOTONIC: PAPI promises time "since some
 * arbitrary starting point", and MONOTONIC never steps (unlike REALTIME, which
 * PAPI 7.0 reads) while its rate is NTP-disciplined to true seconds (unlike
 * MONOTONIC_RAW, which runs at the uncorrected oscillator rate, off by tens of
 * ppm). Both are vDSO calls, no system call.
 *
 * Virtual nanoseconds are the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
 * PAPI's virtual time is per thread.
 *
 * Real cycles read the architecture's timestamp counter (src/arch/) without
 * a system call and scale it to cycles of cpu_mhz:
 *   x86      rdtsc, when the TSC is invariant (constant rate, never stops);
 *            its ticks are already nominal CPU cycles, reported as they are,
 *            as PAPI does.
 *   arm64    cntvct_el0 at cntfrq_el0 Hz, scaled.
 *   ppc64    the time base at /proc/cpuinfo's "timebase" Hz, scaled.
 *   riscv64  rdtime at the device tree's timebase-frequency Hz, scaled.
 * Elsewhere, or when a frequency is unknown: real nanoseconds * cpu_mhz / 1000.
 * Virtual cycles are always virtual nanoseconds * cpu_mhz / 1000 (PAPI's rule).
 * With cpu_mhz unknown (<= 0) a cycle is taken as one nanosecond. */
#include "config.h"

#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "arch/arch.h"
#include "util/error.h"
#include "papi.h"
#include "util/timers.h"

/* cycles = (value * multiplier) >> 32. Written by timers_init before the
 * library is marked initialized; relaxed atomics keep a racing early reader
 * defined (it sees either the old or the new setting of each field). */
#define FIXED_ONE (UINT64_C(1) << 32)
static _Atomic uint64_t real_multiplier = FIXED_ONE;
static _Atomic uint64_t virt_multiplier = FIXED_ONE;
static _Atomic int real_from_counter;

static uint64_t scale(uint64_t value, uint64_t multiplier)
{
	return (uint64_t)(((unsigned __int128)value * multiplier) >> 32);
}

static uint64_t multiplier_for(double cycles_per_tick)
{
	return (uint64_t)(cycles_per_tick * (double)FIXED_ONE + 0.5);
}

/* CPU cycles per timestamp-counter tick, or 0 if the counter is not usable
 * as a clock here. */
static double counter_cycles_per_tick(double cycles_per_ns)
{
	if (arch_timestamp_is_cpu_cycles())
		return 1.0;
	double hz = arch_timestamp_hz();
	return hz > 0 ? cycles_per_ns * 1e9 / hz : 0;
}

int timers_init(double cpu_mhz)
{
	struct timespec res;
	if (clock_getres(CLOCK_MONOTONIC, &res) != 0 ||
	    clock_getres(CLOCK_THREAD_CPUTIME_ID, &res) != 0)
		return papi_error_set(PAPI_ESYS,
		                      "the monotonic or thread CPU-time clock is missing");

	double cycles_per_ns = cpu_mhz > 0 ? cpu_mhz / 1000.0 : 1.0;
	uint64_t real = multiplier_for(cycles_per_ns);
	int from_counter = 0;
	double cycles_per_tick = counter_cycles_per_tick(cycles_per_ns);
	if (cycles_per_tick > 0) {
		real = multiplier_for(cycles_per_tick);
		from_counter = 1;
	}
	atomic_store_explicit(&real_multiplier, real, memory_order_relaxed);
	atomic_store_explicit(&virt_multiplier, multiplier_for(cycles_per_ns),
	                      memory_order_relaxed);
	atomic_store_explicit(&real_from_counter, from_counter, memory_order_relaxed);
	return PAPI_OK;
}

static long long clock_nsec(clockid_t clock)
{
	struct timespec now;
	if (clock_gettime(clock, &now) != 0)
		return 0;
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

long long timers_real_nsec(void)
{
	return clock_nsec(CLOCK_MONOTONIC);
}

long long timers_virt_nsec(void)
{
	return clock_nsec(CLOCK_THREAD_CPUTIME_ID);
}

long long timers_real_cycles(void)
{
	uint64_t multiplier = atomic_load_explicit(&real_multiplier, memory_order_relaxed);
	if (atomic_load_explicit(&real_from_counter, memory_order_relaxed))
		return (long long)scale(arch_timestamp_read(), multiplier);
	return (long long)scale((uint64_t)timers_real_nsec(), multiplier);
}

long long timers_virt_cycles(void)
{
	uint64_t multiplier = atomic_load_explicit(&virt_multiplier, memory_order_relaxed);
	return (long long)scale((uint64_t)timers_virt_nsec(), multiplier);
}
