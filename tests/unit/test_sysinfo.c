// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the system-information and timer modules (src/sysinfo_*.c,
 * src/util/timers.c): every value is checked against an independent source
 * (sysconf, cpuid, sysfs, readlink, dladdr, clock_gettime). */
#include "config.h"

#include <dlfcn.h>
#include <ftw.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "sysinfo/sysinfo.h"
#include "core/system_info.h"
#include "util/timers.h"
#include "unit_assert.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static PAPI_hw_info_t hw;

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *file = fopen(path, "r");
	if (!file)
		return 0;
	int ok = fgets(buf, (int)len, file) != NULL;
	fclose(file);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* Members of a sysfs CPU list ("0-3,8"); stores up to max of them in out. */
static int list_members(const char *list, int *out, int max)
{
	int count = 0, lo, hi, used;
	while (sscanf(list, "%d%n", &lo, &used) == 1) {
		list += used;
		hi = lo;
		if (*list == '-' && sscanf(list + 1, "%d%n", &hi, &used) == 1)
			list += 1 + used;
		for (int cpu = lo; cpu <= hi; cpu++, count++)
			if (out && count < max)
				out[count] = cpu;
		if (*list++ != ',')
			break;
	}
	return count;
}

static int list_count(const char *list)
{
	return list_members(list, NULL, 0);
}

static int first_online_cpu(void)
{
	char list[4096];
	int cpu = 0;
	if (read_line("/sys/devices/system/cpu/online", list, sizeof(list)))
		sscanf(list, "%d", &cpu);
	return cpu;
}

static long long timespec_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void sleep_ns(long long ns)
{
	struct timespec ts = {ns / 1000000000LL, ns % 1000000000LL};
	while (nanosleep(&ts, &ts) != 0)
		;
}

static void spin_thread_cpu(long long ns)
{
	long long end = timespec_ns(CLOCK_THREAD_CPUTIME_ID) + ns;
	while (timespec_ns(CLOCK_THREAD_CPUTIME_ID) < end)
		;
}

static int init_hardware_suite(void)
{
	return sysinfo_hardware(&hw) == PAPI_OK ? 0 : -1;
}

static void test_totalcpus_is_online_cpus(void)
{
	CU_ASSERT_EQUAL(hw.totalcpus, sysconf(_SC_NPROCESSORS_ONLN));
}

static void test_topology_counts(void)
{
	CU_ASSERT(hw.threads >= 1 && hw.cores >= 1 && hw.sockets >= 1 && hw.nnodes >= 1);
	char list[4096];
	int nodes_with_cpus = 1;
	if (read_line("/sys/devices/system/node/has_cpu", list, sizeof(list)))
		nodes_with_cpus = list_count(list);
	CU_ASSERT_EQUAL(hw.ncpu, hw.totalcpus / nodes_with_cpus);
	int nodes = 1;
	if (read_line("/sys/devices/system/node/online", list, sizeof(list)))
		nodes = list_count(list);
	CU_ASSERT_EQUAL(hw.nnodes, nodes);
}

/* sockets * cores * threads == totalcpus holds when every core has the same
 * number of hardware threads (not on hybrid parts). */
