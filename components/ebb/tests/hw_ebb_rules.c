// SPDX-License-Identifier: BSD-3-Clause
/* What the EBB contract refuses, asked of the kernel itself with raw
 * perf_event_open, and of the library: a group leader neither pinned nor
 * exclusive, sample_period, freq, inherit, enable_on_exec, a missing PMC, a
 * non-EBB member, a whole-CPU event; then through PAPI two events on one PMC
 * (PAPI_ECNFLCT), attaching to another task (PAPI_ECMP), and a second EBB
 * event set in the same thread while the first holds the PMU
 * (PAPI_ECNFLCT). The well-formed leader opens, so the refusals are the
 * rules', not a missing PMU. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_BIT         (1ULL << 63)
#define RUN_CYC_ON_PMC6 0x600f4ULL

static struct perf_event_attr good_leader(void)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_RAW;
	attr.config = RUN_CYC_ON_PMC6 | EBB_BIT;
	attr.disabled = 1;
	attr.pinned = 1;
	attr.exclusive = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	return attr;
}

static int open_raw(struct perf_event_attr *attr, pid_t pid, int cpu, int group)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, group, 0);
}

static void expect_refused(struct perf_event_attr attr, pid_t pid, int cpu, const char *what)
{
	int fd = open_raw(&attr, pid, cpu, -1);
	int error = errno;
	if (fd >= 0)
		close(fd);
	FAIL_IF(fd >= 0, "the kernel accepted an EBB leader with %s", what);
	ctest_note("refused by the kernel: %s (%s)", what, strerror(error));
}

int main(int argc, char **argv)
{
	static const char *const cycles[] = {"ebb::PM_RUN_CYC"};
	struct perf_event_attr attr;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();

	attr = good_leader();
	int leader = open_raw(&attr, 0, -1, -1);
	FAIL_IF(leader < 0, "a well-formed EBB leader (config %#llx) was refused: %s",
	        (unsigned long long)attr.config, strerror(errno));

	/* A member that does not ask for EBB cannot join an EBB leader. */
	struct perf_event_attr member;
	memset(&member, 0, sizeof(member));
	member.size = sizeof(member);
	member.type = PERF_TYPE_RAW;
	member.config = 0x1001eULL; /* cycles on PMC1, no bit 63 */
	member.exclude_kernel = 1;
	int fd = open_raw(&member, 0, -1, leader);
	FAIL_IF(fd >= 0, "the kernel let a non-EBB event join an EBB group");
	close(leader);

	attr = good_leader();
	attr.pinned = 0;
	expect_refused(attr, 0, -1, "no pinned");
	attr = good_leader();
	attr.exclusive = 0;
	expect_refused(attr, 0, -1, "no exclusive");
	attr = good_leader();
	attr.sample_period = 100000;
	expect_refused(attr, 0, -1, "sample_period");
	attr = good_leader();
	attr.freq = 1;
	attr.sample_freq = 1000;
	expect_refused(attr, 0, -1, "freq");
	attr = good_leader();
	attr.inherit = 1;
	expect_refused(attr, 0, -1, "inherit");
	attr = good_leader();
	attr.enable_on_exec = 1;
	expect_refused(attr, 0, -1, "enable_on_exec");
	attr = good_leader();
	attr.config = 0x1eULL | EBB_BIT; /* cycles, but no PMC named */
	expect_refused(attr, 0, -1, "no PMC in config bits 16-19");
	attr = good_leader();
	expect_refused(attr, -1, 0, "a whole CPU instead of a task");

	/* Through the library: two events that both name PMC1
	 * (PM_1PLUS_PPC_CMPL and PM_DATA_FROM_L2 on POWER8, 9 and 10; PM_CYC
	 * names none on POWER8). */
	int eventset = hw_ebb_set_of(cycles, 1);
	CHECK_OK(PAPI_add_named_event(eventset, "ebb::PM_1PLUS_PPC_CMPL"));
	EXPECT_RC(PAPI_add_named_event(eventset, "ebb::PM_DATA_FROM_L2"), PAPI_ECNFLCT);
	ctest_note("two events on PMC1 refused%s", ctest_reason());

	/* The PMU is exclusive: no multiplexing, by the kernel or the core. */
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	option.multiplex.flags = PAPI_MULTIPLEX_FORCE_SW;
	EXPECT_RC(PAPI_set_opt(PAPI_MULTIPLEX, &option), PAPI_ECMP);
	ctest_note("software multiplexing refused%s", ctest_reason());
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_ECMP);
	ctest_note("multiplexing refused%s", ctest_reason());

	/* One EBB group per thread: the PMU is pinned and exclusive. */
	int second = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&second));
	EXPECT_RC(PAPI_add_named_event(second, "ebb::PM_RUN_INST_CMPL"), PAPI_ECNFLCT);
	ctest_note("a second EBB event set refused%s", ctest_reason());
	CHECK_OK(PAPI_destroy_eventset(&second));

	/* EBBs reach the thread that counts, never another task. */
	int attached = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&attached));
	CHECK_OK(PAPI_assign_eventset_component(attached, hw_ebb_cidx()));
	EXPECT_RC(PAPI_attach(attached, getppid()), PAPI_ECMP);
	ctest_note("attaching refused%s", ctest_reason());
	ctest_pass();
}
