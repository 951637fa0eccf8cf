// SPDX-License-Identifier: BSD-3-Clause
/* The architecture layer (src/arch/): every architecture's facts and counter
 * register names, checked on any host (the table is data compiled
 * everywhere); the build's own architecture against uname; and this host's
 * timestamp counter, which must advance with time at the rate the layer
 * derives for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include <CUnit/Basic.h>

#include "arch/arch.h"
#include "unit_assert.h"

static void test_every_architecture_has_its_facts(void)
{
	static const struct {
		enum arch_id arch;
		const char *name;
		bool counter_read;
		uint32_t counters;
		enum arch_timestamp_rate rate;
	} expected[] = {
	    {ARCH_X86_64, "x86_64", true, 0, ARCH_TIMESTAMP_CPU_CYCLES},
	    {ARCH_I386, "i386", true, 0, ARCH_TIMESTAMP_CPU_CYCLES},
	    {ARCH_AARCH64, "aarch64", true, 32, ARCH_TIMESTAMP_REGISTER_HZ},
	    {ARCH_PPC64, "ppc64", true, 6, ARCH_TIMESTAMP_CPUINFO_HZ},
	    {ARCH_RISCV64, "riscv64", true, 32, ARCH_TIMESTAMP_DEVICE_TREE_HZ},
	    {ARCH_OTHER, "other", false, 0, ARCH_TIMESTAMP_NONE},
	};
	CU_ASSERT_EQUAL(sizeof(expected) / sizeof(expected[0]), ARCH_COUNT);
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		const struct arch_facts *facts = arch_facts_of(expected[i].arch);
		CU_ASSERT_STRING_EQUAL(facts->name, expected[i].name);
		CU_ASSERT_EQUAL(facts->counter_read != NULL, expected[i].counter_read);
		CU_ASSERT_EQUAL(facts->counters, expected[i].counters);
		CU_ASSERT_EQUAL(facts->timestamp_rate, expected[i].rate);
		CU_ASSERT_EQUAL(facts->timestamp_read != NULL,
		                expected[i].rate != ARCH_TIMESTAMP_NONE);
	}
	/* Out of range: the "other" architecture's facts. */
	CU_ASSERT_PTR_EQUAL(arch_facts_of((enum arch_id)99), arch_facts_of(ARCH_OTHER));
}

