// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of user-space counter reads without hardware: the perf page's
 * read protocol (components/perf_event/pe_userpage.h) on fake pages with
 * fake counters and timers, the per-architecture tables
 * (pe_counter_arch.c) for every architecture, the config1 bits an event
 * asks for at open (pe_user_map.c), the read-path reasons
 * (pe_user_map.c) on fake pages, and the page layout against a real
 * software event's page where perf_event_open works. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "pe_component.h"
#include "pe_userpage.h"
#include "unit_assert.h"

/* ---- the fake hardware -------------------------------------------------- */

static struct pe_user_page fake_page;
static uint64_t fake_counter;      /* what the counter instruction reads */
static uint64_t fake_timer;        /* what the timer instruction reads */
static int counter_reads;          /* calls of fake_read_counter */
static uint32_t last_index;        /* the index it was called with */
static int rewrites_left;          /* the "kernel" rewrites the page during this many reads */
static int64_t rewritten_offset;   /* the offset a rewrite leaves */
static uint64_t rewritten_counter; /* and the counter value after it */

static bool fake_read_counter(uint32_t index, uint64_t *value)
{
	counter_reads++;
	last_index = index;
	*value = fake_counter;
	if (rewrites_left > 0) {
		/* As an interrupt would: the kernel moves the count into offset
		 * and bumps the sequence (twice: once before, once after). */
		rewrites_left--;
		fake_page.lock += 2;
		fake_page.offset = rewritten_offset;
		fake_counter = rewritten_counter;
	}
	return true;
}

static bool refusing_counter(uint32_t index, uint64_t *value)
{
	(void)index;
	counter_reads++;
	*value = 0;
	return false;
}

static uint64_t fake_read_timer(void)
{
	return fake_timer;
}

static void fake_reset(void)
{
	memset(&fake_page, 0, sizeof(fake_page));
	fake_page.lock = 4;
	fake_page.index = 3;
	fake_page.cap_bit0_is_deprecated = 1;
	fake_page.cap_user_rdpmc = 1;
	fake_page.pmc_width = 48;
	fake_counter = 0;
	fake_timer = 0;
	counter_reads = 0;
	last_index = 0;
	rewrites_left = 0;
}

static bool fake_read(bool times, struct pe_user_count *out)
{
	return pe_userpage_read(&fake_page, times, fake_read_counter, fake_read_timer, out);
}

/* ---- pure arithmetic ---------------------------------------------------- */

static void test_sign_extension(void)
{
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0xffffffff), 32), -1);
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0x7fffffff), 32), 0x7fffffff);
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0x80000000), 32), -(INT64_C(1) << 31));
	/* Bits above the width are not the counter's. */
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0xdead000000000005), 48), 5);
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0x0000800000000000), 48), -(INT64_C(1) << 47));
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(0xffffffffffffffff), 64), -1);
	CU_ASSERT_EQUAL(pe_sign_extend(UINT64_C(12345), 64), 12345);
	CU_ASSERT_EQUAL(pe_sign_extend(1, 1), -1);
	CU_ASSERT_EQUAL(pe_sign_extend(2, 1), 0);
}

static void test_time_delta_known_values(void)
{
	/* A 2 GHz timer: mult / 2^shift = 0.5 ns per tick. */
	CU_ASSERT_EQUAL(pe_time_delta(UINT64_C(4000000000), 32, UINT32_C(1) << 31, 0),
	                UINT64_C(2000000000));
	CU_ASSERT_EQUAL(pe_time_delta(UINT64_C(4000000000), 32, UINT32_C(1) << 31, 7),
	                UINT64_C(2000000007));
	/* The kernel's offset is usually "negative": modulo 2^64. */
	CU_ASSERT_EQUAL(pe_time_delta(1000, 0, 1, (uint64_t)-400), 600);
	/* A 62.5 MHz timer (arm64's usual): 16 ns per tick. */
	CU_ASSERT_EQUAL(pe_time_delta(62500000, 20, 16u << 20, 0), UINT64_C(1000000000));
	/* shift 0: no remainder part. */
	CU_ASSERT_EQUAL(pe_time_delta(UINT64_MAX, 0, 1, 1), 0);
}