static void test_topology_product(void)
{
	char online[4096], path[128], siblings[4096];
	CU_ASSERT_FATAL(read_line("/sys/devices/system/cpu/online", online, sizeof(online)));
	int count = list_count(online);
	int *cpus = calloc((size_t)count, sizeof(int));
	CU_ASSERT_FATAL(cpus != NULL);
	list_members(online, cpus, count);
	int homogeneous = 1;
	for (int i = 0; i < count; i++) {
		snprintf(path, sizeof(path),
		         "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpus[i]);
		if (read_line(path, siblings, sizeof(siblings)) &&
		    list_count(siblings) != hw.threads)
			homogeneous = 0;
	}
	free(cpus);
	if (homogeneous) {
		CU_ASSERT_EQUAL(hw.sockets * hw.cores * hw.threads, hw.totalcpus);
	}
	CU_ASSERT(hw.sockets * hw.cores * hw.threads >= hw.totalcpus);
}

#if defined(__x86_64__) || defined(__i386__)
/* The value of the first "key : value" line of /proc/cpuinfo whose key is
 * exactly `key` (so "model" is not "model name"); 0 if there is none. */
static int cpuinfo_field(const char *key, char *value, size_t len)
{
	FILE *file = fopen("/proc/cpuinfo", "r");
	char line[1024];
	int found = 0;
	size_t key_len = strlen(key);
	while (file && !found && fgets(line, sizeof(line), file)) {
		if (strncmp(line, key, key_len) != 0)
			continue;
		const char *rest = line + key_len;
		rest += strspn(rest, " \t");
		if (*rest != ':')
			continue;
		rest += 1 + strspn(rest + 1, " \t");
		snprintf(value, len, "%s", rest);
		value[strcspn(value, "\n")] = '\0';
		found = 1;
	}
	if (file)
		fclose(file);
	return found;
}

/* Under Valgrind, cpuid answers for Valgrind's own synthetic CPU (its
 * vendor, family, model and stepping, whatever the host's), while the
 * library reads the kernel's record of the host CPU in /proc/cpuinfo: the
 * instruction is no independent source there, so the identity is checked
 * against /proc/cpuinfo itself (what still holds: the library reports the
 * host's CPU, decoded as PAPI does). Natively the test keeps cpuid. */
static void test_identity_under_valgrind(void)
{
	char vendor[128], number[64];
	CU_ASSERT_FATAL(cpuinfo_field("vendor_id", vendor, sizeof(vendor)));
	CU_ASSERT_STRING_EQUAL(hw.vendor_string, vendor);
	if (strcmp(vendor, "GenuineIntel") == 0) {
		CU_ASSERT_EQUAL(hw.vendor, PAPI_VENDOR_INTEL);
	} else if (strcmp(vendor, "AuthenticAMD") == 0) {
		CU_ASSERT_EQUAL(hw.vendor, PAPI_VENDOR_AMD);
	}
	CU_ASSERT_FATAL(cpuinfo_field("cpu family", number, sizeof(number)));
	CU_ASSERT_EQUAL(hw.cpuid_family, atoi(number));
	CU_ASSERT_FATAL(cpuinfo_field("model", number, sizeof(number)));
	CU_ASSERT_EQUAL(hw.cpuid_model, atoi(number));
	CU_ASSERT_EQUAL(hw.model, atoi(number));
	CU_ASSERT_FATAL(cpuinfo_field("stepping", number, sizeof(number)));
	CU_ASSERT_EQUAL(hw.cpuid_stepping, atoi(number));
	CU_ASSERT_EQUAL(hw.revision, (float)atoi(number));
}
#endif

static void test_identity(void)
{
	CU_ASSERT(hw.vendor_string[0] != '\0');
	CU_ASSERT(hw.model_string[0] != '\0');
#if defined(__x86_64__) || defined(__i386__)
	if (unit_under_valgrind()) {
		test_identity_under_valgrind();
		return;
	}
	unsigned a, b, c, d;
	char vendor[13] = "";
	__cpuid(0, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	CU_ASSERT_STRING_EQUAL(hw.vendor_string, vendor);
	if (strcmp(vendor, "GenuineIntel") == 0) {
		CU_ASSERT_EQUAL(hw.vendor, PAPI_VENDOR_INTEL);
	} else if (strcmp(vendor, "AuthenticAMD") == 0) {
		CU_ASSERT_EQUAL(hw.vendor, PAPI_VENDOR_AMD);
	}
	__cpuid(1, a, b, c, d);
	int family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family == 6 || family >= 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	CU_ASSERT_EQUAL(hw.cpuid_family, family);
	CU_ASSERT_EQUAL(hw.cpuid_model, model);
	CU_ASSERT_EQUAL(hw.model, model);
	CU_ASSERT_EQUAL(hw.cpuid_stepping, (int)(a & 0xf));
	CU_ASSERT_EQUAL(hw.revision, (float)(a & 0xf));
#elif defined(__aarch64__)
	CU_ASSERT_EQUAL(strncmp(hw.vendor_string, "ARM_", 4), 0);
	CU_ASSERT_EQUAL(hw.cpuid_family, 8);
#elif defined(__powerpc64__)
	CU_ASSERT_EQUAL(hw.vendor, PAPI_VENDOR_IBM);
#endif
}

static void test_frequencies(void)
{
	char path[128], text[128];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_max_freq",
	         first_online_cpu());
	if (read_line(path, text, sizeof(text))) {
		CU_ASSERT_EQUAL(hw.cpu_max_mhz, atoll(text) / 1000);
	} else {
		/* the first "cpu MHz" (or POWER's "clock") of /proc/cpuinfo, else
		 * its first "BogoMIPS" (arm64), else 0 */
		FILE *cpuinfo = fopen("/proc/cpuinfo", "r");
		int expected = 0, bogomips = 0;
		char line[512];
		while (cpuinfo && !expected && fgets(line, sizeof(line), cpuinfo)) {
			if (strncmp(line, "cpu MHz", 7) == 0 || strncmp(line, "clock", 5) == 0)
				expected = (int)strtof(strchr(line, ':') + 1, NULL);
			else if (!bogomips && strncmp(line, "BogoMIPS", 8) == 0)
				bogomips = (int)strtof(strchr(line, ':') + 1, NULL);
		}
		if (cpuinfo)
			fclose(cpuinfo);
		if (!expected)
			expected = bogomips;
		CU_ASSERT_EQUAL(hw.cpu_max_mhz, expected);
		CU_ASSERT_EQUAL(hw.cpu_min_mhz, expected);
	}
	CU_ASSERT(hw.cpu_min_mhz <= hw.cpu_max_mhz);
	CU_ASSERT_EQUAL(hw.clock_mhz, hw.cpu_max_mhz);
	CU_ASSERT_EQUAL((int)hw.mhz, hw.cpu_max_mhz);
}

/* Every cache sysfs lists for the first CPU is in the hierarchy, same numbers. */
static void test_caches_match_sysfs(void)
{
	const PAPI_mh_info_t *mh = &hw.mem_hierarchy;
	int cpu = first_online_cpu(), seen = 0;
	for (int index = 0;; index++) {
		char dir[128], path[192], text[64];
		snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpu%d/cache/index%d", cpu,
		         index);
		snprintf(path, sizeof(path), "%s/level", dir);
		if (!read_line(path, text, sizeof(text)))
			break;
		int level = atoi(text);
		snprintf(path, sizeof(path), "%s/type", dir);
		read_line(path, text, sizeof(text));
		int type = strcmp(text, "Data") == 0          ? PAPI_MH_TYPE_DATA
		           : strcmp(text, "Instruction") == 0 ? PAPI_MH_TYPE_INST
		                                              : PAPI_MH_TYPE_UNIFIED;
		snprintf(path, sizeof(path), "%s/size", dir);
		if (!read_line(path, text, sizeof(text)))
			continue; /* no size (QEMU's guests): the library lists no such cache */
		long long size = atoll(text) * (strchr(text, 'M') ? 1048576 : 1024);
		snprintf(path, sizeof(path), "%s/coherency_line_size", dir);
		read_line(path, text, sizeof(text));
		int line = atoi(text);
		snprintf(path, sizeof(path), "%s/ways_of_associativity", dir);
		int ways = read_line(path, text, sizeof(text)) ? atoi(text) : 0;
		CU_ASSERT_FATAL(level >= 1 && level <= PAPI_MAX_MEM_HIERARCHY_LEVELS);
		CU_ASSERT(mh->levels >= level);
		int found = 0;
		for (int slot = 0; slot < PAPI_MH_MAX_LEVELS; slot++) {
			const PAPI_mh_cache_info_t *cache = &mh->level[level - 1].cache[slot];
			if (PAPI_MH_CACHE_TYPE(cache->type) != type)
				continue;
			found = 1;
			CU_ASSERT_EQUAL(cache->size, size);
			CU_ASSERT_EQUAL(cache->line_size, line);
			CU_ASSERT_EQUAL(cache->num_lines, size / line);
			if (ways > 0) {
				CU_ASSERT_EQUAL(cache->associativity, ways);
			}
		}
		CU_ASSERT(found);
		seen++;
	}
	if (seen == 0) {
		CU_PASS("no cache description in sysfs on this machine");
	}
}

