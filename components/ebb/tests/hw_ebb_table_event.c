// SPDX-License-Identifier: BSD-3-Clause
/* An event of the whole libpfm4 tables (components/ebb/events/) that the
 * first, curated tables did not have, on each POWER model QEMU offers: it
 * is accepted, lands on the PMC its code names (or, naming none, on the
 * lowest free one), counts there, and another event naming the same PMC
 * is refused with the rule; the component lists the whole table. The PMC
 * is read with mfspr around a loop of 2n instructions: its growth must be
 * the loop's (icount: one cycle per instruction, and QEMU counts selector
 * 0x1e as cycles and 0x02 as instructions on PMC1-4), and PAPI_read's
 * growth the PMC's. A cycles event also delivers its overflows as EBBs,
 * exactly (QEMU loses instruction-event EBBs, doc/ebb.md). */
#include <string.h>
#include <sys/auxv.h>

#include "hw_common.c"
#include "hw_ebb_common.c"

#define LOOP_ITERATIONS 1000000ULL
#define ALLOWED_EXTRA   50000LL /* library calls and one timer tick at most */
#define READ_SKEW       10000LL /* library code between the mfspr and PAPI_read */
#define EBB_THRESHOLD   1000000LL

struct table_case {
	const char *model;       /* AT_PLATFORM */
	const char *event;       /* not in the first tables */
	const char *before;      /* added first to hold a PMC, or NULL */
	unsigned pmc;            /* where event must land */
	const char *conflicting; /* another event naming that PMC, or NULL */
	bool cycles;             /* counts cycles (else completed instructions) */
	int table_size;          /* events of the model's table (events/MODEL.events) */
};

static const struct table_case cases[] = {
    /* 0x2, no PMC named: beside PM_1PLUS_PPC_CMPL (0x100f2) it takes PMC2. */
    {"power8", "ebb::PM_INST_CMPL", "ebb::PM_1PLUS_PPC_CMPL", 2, NULL, false, 1063},
    /* 0x3001e against 0x30002. */
    {"power9", "ebb::PM_CYC_ALT2", NULL, 3, "ebb::PM_INST_CMPL_ALT2", true, 960},
    /* 0x30002 against 0x3001e. */
    {"power10", "ebb::PM_INST_CMPL_ALT3", NULL, 3, "ebb::PM_CYC_ALT3", false, 952},
};

/* PMC1-4 are SPRs 771-774 (problem state); the number must be a constant. */
static long long read_pmc(unsigned pmc)
{
	switch (pmc) {
	case 1:
		return (long long)(uint32_t)hw_ebb_read_spr(771);
	case 2:
		return (long long)(uint32_t)hw_ebb_read_spr(772);
	case 3:
		return (long long)(uint32_t)hw_ebb_read_spr(773);
	case 4:
		return (long long)(uint32_t)hw_ebb_read_spr(774);
	}
	return -1;
}

static const struct table_case *case_of_this_cpu(void)
{
	const char *platform = (const char *)getauxval(AT_PLATFORM);
	for (size_t i = 0; platform && i < sizeof(cases) / sizeof(cases[0]); i++)
		if (strcmp(cases[i].model, platform) == 0)
			return &cases[i];
	FAIL_IF(1, "the ebb component is active on %s, which this test has no case for",
	        platform ? platform : "(no AT_PLATFORM)");
	return NULL;
}

/* The component lists the model's whole table (what papi_native_avail
 * shows). */
static void check_listed(const struct table_case *c, int cidx)
{
	int code = PAPI_NATIVE_MASK, listed = 0, described = 0;
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK)
		do {
			PAPI_event_info_t info;
			listed++;
			/* What papi_native_avail asks of each enumerated code. */
			if (PAPI_get_event_info(code, &info) == PAPI_OK &&
			    strncmp(info.symbol, "ebb::PM_", 8) == 0 && info.long_descr[0])
				described++;
		} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	ctest_note("%s: the ebb component lists %d native events, %d with their info", c->model,
	           listed, described);
	FAIL_IF(listed != c->table_size, "%s: the ebb component lists %d events, its table has %d",
	        c->model, listed, c->table_size);
	FAIL_IF(described != listed, "%s: PAPI_get_event_info failed on %d of %d listed events",
	        c->model, listed - described, listed);
}