/* The split product equals the 128-bit one modulo 2^64, for the shifts and
 * multipliers kernels produce (shift <= 32). */
static void test_time_delta_matches_wide_product(void)
{
#ifdef __SIZEOF_INT128__
	uint64_t state = UINT64_C(0x9e3779b97f4a7c15);
	for (int i = 0; i < 100000; i++) {
		state ^= state << 13;
		state ^= state >> 7;
		state ^= state << 17;
		uint64_t cycles = state;
		unsigned shift = (unsigned)(state >> 11) % 33;
		uint32_t mult = (uint32_t)(state >> 29) | 1;
		uint64_t offset = state * UINT64_C(2654435761);
		uint64_t wide = offset + (uint64_t)(((unsigned __int128)cycles * mult) >> shift);
		uint64_t split = pe_time_delta(cycles, shift, mult, offset);
		if (wide != split) {
			char text[200];
			snprintf(text, sizeof(text),
			         "cycles %#llx shift %u mult %#x: split %#llx, 128-bit %#llx",
			         (unsigned long long)cycles, shift, mult, (unsigned long long)split,
			         (unsigned long long)wide);
			CU_FAIL(text);
			return;
		}
	}
#else
	CU_PASS("no 128-bit integers on this compiler");
#endif
}

static void test_short_timer_wrap(void)
{
	uint64_t mask = (UINT64_C(1) << 56) - 1;
	/* The timer wrapped past 2^56 since the kernel's time_cycles. */
	CU_ASSERT_EQUAL(pe_time_cycles(0x10, mask - 0xf, mask), (UINT64_C(1) << 56) + 0x10);
	/* No wrap: plain value. */
	CU_ASSERT_EQUAL(pe_time_cycles(0x1234, 0x1000, mask), 0x1234);
}

/* ---- the seqlock protocol ----------------------------------------------- */

static void test_reads_offset_plus_counter(void)
{
	fake_reset();
	fake_page.offset = 1000;
	fake_counter = 234;
	struct pe_user_count out;
	CU_ASSERT_TRUE(fake_read(false, &out));
	CU_ASSERT_EQUAL(out.count, 1234);
	CU_ASSERT_EQUAL(counter_reads, 1);
	CU_ASSERT_EQUAL(last_index, 3);
}

/* A 32-bit counter that wrapped below the offset the kernel set: the
 * offset is built for the sign-extended value. */
static void test_counter_sign_extended_by_width(void)
{
	fake_reset();
	fake_page.pmc_width = 32;
	fake_page.offset = 5000;
	fake_counter = UINT64_C(0xfffffff0); /* -16 as 32 bits */
	struct pe_user_count out;
	CU_ASSERT_TRUE(fake_read(false, &out));
	CU_ASSERT_EQUAL(out.count, 4984);
}

static void test_retries_when_page_changes(void)
{
	fake_reset();
	fake_page.offset = 100;
	fake_counter = 50;
	rewrites_left = 2;
	rewritten_offset = 150;
	rewritten_counter = 7;
	struct pe_user_count out;
	CU_ASSERT_TRUE(fake_read(false, &out));
	/* Two torn reads thrown away; the third saw one consistent page. */
	CU_ASSERT_EQUAL(counter_reads, 3);
	CU_ASSERT_EQUAL(out.count, 157);
}

static void test_gives_up_on_page_that_never_settles(void)
{
	fake_reset();
	rewrites_left = 1000;
	rewritten_offset = 1;
	rewritten_counter = 1;
	struct pe_user_count out;
	CU_ASSERT_FALSE(fake_read(false, &out));
	CU_ASSERT_EQUAL(counter_reads, PE_USER_PAGE_ATTEMPTS);
}

