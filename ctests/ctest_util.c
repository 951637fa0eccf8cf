// SPDX-License-Identifier: BSD-3-Clause
/* Shared helpers of the C test programs (see ctest_util.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "ctest_util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static bool quiet;

void ctest_init(int argc, char **argv)
{
	const char *env = getenv("CTEST_QUIET");

	if (env != NULL && env[0] != '\0')
		quiet = true;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-q") == 0 || strcmp(argv[i], "--quiet") == 0 ||
		    strcmp(argv[i], "TESTS_QUIET") == 0)
			quiet = true;
	}
	/* Verdict lines must survive a crash that follows them. */
	setvbuf(stdout, NULL, _IOLBF, 0);
}

bool ctest_is_quiet(void)
{
	return quiet;
}

void ctest_note(const char *format, ...)
{
	va_list args;

	if (quiet)
		return;
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	putchar('\n');
}

void ctest_skip_case(const char *name, const char *format, ...)
{
	va_list args;

	printf("SKIPPED case \"%s\": ", name);
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	putchar('\n');
}

static void shutdown_library(void)
{
	if (PAPI_is_initialized() != PAPI_NOT_INITED)
		PAPI_shutdown();
}

void ctest_pass(void)
{
	shutdown_library();
	printf("PASSED\n");
	fflush(stdout);
	exit(0);
}

void ctest_skip(const char *format, ...)
{
	va_list args;

	shutdown_library();
	printf("SKIPPED: ");
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
	exit(0);
}

void ctest_skip_without_papillon(int argc, char **argv, const char *extension)
{
	ctest_init(argc, argv);
	ctest_skip("%s: a Papillon extension, and this papi.h is not Papillon's", extension);
}

void ctest_fail(const char *file, int line, const char *format, ...)
{
	va_list args;
	const char *base = strrchr(file, '/');

	printf("FAILED %s:%d: ", base != NULL ? base + 1 : file, line);
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
	exit(1);
}

static const char *const error_names[] = {
    [0] = "PAPI_OK",
    [-PAPI_EINVAL] = "PAPI_EINVAL",
    [-PAPI_ENOMEM] = "PAPI_ENOMEM",
    [-PAPI_ESYS] = "PAPI_ESYS",
    [-PAPI_ECMP] = "PAPI_ECMP",
    [-PAPI_ECLOST] = "PAPI_ECLOST",
    [-PAPI_EBUG] = "PAPI_EBUG",
    [-PAPI_ENOEVNT] = "PAPI_ENOEVNT",
    [-PAPI_ECNFLCT] = "PAPI_ECNFLCT",
    [-PAPI_ENOTRUN] = "PAPI_ENOTRUN",
    [-PAPI_EISRUN] = "PAPI_EISRUN",
    [-PAPI_ENOEVST] = "PAPI_ENOEVST",
    [-PAPI_ENOTPRESET] = "PAPI_ENOTPRESET",
    [-PAPI_ENOCNTR] = "PAPI_ENOCNTR",
    [-PAPI_EMISC] = "PAPI_EMISC",
    [-PAPI_EPERM] = "PAPI_EPERM",
    [-PAPI_ENOINIT] = "PAPI_ENOINIT",
    [-PAPI_ENOCMP] = "PAPI_ENOCMP",
    [-PAPI_ENOSUPP] = "PAPI_ENOSUPP",
    [-PAPI_ENOIMPL] = "PAPI_ENOIMPL",
    [-PAPI_EBUF] = "PAPI_EBUF",
    [-PAPI_EINVAL_DOM] = "PAPI_EINVAL_DOM",
    [-PAPI_EATTR] = "PAPI_EATTR",
    [-PAPI_ECOUNT] = "PAPI_ECOUNT",
    [-PAPI_ECOMBO] = "PAPI_ECOMBO",
    [-PAPI_ECMP_DISABLED] = "PAPI_ECMP_DISABLED",
    [-PAPI_EDELAY_INIT] = "PAPI_EDELAY_INIT",
    [-PAPI_EMULPASS] = "PAPI_EMULPASS",
};

const char *ctest_errname(int code)
{
	/* Several buffers, so that one message can name several codes. */
	static _Thread_local char texts[4][64];
	static _Thread_local unsigned next;
	char *text = texts[next++ % 4];
	int count = (int)(sizeof(error_names) / sizeof(error_names[0]));

	if (code <= 0 && code > -count && error_names[-code] != NULL)
		snprintf(text, sizeof(texts[0]), "%s (%d)", error_names[-code], code);
	else
		snprintf(text, sizeof(texts[0]), "%d", code);
	return text;
}