static void test_tlbs_are_well_formed(void)
{
	for (int level = 0; level < PAPI_MAX_MEM_HIERARCHY_LEVELS; level++) {
		for (int slot = 0; slot < PAPI_MH_MAX_LEVELS; slot++) {
			const PAPI_mh_tlb_info_t *tlb = &hw.mem_hierarchy.level[level].tlb[slot];
			if (tlb->type == PAPI_MH_TYPE_EMPTY)
				continue;
			CU_ASSERT(level < hw.mem_hierarchy.levels);
			CU_ASSERT(tlb->num_entries > 0);
			CU_ASSERT(tlb->page_size == 4096 || tlb->page_size == 2 << 20 ||
			          tlb->page_size == 1 << 30);
		}
	}
#if defined(__x86_64__) || defined(__i386__)
	unsigned a, b, c, d;
	if (hw.vendor == PAPI_VENDOR_AMD && __get_cpuid(0x80000005u, &a, &b, &c, &d) &&
	    (b & 0xff) && (b & 0xff0000)) {
		/* L1 4 KiB TLBs: EBX = data ways|entries|instruction ways|entries */
		const PAPI_mh_tlb_info_t *tlb = hw.mem_hierarchy.level[0].tlb;
		CU_ASSERT_EQUAL(tlb[0].type, PAPI_MH_TYPE_INST);
		CU_ASSERT_EQUAL(tlb[0].num_entries, (int)(b & 0xff));
		CU_ASSERT_EQUAL(tlb[1].type, PAPI_MH_TYPE_DATA);
		CU_ASSERT_EQUAL(tlb[1].num_entries, (int)((b >> 16) & 0xff));
	}
#endif
}