static void test_no_counter_means_syscall(void)
{
	struct pe_user_count out;
	fake_reset();
	fake_page.index = 0;
	CU_ASSERT_FALSE(fake_read(false, &out));
	CU_ASSERT_EQUAL(counter_reads, 0);

	fake_reset();
	fake_page.cap_user_rdpmc = 0;
	CU_ASSERT_FALSE(fake_read(false, &out));
	CU_ASSERT_EQUAL(counter_reads, 0);

	fake_reset();
	fake_page.pmc_width = 0;
	CU_ASSERT_FALSE(fake_read(false, &out));

	fake_reset();
	CU_ASSERT_FALSE(
	    pe_userpage_read(&fake_page, false, refusing_counter, fake_read_timer, &out));
}

static void test_times_extrapolated(void)
{
	fake_reset();
	fake_page.offset = 10;
	fake_counter = 5;
	fake_page.time_enabled = 1000;
	fake_page.time_running = 600;
	fake_page.cap_user_time = 1;
	fake_page.time_shift = 32;
	fake_page.time_mult = UINT32_C(1) << 31; /* 0.5 ns per tick */
	fake_page.time_offset = (uint64_t)-500;  /* the page was updated at tick 1000 */
	fake_timer = 1300;                       /* 150 ns later */
	struct pe_user_count out;
	CU_ASSERT_TRUE(fake_read(true, &out));
	CU_ASSERT_EQUAL(out.count, 15);
	CU_ASSERT_EQUAL(out.enabled, 1150);
	CU_ASSERT_EQUAL(out.running, 750);

	/* A short timer: the value is rebuilt from time_cycles first. */
	fake_page.cap_user_time_short = 1;
	fake_page.time_cycles = 1200;
	fake_page.time_mask = 0xff;
	fake_timer = 0x7514; /* only the low 8 bits count: tick 1300 again */
	CU_ASSERT_TRUE(fake_read(true, &out));
	CU_ASSERT_EQUAL(out.enabled, 1150);
	CU_ASSERT_EQUAL(out.running, 750);
}

static void test_times_without_scale_mean_syscall(void)
{
	fake_reset();
	fake_page.cap_user_time = 0;
	struct pe_user_count out;
	CU_ASSERT_FALSE(fake_read(true, &out));
	/* The count alone needs no time scale. */
	CU_ASSERT_TRUE(fake_read(false, &out));
}

/* ---- architecture tables ------------------------------------------------ */

static void test_counter_names(void)
{
	static const struct {
		enum pe_arch arch;
		uint32_t index;
		const char *name;
	} cases[] = {
	    {PE_ARCH_ARM64, 3, "arm64 PMEVCNTR2_EL0"},
	    {PE_ARCH_ARM64, 32, "arm64 PMCCNTR_EL0"},
	    {PE_ARCH_RISCV64, 1, "riscv csrr cycle"},
	    {PE_ARCH_RISCV64, 3, "riscv csrr instret"},
	    {PE_ARCH_RISCV64, 19, "riscv csrr hpmcounter18"},
	    {PE_ARCH_RISCV64, 32, "riscv csrr hpmcounter31"},
	    {PE_ARCH_X86_64, 1, "x86 rdpmc ecx=0"},
	    {PE_ARCH_X86_64, 0x40000002, "x86 rdpmc ecx=0x40000001"},
	};
	char name[64];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pe_arch_counter_name(cases[i].arch, cases[i].index, name, sizeof(name));
		CU_ASSERT_STRING_EQUAL(name, cases[i].name);
	}
}