static void test_counter_registers_are_named(void)
{
	static const struct {
		enum arch_id arch;
		uint32_t counter;
		const char *name; /* NULL: no register */
	} cases[] = {
	    {ARCH_X86_64, 0, "x86 rdpmc ecx=0"},
	    {ARCH_X86_64, 0x40000001, "x86 rdpmc ecx=0x40000001"},
	    {ARCH_I386, 3, "x86 rdpmc ecx=0x3"},
	    {ARCH_AARCH64, 0, "arm64 PMEVCNTR0_EL0"},
	    {ARCH_AARCH64, 30, "arm64 PMEVCNTR30_EL0"},
	    {ARCH_AARCH64, 31, "arm64 PMCCNTR_EL0"},
	    {ARCH_AARCH64, 32, NULL},
	    {ARCH_PPC64, 0, "ppc64 mfspr PMC1"},
	    {ARCH_PPC64, 5, "ppc64 mfspr PMC6"},
	    {ARCH_PPC64, 6, NULL},
	    {ARCH_RISCV64, 0, "riscv csrr cycle"},
	    {ARCH_RISCV64, 1, "riscv csrr time"},
	    {ARCH_RISCV64, 2, "riscv csrr instret"},
	    {ARCH_RISCV64, 31, "riscv csrr hpmcounter31"},
	    {ARCH_RISCV64, 32, NULL},
	    {ARCH_OTHER, 0, NULL},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[64] = "untouched";
		bool named = arch_counter_name(cases[i].arch, cases[i].counter, name, sizeof(name));
		char text[160];
		snprintf(text, sizeof(text), "%s counter %#x is '%s' (%s), expected %s",
		         arch_facts_of(cases[i].arch)->name, cases[i].counter, name,
		         named ? "named" : "no register",
		         cases[i].name ? cases[i].name : "no register");
		CU_assertImplementation(cases[i].name ? named && strcmp(name, cases[i].name) == 0
		                                      : !named && strcmp(name, "untouched") == 0,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
}

static void test_the_build_architecture_is_this_machine(void)
{
	struct utsname machine;
	CU_ASSERT_EQUAL_FATAL(uname(&machine), 0);
	const char *name = arch_this()->name;
	char text[160];
	snprintf(text, sizeof(text), "the build's architecture %s runs on a %s machine", name,
	         machine.machine);
	/* uname says ppc64le for ppc64, i686 and the like for i386. */
	bool same = strncmp(machine.machine, name, strlen(name)) == 0 ||
	            (ARCH_THIS == ARCH_I386 && machine.machine[0] == 'i') ||
	            ARCH_THIS == ARCH_OTHER;
	CU_assertImplementation(same, __LINE__, text, __FILE__, "", CU_FALSE);
}

static long long monotonic_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Does /proc/cpuinfo list the flag? -1 when it cannot be read. */
static int cpuinfo_flag(const char *flag)
{
	FILE *cpuinfo = fopen("/proc/cpuinfo", "re");
	if (!cpuinfo)
		return -1;
	char line[8192];
	int found = 0;
	while (!found && fgets(line, sizeof(line), cpuinfo)) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		for (char *word = strtok(strchr(line, ':') + 1, " \n"); word && !found;
		     word = strtok(NULL, " \n"))
			found = strcmp(word, flag) == 0;
		break; /* the first CPU says it */
	}
	fclose(cpuinfo);
	return found;
}

static void test_timestamp_counter_keeps_time(void)
{
	const struct arch_facts *facts = arch_this();
	if (facts->timestamp_rate == ARCH_TIMESTAMP_NONE) {
		unit_skip(CU_get_current_test(), "no timestamp counter on this architecture");
		return;
	}
	if (facts->timestamp_rate == ARCH_TIMESTAMP_CPU_CYCLES) {
		/* The kernel's nonstop_tsc comes from the same CPUID bit. */
		int nonstop = cpuinfo_flag("nonstop_tsc");
		if (nonstop >= 0)
			CU_ASSERT_EQUAL(arch_timestamp_is_cpu_cycles(), nonstop == 1);
	} else {
		CU_ASSERT_FALSE(arch_timestamp_is_cpu_cycles());
	}
	/* 20 ms apart, the counter advances; where its rate is known, by 20 ms
	 * of ticks (within 10%: the reads are not atomic with the clock's). */
	long long start_ns = monotonic_ns();
	uint64_t start = arch_timestamp_read();
	struct timespec pause = {0, 20 * 1000 * 1000};
	nanosleep(&pause, NULL);
	uint64_t end = arch_timestamp_read();
	long long elapsed_ns = monotonic_ns() - start_ns;
	CU_ASSERT(end > start);
	double hz = arch_timestamp_hz();
	if (facts->timestamp_rate == ARCH_TIMESTAMP_CPU_CYCLES) {
		CU_ASSERT_EQUAL(hz, 0);
		return;
	}
	if (hz <= 0) {
		unit_skip(CU_get_current_test(), "this machine does not say its timestamp rate");
		return;
	}
	double counted_ns = (double)(end - start) / hz * 1e9;
	char text[160];
	snprintf(text, sizeof(text), "%.0f ns of ticks at %.0f Hz over %lld ns", counted_ns, hz,
	         elapsed_ns);
	CU_assertImplementation(counted_ns > 0.9 * (double)elapsed_ns &&
	                            counted_ns < 1.1 * (double)elapsed_ns,
	                        __LINE__, text, __FILE__, "", CU_FALSE);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite facts = CU_add_suite("facts", NULL, NULL);
	CU_add_test(facts, "every architecture has its facts",
	            test_every_architecture_has_its_facts);
	CU_add_test(facts, "counter registers are named", test_counter_registers_are_named);
	CU_add_test(facts, "the build architecture is this machine",
	            test_the_build_architecture_is_this_machine);
	CU_pSuite here = CU_add_suite("this machine", NULL, NULL);
	CU_add_test(here, "the timestamp counter keeps time", test_timestamp_counter_keeps_time);
	return unit_run_all();
}