/* Accepted, placed, refused beside a rival, and counting on its PMC. */
static void check_counting(const struct table_case *c)
{
	int eventset = PAPI_NULL, index = 0;
	long long values[EBB_MAX_EVENTS] = {0}, later[EBB_MAX_EVENTS] = {0};

	CHECK_OK(PAPI_create_eventset(&eventset));
	if (c->before) {
		CHECK_OK(PAPI_add_named_event(eventset, c->before));
		index = 1;
	}
	int rc = PAPI_add_named_event(eventset, c->event);
	FAIL_IF(rc != PAPI_OK, "%s: PAPI_add_named_event(%s) returned %s%s", c->model, c->event,
	        ctest_errname(rc), ctest_reason());
	if (c->conflicting) {
		char pmc_name[8];
		snprintf(pmc_name, sizeof(pmc_name), "PMC%u", c->pmc);
		EXPECT_RC(PAPI_add_named_event(eventset, c->conflicting), PAPI_ECNFLCT);
		const char *reason = ctest_reason();
		FAIL_IF(strstr(reason, pmc_name) == NULL, "%s refused beside %s, but not for %s%s",
		        c->conflicting, c->event, pmc_name, reason);
		ctest_note("%s refused beside %s%s", c->conflicting, c->event, reason);
	}

	CHECK_OK(PAPI_start(eventset));
	long long pmc_before = read_pmc(c->pmc);
	CHECK_OK(PAPI_read(eventset, values));
	hw_loop(LOOP_ITERATIONS);
	long long pmc_after = read_pmc(c->pmc);
	CHECK_OK(PAPI_read(eventset, later));
	CHECK_OK(PAPI_stop(eventset, later));
	long long on_pmc = pmc_after - pmc_before, read = later[index] - values[index];
	long long loop = (long long)(2 * LOOP_ITERATIONS);
	ctest_note("%s: %s on PMC%u counted %lld %s for a loop of %lld instructions (PAPI_read: "
	           "%lld, then %lld at stop)",
	           c->model, c->event, c->pmc, on_pmc, c->cycles ? "cycles" : "instructions", loop,
	           read, later[index]);
	FAIL_IF(on_pmc < loop,
	        "PMC%u grew by %lld over a loop of %lld instructions: %s is not there", c->pmc,
	        on_pmc, loop, c->event);
	if (hw_icount())
		FAIL_IF(on_pmc > loop + ALLOWED_EXTRA,
		        "PMC%u grew by %lld over a loop of %lld instructions under icount (at most "
		        "%lld more expected)",
		        c->pmc, on_pmc, loop, ALLOWED_EXTRA);
	FAIL_IF(read < on_pmc - READ_SKEW || read > on_pmc + READ_SKEW,
	        "PAPI_read of %s grew by %lld, PMC%u by %lld", c->event, read, c->pmc, on_pmc);
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));
}

/* Overflows of a cycles event as EBBs, one callback per threshold. */
static void check_overflows(const struct table_case *c)
{
	int eventset = hw_ebb_overflow_set(c->event, EBB_THRESHOLD, hw_ebb_count_callback);
	uint64_t iterations = (uint64_t)(10 * EBB_THRESHOLD / 2);
	long long count = hw_ebb_run_loop(eventset, iterations);
	long n = hw_ebb_callbacks;
	ctest_note("%s: threshold %lld, loop of %llu cycles: %ld callbacks, final count %lld",
	           c->event, EBB_THRESHOLD, (unsigned long long)(2 * iterations), n, count);
	hw_ebb_check_overflows(n, count, EBB_THRESHOLD, iterations);
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	int cidx = hw_ebb_cidx();
	const struct table_case *c = case_of_this_cpu();
	check_listed(c, cidx);
	check_counting(c);
	if (c->cycles)
		check_overflows(c);
	ctest_pass();
}