static void test_readable_indexes(void)
{
	static const struct {
		enum pe_arch arch;
		uint32_t index;
		bool readable;
	} cases[] = {
	    {PE_ARCH_ARM64, 0, false},          {PE_ARCH_ARM64, 1, true},
	    {PE_ARCH_ARM64, 32, true},          {PE_ARCH_ARM64, 33, false},
	    {PE_ARCH_RISCV64, 32, true},        {PE_ARCH_RISCV64, 33, false},
	    {PE_ARCH_X86_64, 0x40000001, true}, {PE_ARCH_X86_64, 0x20000001, false},
	    {PE_ARCH_X86_64, 0, false},         {PE_ARCH_OTHER, 1, false},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(pe_arch_index_readable(cases[i].arch, cases[i].index),
		                cases[i].readable);
}

static void test_core_pmus(void)
{
	static const struct {
		enum pe_arch arch;
		const char *pmu;
		bool core;
	} cases[] = {
	    {PE_ARCH_X86_64, "cpu", true},
	    {PE_ARCH_X86_64, "cpu_core", true},
	    {PE_ARCH_X86_64, "msr", false},
	    {PE_ARCH_X86_64, "cpuX", false},
	    {PE_ARCH_ARM64, "armv8_pmuv3", true},
	    {PE_ARCH_ARM64, "armv8_pmuv3_0", true},
	    {PE_ARCH_ARM64, "armv8_cortex_a57", true},
	    {PE_ARCH_ARM64, "arm_cmn_0", false},
	    {PE_ARCH_RISCV64, "cpu", true},
	    {PE_ARCH_OTHER, "cpu", false},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(pe_arch_core_pmu(cases[i].arch, cases[i].pmu), cases[i].core);
	/* Only arm64 asks for access at open; every supported arch has a switch. */
	CU_ASSERT_TRUE(pe_arch_facts(PE_ARCH_ARM64)->config1_rdpmc);
	CU_ASSERT_FALSE(pe_arch_facts(PE_ARCH_X86_64)->config1_rdpmc);
	for (int arch = PE_ARCH_X86_64; arch < PE_ARCH_OTHER; arch++) {
		const struct pe_arch_facts *facts = pe_arch_facts(arch);
		CU_ASSERT_TRUE(facts->switch_path || facts->switch_pmu_file);
		CU_ASSERT_PTR_NULL(facts->unsupported);
	}
	CU_ASSERT_PTR_NOT_NULL(pe_arch_facts(PE_ARCH_OTHER)->unsupported);
}

/* arm64's cycle counter is the one that counts 64 bits for a user-read
 * event: CPU_CYCLES whichever way it is named; no other architecture
 * chooses widths per event. */
static void test_long_cycles_events(void)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	CU_ASSERT_TRUE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_X86_64, &attr, false));
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_RISCV64, &attr, false));
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_OTHER, &attr, false));
	attr.config = (UINT64_C(8) << 32) | PERF_COUNT_HW_CPU_CYCLES; /* a hybrid PMU's type */
	CU_ASSERT_TRUE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	attr.type = PERF_TYPE_RAW;
	attr.config = 0x11;
	CU_ASSERT_TRUE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	attr.config = 0x08; /* INST_RETIRED */
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	attr.type = 8; /* armv8_pmuv3's own type: its raw event numbers */
	attr.config = 0x11;
	CU_ASSERT_TRUE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, true));
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
	attr.type = PERF_TYPE_HW_CACHE;
	attr.config = 0x11;
	CU_ASSERT_FALSE(pe_arch_long_cycles_event(PE_ARCH_ARM64, &attr, false));
}

/* The config1 bits a control's user-read events ask for: user access for
 * all, 64 bits for the first cycles event only, taken back on refusal. */
