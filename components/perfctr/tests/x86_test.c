// SPDX-License-Identifier: BSD-3-Clause
/* The driver tests' fixture and main (x86_test.h). */
#include <stdio.h>
#include <stdlib.h>

#include "x86_test.h"
#include "unit_assert.h"

struct fixture fx;

void fixture_detect(void)
{
	CU_ASSERT_EQUAL_FATAL(perfctr_x86_detect(&fx.cpu, &fx.sim.regs), 0);
	perfctr_x86_cache_init(&fx.cpu, &fx.cache);
	memset(&fx.state, 0, sizeof(fx.state));
	sim_clear_log(&fx.sim);
}

int fixture_update(const struct perfctr_cpu_control *control, bool is_global)
{
	return perfctr_x86_update_control(&fx.cpu, &fx.state, control, is_global, &fx.scratch);
}

bool fixture_rejects(const struct perfctr_cpu_control *control, bool is_global)
{
	static struct perfctr_x86_state before;
	unsigned writes = fx.sim.nr_writes;
	int err;

	before = fx.state;
	err = fixture_update(control, is_global);
	if (err != -EINVAL)
		return false;
	/* Refused before any register or the state changed. */
	return fx.sim.nr_writes == writes && !memcmp(&before, &fx.state, sizeof(before));
}

void assert_writes(const struct sim_write *expected, unsigned count, unsigned line)
{
	char text[256];
	bool same = fx.sim.nr_writes == count;

	for (unsigned i = 0; same && i < count; i++)
		same = fx.sim.writes[i].msr == expected[i].msr &&
		       fx.sim.writes[i].value == expected[i].value;
	if (!same) {
		for (unsigned i = 0; i < fx.sim.nr_writes; i++)
			fprintf(stderr, "  wrote %#x = %#llx\n", fx.sim.writes[i].msr,
			        (unsigned long long)fx.sim.writes[i].value);
	}
	snprintf(text, sizeof(text), "the MSR writes (%u) are the %u expected", fx.sim.nr_writes,
	         count);
	CU_assertImplementation(same, line, text, __FILE__, "", CU_FALSE);
	CU_assertImplementation(fx.sim.faults == 0, line, "no MSR access faulted", __FILE__, "",
	                        CU_FALSE);
}

void add_suite(const char *name, const struct test_case *cases, unsigned count)
{
	CU_pSuite suite = CU_add_suite(name, NULL, NULL);
	for (unsigned i = 0; i < count; i++)
		CU_add_test(suite, cases[i].name, cases[i].run);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	add_abi_suite();
	add_common_suite();
	add_p5_suite();
	add_p6_suite();
	add_p4_suite();
	add_modern_suite();
	add_switch_suite();
	add_state_read_suite();
	add_cpumask_suite();
	add_events_suite();
	add_imode_suite();
	add_control_suite();
	add_global_suite();
	add_marshal_suite();
	add_imode_test_suite();
	add_throttle_suite();
	add_kthrottle_suite();
	add_kpriv_suite();
	add_privilege_suite();
	/* One verdict line (PASSED/FAILED) and the exit status. */
	return unit_run_all();
}