const char *ctest_reason(void)
{
#ifdef PAPILLON
	static _Thread_local char text[PAPI_HUGE_STR_LEN + 16];
	const char *reason = PAPI_strreason();

	if (reason == NULL || reason[0] == '\0')
		return "";
	snprintf(text, sizeof(text), "; reason: %s", reason);
	return text;
#else
	return "";
#endif
}

void ctest_library_init(void)
{
	int version = PAPI_library_init(PAPI_VER_CURRENT);

	FAIL_IF(version != PAPI_VER_CURRENT, "PAPI_library_init(PAPI_VER_CURRENT) returned %s%s",
	        ctest_errname(version), ctest_reason());
}

int ctest_perf_open(struct perf_event_attr *attr, int group_fd)
{
	attr->size = sizeof(*attr);
	return (int)syscall(SYS_perf_event_open, attr, 0, -1, group_fd, 0);
}

static int open_software_event(unsigned long long config, bool exclude_kernel)
{
	struct perf_event_attr attr = {.type = PERF_TYPE_SOFTWARE,
	                               .config = config,
	                               .disabled = 1,
	                               .exclude_kernel = exclude_kernel,
	                               .exclude_hv = 1};
	return ctest_perf_open(&attr, -1);
}

/* The name of the errno values perf_event_open is documented to return,
 * for a failure message one can search for. */
static const char *perf_errno_name(int err)
{
	switch (err) {
	case EACCES:
		return "EACCES";
	case EPERM:
		return "EPERM";
	case EINVAL:
		return "EINVAL";
	case ENOENT:
		return "ENOENT";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case ENODEV:
		return "ENODEV";
	case ENOSYS:
		return "ENOSYS";
	case EMFILE:
		return "EMFILE";
	case EBUSY:
		return "EBUSY";
	case E2BIG:
		return "E2BIG";
	default:
		return "errno";
	}
}

void ctest_require_perf_events(void)
{
	int fd = open_software_event(PERF_COUNT_SW_TASK_CLOCK, true);
	int err = errno;

	if (fd >= 0) {
		close(fd);
		return;
	}
	/* Only these three say that the kernel has no such PMU (here the
	 * software one): no library could count, and that says nothing about
	 * Papillon. Anything else is a machine that refuses what it has (a
	 * paranoid sysctl, a seccomp filter, a broken kernel): a skip there
	 * would hide every test that calls this, so it fails with the reason. */
	if (err == ENOENT || err == EOPNOTSUPP || err == ENODEV)
		ctest_skip("no software PMU on this kernel: perf_event_open(task-clock) fails with "
		           "%s (%s)",
		           perf_errno_name(err), strerror(err));
	if (err == EACCES || err == EPERM)
		ctest_fail(
		    __FILE__, __LINE__,
		    "perf_event_open(task-clock, user space only) fails with %s (%s): this "
		    "process is refused perf events; check /proc/sys/kernel/perf_event_paranoid "
		    "(3 refuses unprivileged users) and the seccomp filter of the container "
		    "(Docker's default refuses perf_event_open with EPERM)",
		    perf_errno_name(err), strerror(err));
	ctest_fail(__FILE__, __LINE__,
	           "perf_event_open(task-clock, user space only) fails with %s %d (%s): the kernel "
	           "refuses the simplest event (EINVAL: an attr it does not take; ENOSYS: no "
	           "perf_event_open, or a seccomp filter that answers ENOSYS)",
	           perf_errno_name(err), err, strerror(err));
}