static void test_virtualization(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned a, b, c, d;
	__cpuid(1, a, b, c, d);
	CU_ASSERT_EQUAL(hw.virtualized, (c >> 31) & 1);
	if (hw.virtualized) {
		char signature[13] = "";
		__cpuid(0x40000000u, a, b, c, d);
		memcpy(signature, &b, 4);
		memcpy(signature + 4, &c, 4);
		memcpy(signature + 8, &d, 4);
		CU_ASSERT_EQUAL(
		    strncmp(hw.virtual_vendor_string, signature, strlen(hw.virtual_vendor_string)),
		    0);
	}
#endif
	if (hw.virtualized) {
		CU_ASSERT(hw.virtual_vendor_string[0] != '\0');
	} else {
		CU_ASSERT_EQUAL(hw.virtual_vendor_string[0], '\0');
	}
}

/* A second call overwrites everything, leaving nothing of what was there. */
static void test_hardware_fills_whole_struct(void)
{
	static PAPI_hw_info_t again;
	memset(&again, 0xa5, sizeof(again));
	CU_ASSERT_EQUAL_FATAL(sysinfo_hardware(&again), PAPI_OK);
	again.mhz = hw.mhz; /* "cpu MHz" may move between reads */
	again.cpu_max_mhz = hw.cpu_max_mhz;
	again.cpu_min_mhz = hw.cpu_min_mhz;
	again.clock_mhz = hw.clock_mhz;
	CU_ASSERT_EQUAL(memcmp(&again, &hw, sizeof(hw)), 0);
}

static int initialized_data = 42;
static int zeroed_bss;

static int in_range(const void *p, vptr_t lo, vptr_t hi)
{
	return (const char *)p >= (const char *)lo && (const char *)p < (const char *)hi;
}

static void test_executable(void)
{
	static PAPI_exe_info_t exe;
	char path[PAPI_HUGE_STR_LEN];
	CU_ASSERT_EQUAL_FATAL(sysinfo_executable(&exe), PAPI_OK);
	ssize_t len = readlink("/proc/self/exe", path, sizeof(path) - 1);
	CU_ASSERT_FATAL(len > 0);
	path[len] = '\0';
	CU_ASSERT_STRING_EQUAL(exe.fullname, path);
	CU_ASSERT_STRING_EQUAL(exe.address_info.name, basename(path));

	const PAPI_address_map_t *map = &exe.address_info;
	CU_ASSERT(in_range((const void *)test_executable, map->text_start, map->text_end));
	CU_ASSERT(in_range(&initialized_data, map->data_start, map->data_end));
	CU_ASSERT(in_range(&zeroed_bss, map->bss_start, map->bss_end));
	CU_ASSERT(!in_range(&initialized_data, map->text_start, map->text_end));
	CU_ASSERT(!in_range((const void *)test_executable, map->data_start, map->data_end));
}

