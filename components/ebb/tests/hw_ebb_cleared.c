// SPDX-License-Identifier: BSD-3-Clause
/* The PMU state an EBB event set leaves behind: after the last EBB event
 * set is cleaned up and destroyed, and again after PAPI_shutdown, the
 * PMCs, MMCR0 and BESCR must not hold the set's counts or enables: each
 * must read 0, but for MMCR0, where only FC (frozen) may remain.
 *
 * Each must also be readable. Once the last EBB event is closed, the
 * kernel's PMU disable leaves MMCR0[PMCC] = 0b00 (it clears PMCC with EBE
 * and PMAO), under which the Power ISA (2.07 to 3.1) lets problem state
 * read the PMCs and MMCR0 (only PMCC = 0b01 makes them unavailable;
 * POWER10's MMCR0[PMCCEXT], which the kernel sets there, guards the
 * sampling registers SIER, SIAR and SDAR, not these). BESCR is readable
 * while FSCR[EBB] allows it, which Linux keeps set for user threads on
 * POWER8 and later (the lab read it on all three models). So a SIGILL
 * here is a failure: the test would have checked nothing, and that is
 * what a wrong SPR number or a kernel that took the registers away
 * would give. The handler turns the trap into that failure instead of a
 * crash. */
#include <setjmp.h>

#include "hw_common.c"
#include "hw_ebb_common.c"

#define MMCR0_FC 0x80000000ULL

static sigjmp_buf trap;

static void on_sigill(int sig)
{
	(void)sig;
	siglongjmp(trap, 1);
}

#define SPR_READER(name, spr)                                                                      \
	static unsigned long long read_##name(void)                                                \
	{                                                                                          \
		return hw_ebb_read_spr(spr);                                                       \
	}
SPR_READER(pmc1, 771)
SPR_READER(pmc2, 772)
SPR_READER(pmc3, 773)
SPR_READER(pmc4, 774)
SPR_READER(pmc5, 775)
SPR_READER(pmc6, 776)
SPR_READER(mmcr0, 779)
SPR_READER(bescr, 806)

static const struct {
	const char *name;
	unsigned long long (*read)(void);
	unsigned long long allowed; /* bits that may stay set */
} registers[] = {
    {"PMC1", read_pmc1, 0},          {"PMC2", read_pmc2, 0},   {"PMC3", read_pmc3, 0},
    {"PMC4", read_pmc4, 0},          {"PMC5", read_pmc5, 0},   {"PMC6", read_pmc6, 0},
    {"MMCR0", read_mmcr0, MMCR0_FC}, {"BESCR", read_bescr, 0},
};
#define REGISTERS ((int)(sizeof(registers) / sizeof(registers[0])))

static void overflow_ignored(int eventset, void *address, long long vector, void *context)
{
	(void)eventset;
	(void)address;
	(void)vector;
	(void)context;
}

/* A set counting PMC1 and PMC6 with an overflow on PMC6, run and stopped. */
static int run_a_set(void)
{
	static const char *const names[] = {"ebb::PM_CYC", "ebb::PM_RUN_CYC"};
	long long values[2] = {0};
	int code = 0;
	int eventset = hw_ebb_set_of(names, 2);
	CHECK_OK(PAPI_event_name_to_code(names[1], &code));
	CHECK_OK(PAPI_overflow(eventset, code, 100000, 0, overflow_ignored));
	CHECK_OK(PAPI_start(eventset));
	hw_loop(500000);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] < 1000000 || values[1] < 1000000,
	        "counted %lld and %lld cycles for a loop of 1000000", values[0], values[1]);
	return eventset;
}

static void expect_cleared(const char *when)
{
	/* volatile: sigsetjmp returns twice, and i lives across it. */
	for (volatile int i = 0; i < REGISTERS; i++) {
		volatile unsigned long long value = 0;
		if (sigsetjmp(trap, 1) != 0)
			FAIL_IF(true,
			        "%s: mfspr of %s trapped (SIGILL), though MMCR0[PMCC] = 0b00 "
			        "leaves it readable in problem state",
			        when, registers[i].name);
		value = registers[i].read();
		ctest_note("%s: %s = %#llx", when, registers[i].name, (unsigned long long)value);
		FAIL_IF(value & ~registers[i].allowed, "%s: %s is %#llx, not cleared", when,
		        registers[i].name, (unsigned long long)value);
	}
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	struct sigaction action = {.sa_handler = on_sigill};
	sigemptyset(&action.sa_mask);
	FAIL_IF(sigaction(SIGILL, &action, NULL) != 0, "sigaction(SIGILL): %s", strerror(errno));

	int eventset = run_a_set();
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	expect_cleared("after the cleanup");

	run_a_set();
	PAPI_shutdown();
	expect_cleared("after PAPI_shutdown");
	ctest_pass();
}