bool ctest_kernel_domain_allowed(void)
{
	int fd = open_software_event(PERF_COUNT_SW_PAGE_FAULTS, false);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool ctest_have_core_pmu(void)
{
	if (ctest_path_exists("/sys/bus/event_source/devices/cpu"))
		return true;
	struct perf_event_attr attr = {.type = PERF_TYPE_HARDWARE,
	                               .config = PERF_COUNT_HW_INSTRUCTIONS,
	                               .disabled = 1,
	                               .exclude_kernel = 1,
	                               .exclude_hv = 1};
	int fd = ctest_perf_open(&attr, -1);
	if (fd >= 0) {
		close(fd);
		return true;
	}
	/* Only these say "no such hardware"; EACCES and friends mean a PMU
	 * that exists but is not ours to use. */
	return !(errno == ENOENT || errno == EOPNOTSUPP || errno == ENODEV);
}

int ctest_perf_event_cidx(void)
{
	int cidx = PAPI_get_component_index("perf_event");

	FAIL_IF(cidx < 0, "PAPI_get_component_index(\"perf_event\") returned %s",
	        ctest_errname(cidx));
	return cidx;
}

int ctest_software_multiplexed_eventset(int slice_ns)
{
	PAPI_option_t option;
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	option.multiplex.flags = PAPI_MULTIPLEX_FORCE_SW;
	option.multiplex.ns = slice_ns;
	CHECK_OK(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	return eventset;
}

void ctest_clock_variant(int index, char *name, size_t len)
{
	static const char *const bases[] = {"TASK-CLOCK", "PERF_COUNT_SW_TASK_CLOCK", "CPU-CLOCK",
	                                    "PERF_COUNT_SW_CPU_CLOCK"};
	static const char *const modifiers[] = {"u", "k", "mg", "mh"};
	int subset = index % 16;
	size_t used = (size_t)snprintf(name, len, "perf::%s", bases[index / 16 % 4]);
	for (int m = 0; m < 4; m++)
		if (subset & (1 << m))
			used += (size_t)snprintf(name + used, len - used, ":%s", modifiers[m]);
}

/* The child's side of ctest_expect_refused_as_nobody: its exit status says
 * which step went wrong (0: refused as expected). */
static int refused_as_nobody(int (*attempt)(int eventset), const char *reason_word)
{
	int eventset = PAPI_NULL;
	if (setgid(65534) != 0 || setuid(65534) != 0)
		return 3;
	if (PAPI_create_eventset(&eventset) != PAPI_OK ||
	    PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()) != PAPI_OK)
		return 4;
	if (attempt(eventset) != PAPI_EPERM)
		return 5;
#ifdef PAPILLON
	if (!strstr(PAPI_strreason(), reason_word))
		return 6;
#else
	(void)reason_word;
#endif
	return 0;
}

void ctest_expect_refused_as_nobody(int (*attempt)(int eventset), const char *reason_word,
                                    const char *what)
{
	static const char *const steps[] = {[3] = "could not drop root",
	                                    [4] = "could not create a perf_event set",
	                                    [5] = "not refused with PAPI_EPERM",
	                                    [6] = "the reason does not name"};
	int status;
	pid_t child = fork();

	FAIL_IF(child < 0, "fork failed");
	if (child == 0)
		_exit(refused_as_nobody(attempt, reason_word));
	FAIL_IF(waitpid(child, &status, 0) != child, "waitpid failed");
	int step = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	FAIL_IF(step != 0, "as nobody, %s: %s %s (child status %d)", what,
	        step >= 3 && step <= 6 ? steps[step] : "the child died",
	        step == 6 ? reason_word : "", step);
}

int ctest_eventset_of(const char *const *names, int count)
{
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	for (int i = 0; i < count; i++) {
		int rc = PAPI_add_named_event(eventset, names[i]);

		FAIL_IF(rc != PAPI_OK, "PAPI_add_named_event(\"%s\") returned %s%s", names[i],
		        ctest_errname(rc), ctest_reason());
	}
	return eventset;
}

void ctest_eventset_free(int *eventset)
{
	CHECK_OK(PAPI_cleanup_eventset(*eventset));
	CHECK_OK(PAPI_destroy_eventset(eventset));
	FAIL_IF(*eventset != PAPI_NULL,
	        "PAPI_destroy_eventset left the handle at %d, not PAPI_NULL", *eventset);
}

static long long clock_ns(clockid_t clock)
{
	struct timespec now;

	if (clock_gettime(clock, &now) != 0)
		ctest_fail(__FILE__, __LINE__, "clock_gettime(%d): %s", (int)clock,
		           strerror(errno));
	return now.tv_sec * 1000000000LL + now.tv_nsec;
}

long long ctest_thread_cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

long long ctest_monotonic_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

void ctest_sleep_ns(long long ns)
{
	struct timespec left = {.tv_sec = ns / 1000000000LL, .tv_nsec = ns % 1000000000LL};

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
}

double ctest_busy_cpu_ns(long long ns)
{
	long long end = ctest_thread_cpu_ns() + ns;
	volatile double sum = 0.0;

	do {
		for (int i = 1; i <= 20000; i++)
			sum += 1.0 / i;
	} while (ctest_thread_cpu_ns() < end);
	return sum;
}

long ctest_thread_switches(void)
{
	struct rusage usage;

	FAIL_IF(getrusage(RUSAGE_THREAD, &usage) != 0, "getrusage(RUSAGE_THREAD): %s",
	        strerror(errno));
	return usage.ru_nvcsw + usage.ru_nivcsw;
}

long ctest_task_switches(pid_t tid)
{
	char path[64], line[128];
	long total = 0, count;
	int found = 0;
	FILE *status;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	status = fopen(path, "re");
	FAIL_IF(!status, "cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), status)) {
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &count) == 1 ||
		    sscanf(line, "nonvoluntary_ctxt_switches: %ld", &count) == 1) {
			total += count;
			found++;
		}
	}
	fclose(status);
	FAIL_IF(found != 2, "%s has %d context-switch lines, not 2", path, found);
	return total;
}