/* The dynamic section exists only in dynamically linked programs: the lab
 * links its tests statically, and they load no shared objects. */
extern const char _DYNAMIC[] __attribute__((weak));

static void test_shared_libraries(void)
{
	if (_DYNAMIC == NULL) {
		CU_PASS("statically linked: no shared objects to list");
		return;
	}
	PAPI_shlib_info_t shlib;
	CU_ASSERT_EQUAL_FATAL(sysinfo_shared_libraries(&shlib), PAPI_OK);
	CU_ASSERT_FATAL(shlib.count > 0 && shlib.map != NULL);

	void *printf_address = dlsym(RTLD_DEFAULT, "printf");
	Dl_info where;
	CU_ASSERT_FATAL(printf_address && dladdr(printf_address, &where));
	char libc_path[PATH_MAX], entry_path[PATH_MAX], exe_path[PATH_MAX];
	CU_ASSERT_FATAL(realpath(where.dli_fname, libc_path) != NULL);
	CU_ASSERT_FATAL(realpath("/proc/self/exe", exe_path) != NULL);

	int libc_entries = 0;
	for (int i = 0; i < shlib.count; i++) {
		const PAPI_address_map_t *map = &shlib.map[i];
		CU_ASSERT(map->name[0] == '/');
		CU_ASSERT((char *)map->text_start < (char *)map->text_end);
		if (map->data_start) {
			CU_ASSERT((char *)map->data_start < (char *)map->data_end);
		}
		if (realpath(map->name, entry_path) && strcmp(entry_path, exe_path) == 0) {
			CU_FAIL("the executable is listed as a shared library");
		}
		for (int j = 0; j < i; j++) {
			CU_ASSERT(strcmp(shlib.map[j].name, map->name) != 0);
		}
		if (in_range(printf_address, map->text_start, map->text_end)) {
			libc_entries++;
			CU_ASSERT(realpath(map->name, entry_path) != NULL);
			CU_ASSERT_STRING_EQUAL(entry_path, libc_path);
		}
	}
	CU_ASSERT_EQUAL(libc_entries, 1);
	sysinfo_shared_libraries_free(&shlib);
	CU_ASSERT_PTR_NULL(shlib.map);
	CU_ASSERT_EQUAL(shlib.count, 0);
}

static void test_preload(void)
{
	PAPI_preload_info_t preload;
	memset(&preload, 0x5a, sizeof(preload));
	sysinfo_preload(&preload);
	CU_ASSERT_STRING_EQUAL(preload.lib_preload_env, "LD_PRELOAD");
	CU_ASSERT_EQUAL(preload.lib_preload_sep, ' ');
	CU_ASSERT_STRING_EQUAL(preload.lib_dir_env, "LD_LIBRARY_PATH");
	CU_ASSERT_EQUAL(preload.lib_dir_sep, ':');
}

static void test_dynamic_memory_fields(void)
{
	PAPI_dmem_info_t dmem;
	CU_ASSERT_EQUAL_FATAL(sysinfo_dynamic_memory(&dmem), PAPI_OK);
	CU_ASSERT_EQUAL(dmem.pagesize, sysconf(_SC_PAGESIZE));
	CU_ASSERT(dmem.size > 0 && dmem.resident > 0 && dmem.resident <= dmem.size);
	CU_ASSERT(dmem.peak >= dmem.size);
	CU_ASSERT(dmem.high_water_mark >= dmem.resident);
	CU_ASSERT(dmem.text > 0 && dmem.library > 0 && dmem.heap > 0 && dmem.stack > 0);
	CU_ASSERT(dmem.pte > 0);
	CU_ASSERT(dmem.shared <= dmem.resident);
	if (_DYNAMIC != NULL) /* a static program may share no page at all */
		CU_ASSERT(dmem.shared > 0);
	CU_ASSERT(dmem.locked >= 0);
}

