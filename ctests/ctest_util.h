// SPDX-License-Identifier: BSD-3-Clause
/* Shared helpers of the C test programs.
 *
 * Every test prints exactly one verdict line and exits:
 *   PASSED                       exit 0
 *   SKIPPED: <reason>            exit 0
 *   FAILED <file>:<line>: <why>  exit 1
 * Informational lines go through ctest_note() and are silenced by -q,
 * --quiet or TESTS_QUIET on the command line (PAPI's convention), or by a
 * non-empty CTEST_QUIET in the environment. */
#ifndef CTEST_UTIL_H
#define CTEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "papi.h"

void ctest_init(int argc, char **argv);
bool ctest_is_quiet(void);
void ctest_note(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* A part of a test that this machine cannot check, while the rest runs:
 * prints 'SKIPPED case "NAME": REASON', which scripts/test and the lab
 * report as a skip of its own (NAME/CASE) beside the test's verdict (in
 * the lab a failure unless a case line of lab/expectations.txt allows it
 * there with that reason). The reason names what the environment lacks,
 * never the library's answer. */
void ctest_skip_case(const char *name, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* pass and skip shut PAPI down first when it is initialized, so that leak
 * checkers see a clean exit; fail touches nothing of the library. */
_Noreturn void ctest_pass(void);
_Noreturn void ctest_skip(const char *format, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void ctest_fail(const char *file, int line, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#define FAIL_IF(cond, ...)                                                                         \
	do {                                                                                       \
		if (cond)                                                                          \
			ctest_fail(__FILE__, __LINE__, __VA_ARGS__);                               \
	} while (0)

#define SKIP_IF(cond, ...)                                                                         \
	do {                                                                                       \
		if (cond)                                                                          \
			ctest_skip(__VA_ARGS__);                                                   \
	} while (0)

/* The whole main of a test of a Papillon extension when built against
 * PAPI's own papi.h (no PAPILLON): it skips, naming the extension. */
_Noreturn void ctest_skip_without_papillon(int argc, char **argv, const char *extension);
#define CTEST_MAIN_WITHOUT_PAPILLON(extension)                                                     \
	int main(int argc, char **argv)                                                            \
	{                                                                                          \
		ctest_skip_without_papillon(argc, argv, extension);                                \
	}

/* The process's open file descriptors (the entries of /proc/self/fd, its
 * own listing's included), -1 when they cannot be listed. */
int ctest_open_fds(void);
/* A task's state letter from /proc/PID/stat ('R', 'S', 'Z', ...), '?' when
 * it cannot be read. */
char ctest_task_state(pid_t pid);

/* "PAPI_EINVAL (-1)" for a known code, "<n>" otherwise. */
const char *ctest_errname(int code);
/* "" or "; reason: <PAPI_strreason()>" when the library offers one. */
const char *ctest_reason(void);

/* A PAPI call that must succeed. */
#define CHECK_OK(call)                                                                             \
	do {                                                                                       \
		int ctest_rc_ = (call);                                                            \
		FAIL_IF(ctest_rc_ != PAPI_OK, "%s returned %s%s", #call, ctest_errname(ctest_rc_), \
		        ctest_reason());                                                           \
	} while (0)

/* A PAPI call that must fail with exactly this error. */
#define EXPECT_RC(call, expected)                                                                  \
	do {                                                                                       \
		int ctest_rc_ = (call);                                                            \
		FAIL_IF(ctest_rc_ != (expected), "%s returned %s, expected %s", #call,             \
		        ctest_errname(ctest_rc_), ctest_errname(expected));                        \
	} while (0)

/* A PAPI call that must fail with one of two errors (where PAPI's own
 * documentation allows either). */
#define EXPECT_RC2(call, first, second)                                                            \
	do {                                                                                       \
		int ctest_rc_ = (call);                                                            \
		FAIL_IF(ctest_rc_ != (first) && ctest_rc_ != (second),                             \
		        "%s returned %s, expected %s or %s", #call, ctest_errname(ctest_rc_),      \
		        ctest_errname(first), ctest_errname(second));                              \
	} while (0)

/* PAPI_library_init(PAPI_VER_CURRENT), which must succeed. */
void ctest_library_init(void);

/* Skips the test when the kernel has no software PMU (perf_event_open of
 * task-clock fails with ENOENT, EOPNOTSUPP or ENODEV): then no library
 * could count. Any other refusal (EACCES or EPERM: perf_event_paranoid,
 * seccomp; EINVAL; ENOSYS...) fails the test with the errno's name and what
 * to check: a machine that refuses perf events must not pass as skips. */
void ctest_require_perf_events(void);
/* True when the kernel lets this process count kernel-mode events
 * (perf_event_paranoid < 2, or root/CAP_PERFMON). */
bool ctest_kernel_domain_allowed(void);
/* True when the machine exposes a core PMU (hardware events can open). */
bool ctest_have_core_pmu(void);

struct perf_event_attr;
/* perf_event_open of attr (its size filled in) for this thread on any CPU,
 * outside the library; group_fd -1 for a leader. The fd, or -1 and errno. */
int ctest_perf_open(struct perf_event_attr *attr, int group_fd);

/* Index of the perf_event component; fails the test if absent. */
int ctest_perf_event_cidx(void);
/* An empty perf_event set under the core's software multiplexer
 * (PAPI_MULTIPLEX_FORCE_SW) with slices of slice_ns (0: the default). */
int ctest_software_multiplexed_eventset(int slice_ns);
/* perf_event's software clocks (TASK-CLOCK, CPU-CLOCK and their
 * PERF_COUNT_SW_ names) each with every subset of the modifiers u, k, mg
 * and mh: 64 names of events that count alike, enough to multiplex. */
#define CTEST_CLOCK_VARIANTS 64
/* The name of clock variant index (0 to CTEST_CLOCK_VARIANTS - 1). */
void ctest_clock_variant(int index, char *name, size_t len);
/* A new event set holding these events, added by name in order. */
int ctest_eventset_of(const char *const *names, int count);
/* Removes all events and destroys the set; fails the test on error. */
void ctest_eventset_free(int *eventset);

/* Checks a refusal of the kernel's permission rules: in a child that drops
 * root to "nobody", creates an empty event set bound to perf_event (the
 * library then tries the target at once) and calls attempt(eventset), which
 * must return PAPI_EPERM with a reason containing reason_word. Fails the
 * test, naming what, when it does not. Only meaningful as root. */
void ctest_expect_refused_as_nobody(int (*attempt)(int eventset), const char *reason_word,
                                    const char *what);

/* Clocks, in nanoseconds. */
long long ctest_thread_cpu_ns(void);
long long ctest_monotonic_ns(void);
void ctest_sleep_ns(long long ns);
/* Spins until this thread has used at least ns of CPU time; returns a value
 * derived from the work so the loop cannot be optimised away. */
double ctest_busy_cpu_ns(long long ns);
/* Context switches of the calling thread so far, voluntary and involuntary
 * (getrusage(RUSAGE_THREAD)). */
long ctest_thread_switches(void);
/* The same for any thread or process of this user, by its id (the
 * *_ctxt_switches lines of /proc/TID/status). */
long ctest_task_switches(pid_t tid);
/* A CPU-time clock (clock_getcpuclockid, pthread_getcpuclockid), in ns. */
long long ctest_clock_ns(clockid_t clock);
/* The least perf::TASK-CLOCK or perf::CPU-CLOCK counts for cpu_ns of this
 * thread's CPU time (ctest_thread_cpu_ns) during which the thread was
 * switched in `switches` times (ctest_thread_switches before and after):
 * each switch-in gives the thread CPU time that perf's clocks do not see
 * (see ctest_util.c), and under Valgrind ctest_call_allowance_ns. Exactly
 * cpu_ns for a thread that kept its CPU, natively. */
long long ctest_clock_floor_ns(long long cpu_ns, long switches);
/* Under Valgrind (CTEST_VALGRIND set in the environment, as scripts/memcheck
 * and scripts/tsan-check --helgrind do): the library's calls run tens of
 * times slower, and each path is translated on its first run. */
bool ctest_under_valgrind(void);
/* CPU time the library's calls around a measured interval (PAPI_start before
 * the counters start, PAPI_stop, PAPI_read or PAPI_accum after they stop)
 * may add to the thread's CPU clock and not to the counters: 0 natively,
 * where they take microseconds inside every bound's slack; 5 ms under
 * Valgrind (see ctest_util.c). Floors of CPU-time counts subtract it. */
long long ctest_call_allowance_ns(void);
/* Whether the instruction addresses the kernel samples (perf_event's
 * PERF_SAMPLE_IP, what PAPI_profil buckets) are the program's: not under
 * Valgrind, which runs a translation of the program elsewhere in memory
 * (a signal's context, the software path, still has the program's). */
bool ctest_kernel_samples_program(void);
/* Why a case that needs them is skipped there. */
#define CTEST_SAMPLES_ELSEWHERE                                                                    \
	"under Valgrind the kernel samples the addresses of Valgrind's translation of the "        \
	"program, not the program's"

/* The most perf::TASK-CLOCK or perf::CPU-CLOCK may count for a thread
 * whose CPU clock saw cpu_ns between its set's start and stop: 5% more
 * and 2 ms, plus the interrupt and steal time of the machine since
 * irq_steal_before (ctest_irq_steal_ns, taken before the start), that of
 * every CPU plus one tick (the figure's unit), a bound of this thread's
 * part: a CI run on a loaded host saw a thread's
 * task clock at 56.3 ms for 50.1 ms of its CPU time. A set that also
 * counted another thread's work exceeds it. */
long long ctest_clock_ceiling_ns(long long cpu_ns, long long irq_steal_before);
/* The time this VM's CPUs spent in interrupts (hard and soft) or lost to
 * the hypervisor (steal) so far, all CPUs, from /proc/stat, in ns: time
 * perf's clocks count for the thread that was on the CPU and the thread's
 * own CPU clock does not (where the kernel accounts it apart: 0 where it
 * does not). */
long long ctest_irq_steal_ns(void);
/* The interrupt and steal time of the machine since irq_steal_before
 * (ctest_irq_steal_ns), plus one tick, the figure's unit; 0 when it did
 * not grow. */
long long ctest_irq_steal_allowance_ns(long long irq_steal_before);

/* The profiling tests' workload: two functions of pure arithmetic (no calls,
 * so samples land in their own code), whose addresses the tests histogram. */
void ctest_hot_loop(long iterations);
void ctest_cold_loop(long iterations);
/* Iterations of ctest_hot_loop per millisecond of this thread's CPU time. */
long ctest_hot_loop_per_ms(void);
/* Ten rounds of about 30 ms in ctest_hot_loop then 3 ms in ctest_cold_loop. */
void ctest_hot_cold_rounds(long per_ms);

/* Anonymous private memory of count pages that are not yet backed (no huge
 * pages, so each touched page takes exactly one fault). */
size_t ctest_page_size(void);
char *ctest_fresh_pages(size_t count);
/* Writes one byte of each page from user mode. */
void ctest_touch_pages(char *pages, size_t count);
/* Has the kernel write every page (read() from /dev/zero): the faults are
 * taken in kernel mode. */
void ctest_kernel_fill_pages(char *pages, size_t count);
void ctest_free_pages(char *pages, size_t count);

/* Reads a "key : value" line of /proc/cpuinfo (first CPU) into value;
 * returns false when the key is absent. */
bool ctest_cpuinfo_field(const char *key, char *value, size_t value_len);
/* Reads one integer from a (sysfs/proc) file; returns false if unreadable. */
bool ctest_read_long(const char *path, long *value);
/* True if the path exists. */
bool ctest_path_exists(const char *path);
/* True in a statically linked program (the lab's), which loads no shared objects. */
bool ctest_statically_linked(void);

#endif