long long ctest_clock_ns(clockid_t clock)
{
	return clock_ns(clock);
}

/* Why perf's clocks read less than the thread's CPU time on a busy machine:
 * the scheduler charges a thread's CPU time (sum_exec_runtime, which
 * CLOCK_THREAD_CPUTIME_ID reads) from the run-queue clock read at the top of
 * __schedule() on the CPU that switches to it, before the pick, switch_mm and
 * switch_to; perf starts the thread's task-clock and cpu-clock only when it
 * schedules the thread's event context in, in finish_task_switch() after all
 * of those. Every switch-in thus adds CPU time that the clocks do not count.
 * Measured on a 2-core KVM guest (kernel 6.18) with 2, 4 and 8 busy loops
 * on its cores: 1.5 to 30 us per switch-in, whatever the load (300 ms of
 * work with about 220 switches: TASK-CLOCK up to 5.8 ms short), about 4 us
 * on a quiet machine; 62 us per switch-in once (2 switch-ins, TASK-CLOCK
 * 125 us short of 50 ms of work) while a second test suite ran beside the
 * ctests. 150 us covers that with room to spare, is still 1/300 of the
 * shortest work a test measures this way, and stays exact for a thread
 * that kept its CPU. */
#define SWITCH_IN_ALLOWANCE_NS 150000LL

bool ctest_under_valgrind(void)
{
	const char *env = getenv("CTEST_VALGRIND");
	return env && *env;
}

/* Under Memcheck, PAPI_start and PAPI_stop around task_clock's and accum's
 * first intervals took 2.2 ms of CPU time that TASK-CLOCK did not see (on
 * this 2-core VM under a load of 20; natively 10 to 20 us): Valgrind
 * translates each path the first time it runs, then runs it tens of times
 * slower than native. 5 ms covers that with room, and is still a quarter
 * of the shortest interval a test measures this way (task_clock's 20 ms). */
#define VALGRIND_CALL_ALLOWANCE_NS 5000000LL

long long ctest_call_allowance_ns(void)
{
	return ctest_under_valgrind() ? VALGRIND_CALL_ALLOWANCE_NS : 0;
}

bool ctest_kernel_samples_program(void)
{
	return !ctest_under_valgrind();
}

long long ctest_clock_floor_ns(long long cpu_ns, long switches)
{
	return cpu_ns - switches * SWITCH_IN_ALLOWANCE_NS - ctest_call_allowance_ns();
}

static long long tick_ns(void)
{
	long ticks = sysconf(_SC_CLK_TCK);
	return ticks > 0 ? 1000000000LL / ticks : 10000000LL;
}

long long ctest_irq_steal_ns(void)
{
	unsigned long long field[8] = {0};
	FILE *file = fopen("/proc/stat", "r");
	if (!file)
		return 0;
	/* cpu user nice system idle iowait irq softirq steal ... */
	int read = fscanf(file, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &field[0], &field[1],
	                  &field[2], &field[3], &field[4], &field[5], &field[6], &field[7]);
	fclose(file);
	return read == 8 ? (long long)(field[5] + field[6] + field[7]) * tick_ns() : 0;
}

long long ctest_irq_steal_allowance_ns(long long irq_steal_before)
{
	long long stolen = ctest_irq_steal_ns() - irq_steal_before;
	return stolen > 0 ? stolen + tick_ns() : 0;
}

long long ctest_clock_ceiling_ns(long long cpu_ns, long long irq_steal_before)
{
	return cpu_ns * 105 / 100 + 2000000 + ctest_irq_steal_allowance_ns(irq_steal_before);
}

static volatile double profiling_sink;

__attribute__((noinline)) void ctest_hot_loop(long iterations)
{
	double x = profiling_sink;
	for (long i = 0; i < iterations; i++)
		x = x * 1.0000001 + 0.5;
	profiling_sink = x;
}