static void test_resident_grows_when_touching(void)
{
	const size_t kib = 16 * 1024;
	PAPI_dmem_info_t before, after;
	char *block =
	    mmap(NULL, kib * 1024, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CU_ASSERT_FATAL(block != MAP_FAILED);
	CU_ASSERT_EQUAL_FATAL(sysinfo_dynamic_memory(&before), PAPI_OK);
	memset(block, 1, kib * 1024);
	CU_ASSERT_EQUAL_FATAL(sysinfo_dynamic_memory(&after), PAPI_OK);
	/* The kernel may fold up to 64 pages of a task's RSS changes into its
	 * counters late (per-thread RSS caching): 4 MiB with 64 KiB pages. */
	long long slack_kib = 64 * (long long)sysconf(_SC_PAGESIZE) / 1024;
	CU_ASSERT(after.resident - before.resident >= (long long)kib - slack_kib);
	CU_ASSERT(after.high_water_mark >= after.resident);
	munmap(block, kib * 1024);
}

static int init_timer_suite(void)
{
	return timers_init(hw.cpu_max_mhz) == PAPI_OK ? 0 : -1;
}

static void test_real_nsec_monotonic_and_accurate(void)
{
	long long last = timers_real_nsec();
	int backwards = 0;
	for (int i = 0; i < 100000; i++) {
		long long now = timers_real_nsec();
		backwards += now < last;
		last = now;
	}
	CU_ASSERT_EQUAL(backwards, 0);

	/* Between two brackets of CLOCK_MONOTONIC reads, one around the two
	 * reads of real time and one inside them: exact at any load (a
	 * preemption between reads widens the outer bracket only), and a clock
	 * off by as little as the time between two reads fails. */
	long long outer0 = timespec_ns(CLOCK_MONOTONIC), t0 = timers_real_nsec(),
	          inner0 = timespec_ns(CLOCK_MONOTONIC);
	sleep_ns(100000000);
	long long inner1 = timespec_ns(CLOCK_MONOTONIC), t1 = timers_real_nsec(),
	          outer1 = timespec_ns(CLOCK_MONOTONIC);
	CU_ASSERT(inner1 - inner0 >= 100000000);
	CU_ASSERT(t1 - t0 >= inner1 - inner0 && t1 - t0 <= outer1 - outer0);
}

/* A real-cycle reading and the CLOCK_MONOTONIC time it was taken at, from a
 * bracket of two clock reads no more than 20 us apart (so that preemption
 * between the reads cannot skew a rate on a loaded machine). */
static void paired_sample(long long *cycles, long long *ns)
{
	for (int attempt = 0; attempt < 1000; attempt++) {
		long long before = timespec_ns(CLOCK_MONOTONIC);
		*cycles = timers_real_cycles();
		long long after = timespec_ns(CLOCK_MONOTONIC);
		*ns = before + (after - before) / 2;
		if (after - before < 20000)
			return;
	}
}

/* Cycles per nanosecond of the real-cycle clock over a sleep of ns. */
static double real_cycle_rate(long long ns)
{
	long long c0, t0, c1, t1;
	paired_sample(&c0, &t0);
	sleep_ns(ns);
	paired_sample(&c1, &t1);
	return (double)(c1 - c0) / (double)(t1 - t0);
}

static void test_real_cycles(void)
{
	long long last = timers_real_cycles();
	int backwards = 0;
	for (int i = 0; i < 100000; i++) {
		long long now = timers_real_cycles();
		backwards += now < last;
		last = now;
	}
	CU_ASSERT_EQUAL(backwards, 0);
	double first = real_cycle_rate(50000000), second = real_cycle_rate(50000000);
	CU_ASSERT(first > 0 && second > 0);
	CU_ASSERT(second > 0.99 * first && second < 1.01 * first);
#if !defined(__x86_64__) && !defined(__i386__)
	/* Counters other than the TSC are scaled to cycles of cpu_max_mhz. */
	if (hw.cpu_max_mhz > 0) {
		CU_ASSERT(first > 0.99 * hw.cpu_max_mhz / 1000.0 &&
		          first < 1.01 * hw.cpu_max_mhz / 1000.0);
	}
#endif
}

static void test_virt_nsec_counts_this_thread_only(void)
{
	/* The thread's CPU time read around and inside the two reads: virtual
	 * time lies between the two spans, whatever the load or the slowdown
	 * of Valgrind or a sanitizer (time taken from the thread while it is
	 * preempted is in neither clock). 0 falls below; wall time falls above
	 * as soon as the thread waits. */
	long long outer0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), v0 = timers_virt_nsec(),
	          inner0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	spin_thread_cpu(50000000);
	long long inner1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), v1 = timers_virt_nsec(),
	          outer1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	CU_ASSERT(inner1 - inner0 >= 50000000);
	CU_ASSERT(v1 - v0 >= inner1 - inner0 && v1 - v0 <= outer1 - outer0);

	/* A 50 ms sleep: no more virtual time than the thread's CPU time
	 * around it, which the sleep does not add to. */
	long long around0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), s0 = timers_virt_nsec(),
	          wall0 = timespec_ns(CLOCK_MONOTONIC);
	sleep_ns(50000000);
	long long wall1 = timespec_ns(CLOCK_MONOTONIC), s1 = timers_virt_nsec(),
	          around1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	CU_ASSERT(wall1 - wall0 >= 50000000);
	CU_ASSERT(s1 - s0 <= around1 - around0);
	CU_ASSERT(around1 - around0 < wall1 - wall0);
}

