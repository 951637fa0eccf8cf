// SPDX-License-Identifier: BSD-3-Clause
/* The kernel module's checks of a user's request (kernel/rv_validate.h,
 * which rv_kmod.c runs right after copy_from_user, before any driver
 * call): every malformed request is refused with -EINVAL, counting the
 * kernel or the firmware, or an overflow threshold below the floor,
 * without the right to with -EACCES; a refused
 * request leaves the hart (the model) exactly as it was; the module
 * accepts exactly the SBI events the component names; and what it
 * accepts cannot set a selector bit beyond the event and the inhibits
 * asked for (never OF, never a reserved bit). The guest cannot observe a
 * CSR the module did not write: the model can. */
#include <CUnit/Basic.h>
#include <string.h>

#include "unit_assert.h"

#include "kernel/rv_validate.h"
#include "rv_events.h"
#include "rv_model.h"
#include "rv_pmu.h"

/* A refusal is a negative errno: say which came back. */
#define ASSERT_ERRNO(expression, expected)                                                         \
	do {                                                                                       \
		int got_ = (expression);                                                           \
		char text_[256];                                                                   \
		snprintf(text_, sizeof text_, "%s = %d, expected %d", #expression, got_,           \
		         (int)(expected));                                                         \
		CU_assertImplementation(got_ == (expected), __LINE__, text_, __FILE__, "",         \
		                        CU_FALSE);                                                 \
	} while (0)

#define DELEGATE_ALL    0xfffffffdull
#define HW_INSTRUCTIONS RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 2)
#define USER_ONLY       (RV_SBI_CFG_SET_SINH | RV_SBI_CFG_SET_MINH)

/* Requests the module must refuse as malformed, whoever asks. */
static const struct rv_abi_obtain malformed[] = {
    {.event_index = 0x00000},                              /* hardware code 0 */
    {.event_index = 0x0000b},                              /* hardware 11 */
    {.event_index = 0x00002, .event_data = 1},             /* hardware with data */
    {.event_index = 0x10038},                              /* cache id 7 */
    {.event_index = 0x10006},                              /* cache operation 3 */
    {.event_index = 0x10000, .event_data = 5},             /* cache with data */
    {.event_index = 0x20001},                              /* raw, code 1 */
    {.event_index = 0x20000, .event_data = 1ull << 48},    /* 49-bit selector */
    {.event_index = 0x20000, .event_data = 1ull << 63},    /* the OF bit as a selector */
    {.event_index = 0x30001},                              /* type 3 */
    {.event_index = 0xe0001},                              /* type 14 */
    {.event_index = 0xf0016},                              /* firmware 22 */
    {.event_index = 0xf0000, .event_data = 1},             /* firmware with data */
    {.event_index = 0x100002},                             /* index bit 20 */
    {.event_index = 1ull << 63 | 2},                       /* index bit 63 */
    {.event_index = 0x00002, .inhibit_flags = 1u << 0},    /* SKIP_MATCH */
    {.event_index = 0x00002, .inhibit_flags = 1u << 1},    /* CLEAR_VALUE */
    {.event_index = 0x00002, .inhibit_flags = 1u << 2},    /* AUTO_START */
    {.event_index = 0x00002, .inhibit_flags = 1u << 8},    /* beyond MINH */
    {.event_index = 0x00002, .inhibit_flags = 1ull << 40}, /* far beyond */
    {.event_index = 0x00002, .flags = 2},                  /* unknown flag */
    {.event_index = 0x00002, .flags = 1u << 31},
    {.event_index = 0x00002, .counters = 1u << RV_COUNTER_TIME},
    {.event_index = 0x00002, .counters = 0xffffffffu}, /* time among them */
};
#define MALFORMED (sizeof malformed / sizeof malformed[0])

/* The module's right (kpriv_check) as the shared rule answers it for a
 * caller without CAP_PERFMON or CAP_SYS_ADMIN: at paranoid -1 (all
 * granted) and at 2, the build machines' level (user mode only). */
