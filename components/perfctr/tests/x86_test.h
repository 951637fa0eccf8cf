// SPDX-License-Identifier: BSD-3-Clause
/* Shared by the driver's tests: a simulated CPU with the driver detected
 * on it, and assertions on a control's fate and on the MSR writes. */
#ifndef PAPILLON_PERFCTR_X86_TEST_H
#define PAPILLON_PERFCTR_X86_TEST_H

#include <CUnit/Basic.h>

#include "x86_driver.h"
#include "x86_msr.h"
#include "x86_sim.h"

struct fixture {
	struct sim_cpu sim;
	struct perfctr_x86_cpu cpu;
	struct perfctr_x86_cache cache;
	struct perfctr_x86_state state;
	struct perfctr_x86_program scratch;
};

/* The one fixture of the running test (static: the state is large). */
extern struct fixture fx;

/* Detects the driver on fx.sim (built by a sim_cpu_* call), clears the
 * registers and the write log. */
void fixture_detect(void);
/* perfctr_x86_update_control on fx.state. */
int fixture_update(const struct perfctr_cpu_control *control, bool is_global);

/* The control is accepted / refused with -EINVAL; a refusal must leave the
 * state as it was and write no MSR. */
#define ACCEPTS(control)        CU_ASSERT_EQUAL(fixture_update(&(control), false), 0)
#define ACCEPTS_GLOBAL(control) CU_ASSERT_EQUAL(fixture_update(&(control), true), 0)
#define REJECTS(control)        CU_ASSERT_TRUE(fixture_rejects(&(control), false))
#define REJECTS_GLOBAL(control) CU_ASSERT_TRUE(fixture_rejects(&(control), true))
bool fixture_rejects(const struct perfctr_cpu_control *control, bool is_global);

/* The write log equals the (msr, value) pairs given, in order. */
#define ASSERT_WRITES(...)                                                                         \
	do {                                                                                       \
		static const struct sim_write expected_[] = {__VA_ARGS__};                         \
		assert_writes(expected_, sizeof(expected_) / sizeof(expected_[0]), __LINE__);      \
	} while (0)
void assert_writes(const struct sim_write *expected, unsigned count, unsigned line);

/* The suites, one per file. */
void add_abi_suite(void);
void add_common_suite(void);
void add_p5_suite(void);
void add_p6_suite(void);
void add_p4_suite(void);
void add_modern_suite(void);
void add_switch_suite(void);
void add_state_read_suite(void);
void add_cpumask_suite(void);
void add_events_suite(void);
void add_imode_suite(void);
void add_control_suite(void);
void add_global_suite(void);
void add_marshal_suite(void);
void add_imode_test_suite(void);
void add_throttle_suite(void);
void add_kpriv_suite(void);
void add_privilege_suite(void);
void add_kthrottle_suite(void);

/* Registers a suite of the tests listed. */
struct test_case {
	const char *name;
	void (*run)(void);
};
void add_suite(const char *name, const struct test_case *cases, unsigned count);
#define ADD_SUITE(name, cases) add_suite(name, cases, sizeof(cases) / sizeof(cases[0]))
#define TEST(fn)                                                                                   \
	{                                                                                          \
#fn, fn                                                                            \
	}

#endif