/* Spins 50 ms of its own CPU time; *arg gets that time, as its own thread
 * clock measured it from start to end. */
static void *spin_50ms(void *arg)
{
	long long start = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	spin_thread_cpu(50000000);
	*(long long *)arg = timespec_ns(CLOCK_THREAD_CPUTIME_ID) - start;
	return NULL;
}

static void test_virt_time_is_per_thread(void)
{
	/* Main starts a thread that spins 50 ms and waits for it. Relations
	 * between measures of the same interval, not constants (starting a
	 * thread costs main several ms under ASan, more under Valgrind on a
	 * loaded machine): main's virtual time is within main's own thread
	 * clock around it, and leaves out the spinner's CPU time, which the
	 * process's CPU clock around it holds. Process time or wall time (at
	 * least the spinner's 50 ms) would fail both. */
	pthread_t spinner;
	long long spun = 0;
	long long process0 = timespec_ns(CLOCK_PROCESS_CPUTIME_ID),
	          ref0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), v0 = timers_virt_nsec();
	CU_ASSERT_EQUAL_FATAL(pthread_create(&spinner, NULL, spin_50ms, &spun), 0);
	pthread_join(spinner, NULL);
	long long v1 = timers_virt_nsec(), ref1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID),
	          process1 = timespec_ns(CLOCK_PROCESS_CPUTIME_ID);
	CU_ASSERT(spun >= 50000000);
	CU_ASSERT(v1 - v0 <= ref1 - ref0);
	CU_ASSERT(v1 - v0 <= (process1 - process0) - spun);
}

static void test_virt_cycles_follow_virt_nsec(void)
{
	/* Virtual cycles are virtual nanoseconds times cpu_max_mhz / 1000: the
	 * cycles between two reads lie between the cycles of the thread CPU
	 * time inside and around them (2 cycles for the rounding of each read
	 * and of the fixed-point rate), at any load or slowdown. */
	long long outer0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), c0 = timers_virt_cycles(),
	          inner0 = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	spin_thread_cpu(20000000);
	long long inner1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID), c1 = timers_virt_cycles(),
	          outer1 = timespec_ns(CLOCK_THREAD_CPUTIME_ID);
	double per_ns = hw.cpu_max_mhz > 0 ? hw.cpu_max_mhz / 1000.0 : 1.0;
	CU_ASSERT((double)(c1 - c0) >= (double)(inner1 - inner0) * per_ns - 2 &&
	          (double)(c1 - c0) <= (double)(outer1 - outer0) * per_ns + 2);
}

/* The high-level API's report in a directory of its own, removed at exit
 * after the report was written there (atexit runs handlers in reverse:
 * this one is registered before the high-level layer registers its
 * writer). */