static void test_config1_requests(void)
{
	const uint64_t rdpmc = UINT64_C(1) << 1, wide = UINT64_C(1);
	struct pe_user_open open;
	memset(&open, 0, sizeof(open));
	struct perf_event_attr instructions = {.config1 = 0}, cycles = {.config1 = 0},
	                       second = {.config1 = 0};

	pe_user_request_bits(&instructions, &open, 0, false, rdpmc, wide);
	CU_ASSERT_EQUAL(instructions.config1, rdpmc);
	pe_user_request_bits(&cycles, &open, 1, true, rdpmc, wide);
	CU_ASSERT_EQUAL(cycles.config1, rdpmc | wide);
	pe_user_request_bits(&second, &open, 2, true, rdpmc, wide);
	CU_ASSERT_EQUAL(second.config1, rdpmc);
	/* Prepared again (a group refused it): the same request. */
	cycles.config1 = 0;
	pe_user_request_bits(&cycles, &open, 1, true, rdpmc, wide);
	CU_ASSERT_EQUAL(cycles.config1, rdpmc | wide);

	CU_ASSERT_FALSE(pe_user_relax_attr(&second, &open, 2));
	CU_ASSERT_TRUE(pe_user_relax_attr(&cycles, &open, 1));
	CU_ASSERT_EQUAL(cycles.config1, rdpmc);
	CU_ASSERT_FALSE(pe_user_relax_attr(&cycles, &open, 1));

	/* Opened again without 64 bits after the set could not count. */
	CU_ASSERT_TRUE(pe_user_forgo_long(&open));
	cycles.config1 = 0;
	pe_user_request_bits(&cycles, &open, 1, true, rdpmc, wide);
	CU_ASSERT_EQUAL(cycles.config1, rdpmc);
	CU_ASSERT_FALSE(pe_user_forgo_long(&open));

	/* A long bit of the event's own encoding is the user's: kept. */
	memset(&open, 0, sizeof(open));
	cycles.config1 = wide;
	pe_user_request_bits(&cycles, &open, 0, true, rdpmc, wide);
	CU_ASSERT_EQUAL(cycles.config1, rdpmc | wide);
	CU_ASSERT_FALSE(pe_user_relax_attr(&cycles, &open, 0));
	CU_ASSERT_FALSE(pe_user_forgo_long(&open));

	/* No format/long: nothing but user access. */
	memset(&open, 0, sizeof(open));
	cycles.config1 = 0;
	pe_user_request_bits(&cycles, &open, 0, true, rdpmc, 0);
	CU_ASSERT_EQUAL(cycles.config1, rdpmc);
}

/* ---- read-path reasons on fake pages ------------------------------------ */

static void path_of(struct pe_user_state *user, bool scaled, int expected, const char *text)
{
	char reason[PAPI_MAX_STR_LEN];
	int path = pe_user_event_path(user, 0, scaled, reason, sizeof(reason));
	char message[PAPI_MAX_STR_LEN + 100];
	snprintf(message, sizeof(message), "path %d, reason \"%s\", expected %d and \"%s\"", path,
	         reason, expected, text);
	CU_assertImplementation(path == expected && strstr(reason, text) != NULL, __LINE__, message,
	                        __FILE__, "", CU_FALSE);
}

static void *path_from_other_thread(void *arg)
{
	path_of(arg, false, PAPI_READ_PATH_SYSCALL, "another thread");
	return NULL;
}

static void test_read_path_reasons(void)
{
	fake_reset();
	atomic_int mode = PAPI_USER_READ_AUTO;
	struct pe_user_slot slot = {.page = &fake_page, .state = PE_SLOT_MAPPED};
	struct pe_user_state user = {
	    .page_count = 1, .slots = &slot, .mode = &mode, .reader = pthread_self()};

	char expected[64], name[48];
	pe_arch_counter_name(pe_arch_current(), 3, name, sizeof(name));
	snprintf(expected, sizeof(expected), "user: %s (48-bit)", name);
	if (pe_arch_current() != PE_ARCH_OTHER)
		path_of(&user, false, PAPI_READ_PATH_USER, expected);

	atomic_store(&mode, PAPI_USER_READ_OFF);
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, "syscall: off by PAPI_set_user_read");
	atomic_store(&mode, PAPI_USER_READ_AUTO);

	pthread_t thread;
	CU_ASSERT_EQUAL_FATAL(pthread_create(&thread, NULL, path_from_other_thread, &user), 0);
	pthread_join(thread, NULL);

	fake_page.index = 0;
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, "not on a hardware counter now (index 0)");
	/* RISC-V clears cap_user_rdpmc too while the event is off its counter:
	 * the same reason. */
	fake_page.cap_user_rdpmc = 0;
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, "not on a hardware counter now (index 0)");
	fake_page.cap_user_rdpmc = 1;
	fake_page.index = 3;
	fake_page.cap_user_rdpmc = 0;
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, "cap_user_rdpmc=0");
	fake_page.cap_user_rdpmc = 1;
	if (pe_arch_current() != PE_ARCH_OTHER)
		path_of(&user, true, PAPI_READ_PATH_SYSCALL, "cap_user_time");

	struct pe_user_slot software = {.state = PE_SLOT_SOFTWARE};
	user.slots = &software;
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, "syscall: software event (no counter)");
	struct pe_user_slot refused = {.state = PE_SLOT_MAP_FAILED, .map_errno = ENOMEM};
	user.slots = &refused;
	path_of(&user, false, PAPI_READ_PATH_SYSCALL, strerror(ENOMEM));
}