static unsigned capable_asked;
static bool not_capable(void)
{
	capable_asked++;
	return false;
}
static bool capable(void)
{
	capable_asked++;
	return true;
}
static int right_granted(unsigned needs)
{
	return kpriv_refusal(needs, -1, not_capable);
}
static int right_at_paranoid_2(unsigned needs)
{
	return kpriv_refusal(needs, 2, not_capable);
}

static void test_malformed_requests_refused(void)
{
	for (unsigned i = 0; i < MALFORMED; i++) {
		/* With the right to count the kernel or not: malformed first. */
		ASSERT_ERRNO(rv_obtain_refusal(&malformed[i], right_granted), -EINVAL);
		ASSERT_ERRNO(rv_obtain_refusal(&malformed[i], right_at_paranoid_2), -EINVAL);
	}
}

static void test_kernel_counting_needs_the_right(void)
{
	struct rv_abi_obtain o = {.event_index = HW_INSTRUCTIONS};
	const __u64 partial[] = {0, RV_SBI_CFG_SET_SINH, RV_SBI_CFG_SET_MINH,
	                         RV_SBI_CFG_SET_UINH | RV_SBI_CFG_SET_VSINH};
	for (unsigned i = 0; i < sizeof partial / sizeof partial[0]; i++) {
		o.inhibit_flags = partial[i];
		CU_ASSERT_TRUE(rv_obtain_counts_kernel(&o));
		ASSERT_ERRNO(rv_obtain_refusal(&o, right_at_paranoid_2), -EACCES);
		ASSERT_ERRNO(rv_obtain_refusal(&o, right_granted), 0);
	}
	/* User mode only: anyone. */
	o.inhibit_flags = USER_ONLY;
	CU_ASSERT_FALSE(rv_obtain_counts_kernel(&o));
	ASSERT_ERRNO(rv_obtain_refusal(&o, right_at_paranoid_2), 0);
	o.inhibit_flags = RV_VALID_INHIBIT_FLAGS & ~RV_SBI_CFG_SET_UINH;
	ASSERT_ERRNO(rv_obtain_refusal(&o, right_at_paranoid_2), 0);
	/* A firmware event counts the firmware's work, inhibits or not. */
	o = (struct rv_abi_obtain){.event_index = 0xf0000, .inhibit_flags = USER_ONLY};
	CU_ASSERT_TRUE(rv_obtain_counts_kernel(&o));
	ASSERT_ERRNO(rv_obtain_refusal(&o, right_at_paranoid_2), -EACCES);
	ASSERT_ERRNO(rv_obtain_refusal(&o, right_granted), 0);
}

/* The right at each perf_event_paranoid level, for each kind of request
 * (the rule is kpriv.h's, shared with the perfctr module): user mode only
 * up to 2, S-mode (the kernel), M-mode (the firmware) and a firmware
 * event up to 1; above, only with CAP_PERFMON or CAP_SYS_ADMIN, which is
 * asked only then. */
static int paranoid_now;
static bool (*capable_now)(void);
static int right_now(unsigned needs)
{
	return kpriv_refusal(needs, paranoid_now, capable_now);
}