static char hl_output[] = "/tmp/papillon-hl-start-XXXXXX";

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_hl_output(void)
{
	nftw(hl_output, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* The high-level API's start takes what its report prints (the CPU's model
 * and frequencies) from the identity PAPI_library_init read: a region
 * begun and ended gathers no layout. Runs before the test below, which
 * gathers it for the rest of the process. */
static void test_hl_start_gathers_no_layout(void)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(hl_output));
	CU_ASSERT_EQUAL_FATAL(atexit(remove_hl_output), 0);
	setenv("PAPI_OUTPUT_DIRECTORY", hl_output, 1);
	CU_ASSERT_EQUAL(PAPI_hl_region_begin("start"), PAPI_OK);
	CU_ASSERT_EQUAL(PAPI_is_initialized(), PAPI_LOW_LEVEL_INITED);
	CU_ASSERT_FALSE(system_hardware_layout_gathered());
	CU_ASSERT_EQUAL(PAPI_hl_region_end("start"), PAPI_OK);
	CU_ASSERT_EQUAL(PAPI_hl_stop(), PAPI_OK);
	CU_ASSERT_FALSE(system_hardware_layout_gathered());
	PAPI_shutdown();
}

/* PAPI_library_init leaves the layout (hwloc's topology, the caches) to the
 * first request; that request gathers it, once: a shutdown and another init
 * keep it, and later requests return the same record. This program's other
 * suites call the sysinfo readers directly, never system_info.c. */
static void test_layout_gathered_on_first_request(void)
{
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	CU_ASSERT_FALSE(system_hardware_layout_gathered());
	CU_ASSERT(PAPI_get_opt(PAPI_CLOCKRATE, NULL) >= 0); /* the identity needs no layout */
	CU_ASSERT_FALSE(system_hardware_layout_gathered());
	const PAPI_hw_info_t *first = PAPI_get_hardware_info();
	CU_ASSERT_PTR_NOT_NULL_FATAL(first);
	CU_ASSERT_TRUE(system_hardware_layout_gathered());
	CU_ASSERT_EQUAL(first->totalcpus, (int)sysconf(_SC_NPROCESSORS_ONLN));
	CU_ASSERT(first->ncpu >= 1 && first->cores >= 1 && first->sockets >= 1);
	CU_ASSERT(first->mem_hierarchy.levels == hw.mem_hierarchy.levels);
	PAPI_shutdown();
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	CU_ASSERT_TRUE(system_hardware_layout_gathered());
	CU_ASSERT_PTR_EQUAL(PAPI_get_hardware_info(), first);
	CU_ASSERT_EQUAL(first->ncpu, hw.ncpu);
	PAPI_shutdown();
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite hardware = CU_add_suite("sysinfo_hardware", init_hardware_suite, NULL);
	CU_add_test(hardware, "totalcpus is the online CPUs", test_totalcpus_is_online_cpus);
	CU_add_test(hardware, "topology counts", test_topology_counts);
	CU_add_test(hardware, "sockets*cores*threads", test_topology_product);
	CU_add_test(hardware, "vendor and model", test_identity);
	CU_add_test(hardware, "frequencies", test_frequencies);
	CU_add_test(hardware, "caches match sysfs", test_caches_match_sysfs);
	CU_add_test(hardware, "TLBs", test_tlbs_are_well_formed);
	CU_add_test(hardware, "virtualization", test_virtualization);
	CU_add_test(hardware, "fills the whole struct", test_hardware_fills_whole_struct);
	CU_add_test(hardware, "the high-level start gathers no layout",
	            test_hl_start_gathers_no_layout);
	CU_add_test(hardware, "layout gathered on first request",
	            test_layout_gathered_on_first_request);
	CU_pSuite program = CU_add_suite("sysinfo_executable", NULL, NULL);
	CU_add_test(program, "executable ranges", test_executable);
	CU_add_test(program, "shared libraries", test_shared_libraries);
	CU_add_test(program, "preload names", test_preload);
	CU_pSuite memory = CU_add_suite("sysinfo_memory", NULL, NULL);
	CU_add_test(memory, "fields", test_dynamic_memory_fields);
	CU_add_test(memory, "resident grows", test_resident_grows_when_touching);
	CU_pSuite timers = CU_add_suite("timers", init_timer_suite, NULL);
	CU_add_test(timers, "real nsec", test_real_nsec_monotonic_and_accurate);
	CU_add_test(timers, "real cycles", test_real_cycles);
	CU_add_test(timers, "virt nsec", test_virt_nsec_counts_this_thread_only);
	CU_add_test(timers, "virt time per thread", test_virt_time_is_per_thread);
	CU_add_test(timers, "virt cycles", test_virt_cycles_follow_virt_nsec);

	/* The shared runner prints the verdict line the test runners require. */
	return unit_run_all();
}