/* ---- the layout against a live page ------------------------------------- */

static void test_layout_of_a_real_page(void)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	int fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		unit_skip(CU_get_current_test(), strerror(errno));
		return;
	}
	size_t bytes = (size_t)sysconf(_SC_PAGESIZE);
	void *map = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
	CU_ASSERT_NOT_EQUAL_FATAL(map, MAP_FAILED);
	const volatile struct pe_user_page *page = map;
	/* The kernel fills exactly the header this struct describes, and sets
	 * the bit that says the capability bits are where this struct has them. */
	CU_ASSERT_EQUAL(page->size, sizeof(struct pe_user_page));
	struct pe_user_page caps = {.capabilities = page->capabilities};
	CU_ASSERT_EQUAL(caps.cap_bit0_is_deprecated, 1);
	/* A software event has no counter: a user read must decline. */
	struct pe_user_snapshot snapshot;
	CU_ASSERT_TRUE(pe_userpage_snapshot(page, &snapshot));
	CU_ASSERT_EQUAL(snapshot.index, 0);
	struct pe_user_count out;
	CU_ASSERT_FALSE(pe_userpage_read(page, false, fake_read_counter, fake_read_timer, &out));
	munmap(map, bytes);
	close(fd);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite pure = CU_add_suite("user page arithmetic", NULL, NULL);
	CU_pSuite protocol = CU_add_suite("user page protocol", NULL, NULL);
	CU_pSuite arch = CU_add_suite("architecture tables", NULL, NULL);
	CU_pSuite paths = CU_add_suite("read paths", NULL, NULL);
	if (!pure || !protocol || !arch || !paths ||
	    !CU_add_test(pure, "sign extension by pmc_width", test_sign_extension) ||
	    !CU_add_test(pure, "time delta, known values", test_time_delta_known_values) ||
	    !CU_add_test(pure, "time delta equals the 128-bit product",
	                 test_time_delta_matches_wide_product) ||
	    !CU_add_test(pure, "short timer wraps", test_short_timer_wrap) ||
	    !CU_add_test(protocol, "offset plus counter", test_reads_offset_plus_counter) ||
	    !CU_add_test(protocol, "counter sign-extended by width",
	                 test_counter_sign_extended_by_width) ||
	    !CU_add_test(protocol, "retries when the page changes",
	                 test_retries_when_page_changes) ||
	    !CU_add_test(protocol, "gives up on a page that never settles",
	                 test_gives_up_on_page_that_never_settles) ||
	    !CU_add_test(protocol, "no counter: syscall", test_no_counter_means_syscall) ||
	    !CU_add_test(protocol, "times extrapolated", test_times_extrapolated) ||
	    !CU_add_test(protocol, "times without a scale: syscall",
	                 test_times_without_scale_mean_syscall) ||
	    !CU_add_test(protocol, "layout of a real page", test_layout_of_a_real_page) ||
	    !CU_add_test(arch, "counter names", test_counter_names) ||
	    !CU_add_test(arch, "readable indexes", test_readable_indexes) ||
	    !CU_add_test(arch, "core PMUs and switches", test_core_pmus) ||
	    !CU_add_test(arch, "64-bit cycles events", test_long_cycles_events) ||
	    !CU_add_test(arch, "config1 requests", test_config1_requests) ||
	    !CU_add_test(paths, "reasons", test_read_path_reasons)) {
		CU_cleanup_registry();
		return 2;
	}
	return unit_run_all();
}