static void test_each_paranoid_level(void)
{
	static const struct {
		const char *kind;
		struct rv_abi_obtain o;
		int highest; /* the highest level granting it without a capability */
	} kinds[] = {
	    {"user mode", {.event_index = HW_INSTRUCTIONS, .inhibit_flags = USER_ONLY}, 2},
	    {"S-mode", {.event_index = HW_INSTRUCTIONS, .inhibit_flags = RV_SBI_CFG_SET_MINH}, 1},
	    {"M-mode", {.event_index = HW_INSTRUCTIONS, .inhibit_flags = RV_SBI_CFG_SET_SINH}, 1},
	    {"firmware event", {.event_index = 0xf0000, .inhibit_flags = USER_ONLY}, 1},
	};
	for (unsigned k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (paranoid_now = -1; paranoid_now <= 4; paranoid_now++) {
			bool granted = paranoid_now <= kinds[k].highest;
			char what[96];
			snprintf(what, sizeof what, "%s at paranoid %d", kinds[k].kind,
			         paranoid_now);
			capable_now = not_capable;
			capable_asked = 0;
			ASSERT_ERRNO(rv_obtain_refusal(&kinds[k].o, right_now),
			             granted ? 0 : -EACCES);
			CU_ASSERT_EQUAL(capable_asked, granted ? 0u : 1u);
			capable_now = capable;
			ASSERT_ERRNO(rv_obtain_refusal(&kinds[k].o, right_now), 0);
			if (!granted && rv_obtain_refusal(&kinds[k].o, right_now) != 0)
				printf("refused with the capability: %s\n", what);
		}
	/* A malformed request never asks for the right. */
	capable_asked = 0;
	paranoid_now = 2;
	capable_now = not_capable;
	ASSERT_ERRNO(rv_obtain_refusal(&malformed[0], right_now), -EINVAL);
	CU_ASSERT_EQUAL(capable_asked, 0u);
}

static void test_slot_requests(void)
{
	const unsigned long cmds[] = {RV_IOC_START,   RV_IOC_STOP,        RV_IOC_READ,
	                              RV_IOC_RELEASE, RV_IOC_USER_ACCESS, RV_IOC_NOP,
	                              RV_IOC_OVERFLOW};
	for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
		struct rv_abi_counter a = {.slot = RV_ABI_SLOTS};
		ASSERT_ERRNO(rv_counter_refusal((unsigned)cmds[i], &a, true), -EINVAL);
		a.slot = 0xffffffffu;
		ASSERT_ERRNO(rv_counter_refusal((unsigned)cmds[i], &a, true), -EINVAL);
		a = (struct rv_abi_counter){.slot = 0, .reserved = 1};
		ASSERT_ERRNO(rv_counter_refusal((unsigned)cmds[i], &a, false), -EINVAL);
		a = (struct rv_abi_counter){.slot = RV_ABI_SLOTS - 1, .value = 1};
		ASSERT_ERRNO(rv_counter_refusal((unsigned)cmds[i], &a, true), 0);
	}
	struct rv_abi_counter a = {.slot = 0, .value = 2};
	ASSERT_ERRNO(rv_counter_refusal((unsigned)RV_IOC_USER_ACCESS, &a, true), -EINVAL);
	a.value = 1ull << 63;
	ASSERT_ERRNO(rv_counter_refusal((unsigned)RV_IOC_OVERFLOW, &a, true), -EINVAL);
	a.value = (1ull << 63) - 1;
	ASSERT_ERRNO(rv_counter_refusal((unsigned)RV_IOC_OVERFLOW, &a, false), 0);
	/* Any initial count: the counter's whole width is the user's. */
	a.value = UINT64_MAX;
	ASSERT_ERRNO(rv_counter_refusal((unsigned)RV_IOC_START, &a, false), 0);
}

/* The overflow floor: a threshold from 1 to 9,999 interrupts the hart
 * more often than perf's default sample rate allows anyone; without
 * CAP_PERFMON or CAP_SYS_ADMIN it is EACCES, with it accepted. 0
 * (disarm) and the floor itself are open to all; only RV_IOC_OVERFLOW's
 * value is a threshold. */