__attribute__((noinline)) void ctest_cold_loop(long iterations)
{
	double x = profiling_sink;
	for (long i = 0; i < iterations; i++)
		x = x * 0.9999999 + 0.25;
	profiling_sink = x;
}

long ctest_hot_loop_per_ms(void)
{
	long long t0 = ctest_thread_cpu_ns();
	ctest_hot_loop(10000000);
	long long t1 = ctest_thread_cpu_ns();
	return (long)(10000000LL * 1000000LL / (t1 - t0 > 0 ? t1 - t0 : 1));
}

void ctest_hot_cold_rounds(long per_ms)
{
	for (int round = 0; round < 10; round++) {
		ctest_hot_loop(per_ms * 30);
		ctest_cold_loop(per_ms * 3);
	}
}

size_t ctest_page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

char *ctest_fresh_pages(size_t count)
{
	size_t length = count * ctest_page_size();
	void *pages =
	    mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	FAIL_IF(pages == MAP_FAILED, "mmap of %zu bytes: %s", length, strerror(errno));
	/* A transparent huge page would serve 512 pages with one fault. A
	 * kernel without THP refuses the advice: it has no huge pages to give. */
	FAIL_IF(madvise(pages, length, MADV_NOHUGEPAGE) != 0 && errno != EINVAL,
	        "madvise(MADV_NOHUGEPAGE): %s", strerror(errno));
	return pages;
}

/* Not instrumented: AddressSanitizer's shadow reads would add faults. */
__attribute__((no_sanitize_address)) void ctest_touch_pages(char *pages, size_t count)
{
	size_t page = ctest_page_size();
	volatile char *bytes = pages;

	for (size_t i = 0; i < count; i++)
		bytes[i * page] = (char)(i + 1);
}

void ctest_kernel_fill_pages(char *pages, size_t count)
{
	size_t length = count * ctest_page_size();
	int zero = open("/dev/zero", O_RDONLY);
	long done;

	FAIL_IF(zero < 0, "open(/dev/zero): %s", strerror(errno));
	/* The raw system call: a sanitizer's read() wrapper would touch the
	 * buffer's shadow from user mode. */
	done = syscall(SYS_read, zero, pages, length);
	FAIL_IF(done != (long)length, "read(/dev/zero, %zu) returned %ld", length, done);
	close(zero);
}

void ctest_free_pages(char *pages, size_t count)
{
	munmap(pages, count * ctest_page_size());
}

bool ctest_cpuinfo_field(const char *key, char *value, size_t value_len)
{
	FILE *cpuinfo = fopen("/proc/cpuinfo", "r");
	char line[4096];
	size_t key_len = strlen(key);
	bool found = false;

	if (cpuinfo == NULL)
		return false;
	while (!found && fgets(line, sizeof(line), cpuinfo) != NULL) {
		char *colon;
		size_t name_len;

		if (strncmp(line, key, key_len) != 0)
			continue;
		colon = strchr(line, ':');
		if (colon == NULL)
			continue;
		/* The key must be the whole name: "model" is not "model name". */
		name_len = key_len;
		while (line[name_len] == ' ' || line[name_len] == '\t')
			name_len++;
		if (line + name_len != colon)
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(value, value_len, "%s", colon);
		found = true;
	}
	fclose(cpuinfo);
	return found;
}

bool ctest_read_long(const char *path, long *value)
{
	FILE *file = fopen(path, "r");
	bool ok;

	if (file == NULL)
		return false;
	ok = fscanf(file, "%ld", value) == 1;
	fclose(file);
	return ok;
}

bool ctest_path_exists(const char *path)
{
	struct stat info;

	return stat(path, &info) == 0;
}

/* The dynamic section exists only in dynamically linked programs. */
extern const char _DYNAMIC[] __attribute__((weak));

bool ctest_statically_linked(void)
{
	return _DYNAMIC == NULL;
}

int ctest_open_fds(void)
{
	int count = 0;
	DIR *dir = opendir("/proc/self/fd");
	if (!dir)
		return -1;
	while (readdir(dir))
		count++;
	closedir(dir);
	return count;
}

char ctest_task_state(pid_t pid)
{
	char path[64], line[512], state = '?';
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *file = fopen(path, "r");
	if (!file)
		return state;
	if (fgets(line, sizeof line, file)) {
		const char *close = strrchr(line, ')');
		if (close && close[1] == ' ')
			state = close[2];
	}
	fclose(file);
	return state;
}
