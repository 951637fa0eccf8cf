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
 * Real cycles read the architecture's free-running counter without a system
 * call and scale it to cycles of cpu_mhz:
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
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "papi.h"
#include "timers.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HAVE_CYCLE_COUNTER 1
#elif defined(__aarch64__) || defined(__powerpc64__) || (defined(__riscv) && __riscv_xlen == 64)
#define HAVE_CYCLE_COUNTER 1
#else
#define HAVE_CYCLE_COUNTER 0
#endif

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

#if HAVE_CYCLE_COUNTER
static inline uint64_t read_counter(void)
{
#if defined(__x86_64__) || defined(__i386__)
	uint32_t lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
	uint64_t ticks;
	/* isb: do not let the read run ahead of earlier instructions. */
	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks)::"memory");
	return ticks;
#elif defined(__powerpc64__)
	uint64_t ticks;
	__asm__ __volatile__("mfspr %0, 268" : "=r"(ticks)); /* TBR 268: time base */
	return ticks;
#else
	uint64_t ticks;
	__asm__ __volatile__("rdtime %0" : "=r"(ticks));
	return ticks;
#endif
}

#if !defined(__x86_64__) && !defined(__i386__)
/* Ticks per second of the counter, or 0 if unknown. */
static double counter_frequency(void)
{
#if defined(__aarch64__)
	uint64_t frequency;
	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(frequency));
	return (double)frequency;
#elif defined(__powerpc64__)
	FILE *cpuinfo = fopen("/proc/cpuinfo", "re");
	double frequency = 0;
	char line[256];
	while (cpuinfo && fgets(line, sizeof(line), cpuinfo))
		if (strncmp(line, "timebase", 8) == 0 && strchr(line, ':'))
			sscanf(strchr(line, ':') + 1, "%lf", &frequency);
	if (cpuinfo)
		fclose(cpuinfo);
	return frequency;
#else
	/* A big-endian cell (or two) of the device tree's /cpus node. */
	FILE *property = fopen("/proc/device-tree/cpus/timebase-frequency", "re");
	if (!property)
		return 0;
	unsigned char cells[8];
	size_t got = fread(cells, 1, sizeof(cells), property);
	fclose(property);
	uint64_t frequency = 0;
	for (size_t i = 0; i < got; i++)
		frequency = frequency << 8 | cells[i];
	return (got == 4 || got == 8) ? (double)frequency : 0;
#endif
}
#endif

/* CPU cycles per counter tick, or 0 if the counter is not usable as a clock. */
static double counter_cycles_per_tick(double cycles_per_ns)
{
#if defined(__x86_64__) || defined(__i386__)
	/* Invariant TSC: CPUID 0x80000007 EDX bit 8 (Intel SDM, AMD APM); the
	 * kernel's constant_tsc and nonstop_tsc flags derive from it. */
	unsigned eax, ebx, ecx, edx;
	(void)cycles_per_ns;
	if (!__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) || eax < 0x80000007u)
		return 0;
	__cpuid(0x80000007u, eax, ebx, ecx, edx);
	return (edx & (1u << 8)) ? 1.0 : 0;
#else
	double frequency = counter_frequency();
	return frequency > 0 ? cycles_per_ns * 1e9 / frequency : 0;
#endif
}
#endif

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
#if HAVE_CYCLE_COUNTER
	double cycles_per_tick = counter_cycles_per_tick(cycles_per_ns);
	if (cycles_per_tick > 0) {
		real = multiplier_for(cycles_per_tick);
		from_counter = 1;
	}
#endif
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
#if HAVE_CYCLE_COUNTER
	if (atomic_load_explicit(&real_from_counter, memory_order_relaxed))
		return (long long)scale(read_counter(), multiplier);
#endif
	return (long long)scale((uint64_t)timers_real_nsec(), multiplier);
}

long long timers_virt_cycles(void)
{
	uint64_t multiplier = atomic_load_explicit(&virt_multiplier, memory_order_relaxed);
	return (long long)scale((uint64_t)timers_virt_nsec(), multiplier);
}