static void test_overflow_floor(void)
{
	static const struct {
		uint64_t threshold;
		int unprivileged, privileged;
	} cases[] = {
	    {0, 0, 0},
	    {1, -EACCES, 0},
	    {2, -EACCES, 0},
	    {RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN - 1, -EACCES, 0},
	    {RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN, 0, 0},
	    {RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN + 1, 0, 0},
	    {100000, 0, 0},
	    {1ull << 63, -EINVAL, -EINVAL},
	};
	CU_ASSERT_EQUAL(RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN, 10000);
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rv_abi_counter a = {.slot = 3, .value = cases[i].threshold};
		CU_ASSERT_EQUAL(rv_counter_overflows_often(RV_IOC_OVERFLOW, &a),
		                cases[i].unprivileged == -EACCES);
		ASSERT_ERRNO(rv_counter_refusal(RV_IOC_OVERFLOW, &a, false), cases[i].unprivileged);
		ASSERT_ERRNO(rv_counter_refusal(RV_IOC_OVERFLOW, &a, true), cases[i].privileged);
		/* A malformed slot stays EINVAL, the right or not. */
		a.slot = RV_ABI_SLOTS;
		ASSERT_ERRNO(rv_counter_refusal(RV_IOC_OVERFLOW, &a, false), -EINVAL);
	}
	/* The other ioctls' values are no thresholds. */
	static const unsigned others[] = {RV_IOC_START, RV_IOC_STOP, RV_IOC_READ, RV_IOC_RELEASE,
	                                  RV_IOC_NOP};
	for (unsigned i = 0; i < sizeof others / sizeof others[0]; i++) {
		struct rv_abi_counter a = {.slot = 0, .value = 1};
		CU_ASSERT_FALSE(rv_counter_overflows_often(others[i], &a));
		ASSERT_ERRNO(rv_counter_refusal(others[i], &a, false), 0);
	}
}

/* do_obtain's order in rv_kmod.c: the checks, then the driver. */
static int module_obtain(struct rv_pmu *pmu, const struct rv_abi_obtain *o,
                         int (*right)(unsigned needs), struct rv_counter *counter)
{
	int rc = rv_obtain_refusal(o, right);
	if (rc)
		return rc;
	const struct rv_counter_request request = {.event_index = (unsigned long)o->event_index,
	                                           .event_data = (unsigned long)o->event_data,
	                                           .inhibit_flags = (unsigned long)o->inhibit_flags,
	                                           .counters = o->counters};
	return rv_counter_obtain(pmu, &request, counter) == RV_PMU_OK ? 0 : -ENOENT;
}

static void delegated_hart(struct rv_model *model, struct rv_pmu *pmu, uint64_t delegate)
{
	struct rv_hart hart;
	rv_model_init(model, 64, RV_EXT_ALL);
	rv_model_delegate(model, delegate);
	rv_model_hart(model, &hart);
	CU_ASSERT_EQUAL_FATAL(rv_pmu_probe(pmu, &hart), RV_PMU_OK);
}

static void test_refused_request_touches_nothing(void)
{
	static const uint64_t delegations[] = {DELEGATE_ALL, 0};
	for (unsigned d = 0; d < 2; d++) {
		struct rv_model model, before;
		struct rv_pmu pmu;
		struct rv_counter counter = {0};
		delegated_hart(&model, &pmu, delegations[d]);
		before = model;
		for (unsigned i = 0; i < MALFORMED; i++)
			ASSERT_ERRNO(module_obtain(&pmu, &malformed[i], right_granted, &counter),
			             -EINVAL);
		const struct rv_abi_obtain kernel = {.event_index = HW_INSTRUCTIONS};
		ASSERT_ERRNO(module_obtain(&pmu, &kernel, right_at_paranoid_2, &counter), -EACCES);
		CU_ASSERT_EQUAL(model.ecalls, before.ecalls);
		CU_ASSERT_EQUAL(memcmp(&model, &before, sizeof model), 0);
	}
}

/* Every SBI event index the module accepts (data 0; raw: any selector)
 * is one the component names, and the other way round. */
static void test_module_accepts_the_components_events(void)
{
	unsigned accepted = 0, named = 0;
	for (unsigned long type = 0; type < 16; type++)
		for (unsigned long code = 0; code <= 0xffff; code++) {
			struct rv_abi_obtain o = {.event_index = type << 16 | code,
			                          .inhibit_flags = USER_ONLY};
			accepted += rv_obtain_refusal(&o, right_granted) == 0;
		}
	for (uint64_t cursor = rv_event_first();; named++) {
		struct rv_event event;
		char name[128];
		CU_ASSERT_TRUE_FATAL(rv_event_of_cursor(cursor, name, sizeof name, &event));
		if (!event.is_time) {
			struct rv_abi_obtain o = {.event_index = event.event_index,
			                          .event_data = event.event_data};
			CU_ASSERT_EQUAL(rv_obtain_refusal(&o, right_granted), 0);
			if (rv_obtain_refusal(&o, right_granted) != 0)
				printf("refused: %s (index %#lx)\n", name, event.event_index);
		}
		if (!rv_event_next(cursor, &cursor))
			break;
	}
	named++;
	/* Less time (no SBI event), plus the raw events' one index (not
	 * enumerated): 74 + 1. */
	CU_ASSERT_EQUAL(accepted, named - 1 + 1);
	CU_ASSERT_EQUAL(accepted, 75);
}

/* What the module accepts cannot reach past the selector it asked for:
 * a raw selector up to 48 bits, every valid set of inhibit flags, on a
 * delegated counter that S-mode programs itself. The selector written is
 * the raw selector and the inhibit bits asked for, exactly: never OF,
 * never MINH (read-only 0 through sireg2), nothing in bits 48-57. */
static void test_accepted_selector_is_exactly_asked(void)
{
	static const uint64_t selectors[] = {0, 1, 0x1234, 0xaaaaaaaaaaaaull, (1ull << 48) - 1};
	for (unsigned s = 0; s < sizeof selectors / sizeof selectors[0]; s++)
		for (unsigned flags = 0; flags < 256; flags++) {
			struct rv_model model;
			struct rv_pmu pmu;
			struct rv_counter counter = {0};
			const struct rv_abi_obtain o = {.event_index =
			                                    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_RAW, 0),
			                                .event_data = selectors[s],
			                                .inhibit_flags = flags,
			                                .counters = ~7u};
			delegated_hart(&model, &pmu, DELEGATE_ALL);
			int rc = module_obtain(&pmu, &o, right_granted, &counter);
			if ((flags & ~RV_VALID_INHIBIT_FLAGS) != 0) {
				ASSERT_ERRNO(rc, -EINVAL);
				continue;
			}
			ASSERT_ERRNO(rc, 0);
			CU_ASSERT_TRUE(counter.delegated && counter.index >= 3);
			uint64_t want = selectors[s] |
			                (flags & RV_SBI_CFG_SET_SINH ? RV_HPMEVENT_SINH : 0) |
			                (flags & RV_SBI_CFG_SET_UINH ? RV_HPMEVENT_UINH : 0) |
			                (flags & RV_SBI_CFG_SET_VSINH ? RV_HPMEVENT_VSINH : 0) |
			                (flags & RV_SBI_CFG_SET_VUINH ? RV_HPMEVENT_VUINH : 0) |
			                (flags & RV_SBI_CFG_SET_MINH ? RV_HPMEVENT_MINH : 0);
			CU_ASSERT_EQUAL(model.selector[counter.index], want);
			CU_ASSERT_EQUAL(model.selector[counter.index] &
			                    (RV_HPMEVENT_OF | 0x3ff000000000000ull),
			                0);
		}
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("rv_validate", NULL, NULL);
	CU_add_test(suite, "malformed requests refused", test_malformed_requests_refused);
	CU_add_test(suite, "kernel counting needs the right", test_kernel_counting_needs_the_right);
	CU_add_test(suite, "each paranoid level", test_each_paranoid_level);
	CU_add_test(suite, "slot requests", test_slot_requests);
	CU_add_test(suite, "overflow floor without CAP_PERFMON", test_overflow_floor);
	CU_add_test(suite, "refused request touches nothing", test_refused_request_touches_nothing);
	CU_add_test(suite, "module accepts the component's events",
	            test_module_accepts_the_components_events);
	CU_add_test(suite, "accepted selector is exactly what was asked",
	            test_accepted_selector_is_exactly_asked);
	return unit_run_all();
}
