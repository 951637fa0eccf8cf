// SPDX-License-Identifier: BSD-3-Clause
/* The default domain: PAPI_DOM_USER at first; PAPI_set_cmp_domain (and
 * PAPI_set_domain for component 0) change it for event sets bound after the
 * change, not for existing ones; the change shows in PAPI_get_opt and
 * PAPI_get_cmp_opt and in what new sets count. Bad domains and component
 * indexes are refused. */
#include "ctest_util.h"

#include <string.h>

#define PAGES 512

static int eventset_domain(int eventset)
{
	PAPI_option_t option;

	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	CHECK_OK(PAPI_get_opt(PAPI_DOMAIN, &option));
	return option.domain.domain;
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::PAGE-FAULTS"};
	int before, after, cidx, domain, rc;
	long long user, kernel;
	char *memory;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	SKIP_IF(!ctest_kernel_domain_allowed(),
	        "perf_event_paranoid forbids counting kernel-mode events for this user");
	cidx = ctest_perf_event_cidx();

	domain = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, cidx);
	FAIL_IF(domain != PAPI_DOM_USER, "the default domain of perf_event is %s, expected %#x",
	        ctest_errname(domain), PAPI_DOM_USER);
	if (cidx == 0) {
		domain = PAPI_get_opt(PAPI_DEFDOM, NULL);
		FAIL_IF(domain != PAPI_DOM_USER, "PAPI_get_opt(PAPI_DEFDOM) is %s",
		        ctest_errname(domain));
	}

	before = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_set_cmp_domain(PAPI_DOM_KERNEL, cidx));
	domain = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, cidx);
	FAIL_IF(domain != PAPI_DOM_KERNEL, "after PAPI_set_cmp_domain(KERNEL) PAPI_DEFDOM is %s",
	        ctest_errname(domain));
	after = ctest_eventset_of(names, 1);
	FAIL_IF(eventset_domain(before) != PAPI_DOM_USER,
	        "an existing set changed its domain to %#x", eventset_domain(before));
	FAIL_IF(eventset_domain(after) != PAPI_DOM_KERNEL,
	        "a set created after the change has domain %#x", eventset_domain(after));

	memory = ctest_fresh_pages(PAGES);
	CHECK_OK(PAPI_start(after));
	ctest_touch_pages(memory, PAGES);
	CHECK_OK(PAPI_stop(after, &user));
	ctest_free_pages(memory, PAGES);
	memory = ctest_fresh_pages(PAGES);
	CHECK_OK(PAPI_start(after));
	ctest_kernel_fill_pages(memory, PAGES);
	CHECK_OK(PAPI_stop(after, &kernel));
	ctest_free_pages(memory, PAGES);
	ctest_note("default PAPI_DOM_KERNEL: user-mode faults %lld, kernel-mode %lld", user,
	           kernel);
	FAIL_IF(user > PAGES / 8, "a kernel-domain set counted %lld user-mode faults", user);
	FAIL_IF(kernel < PAGES, "a kernel-domain set counted %lld faults for %d pages read into",
	        kernel, PAGES);
	ctest_eventset_free(&before);
	ctest_eventset_free(&after);

	CHECK_OK(PAPI_set_cmp_domain(PAPI_DOM_ALL, cidx));
	domain = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, cidx);
	FAIL_IF((domain & (PAPI_DOM_USER | PAPI_DOM_KERNEL)) != (PAPI_DOM_USER | PAPI_DOM_KERNEL),
	        "after PAPI_set_cmp_domain(PAPI_DOM_ALL) PAPI_DEFDOM is %s", ctest_errname(domain));

	EXPECT_RC(PAPI_set_domain(0), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_domain(PAPI_DOM_MAX + 1), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_domain(0x100), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_cmp_domain(-3, cidx), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_cmp_domain(PAPI_DOM_USER, -1), PAPI_ENOCMP);
	EXPECT_RC(PAPI_set_cmp_domain(PAPI_DOM_USER, PAPI_num_components()), PAPI_ENOCMP);
	rc = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, cidx);
	FAIL_IF(rc != domain, "refused changes moved PAPI_DEFDOM from %#x to %s", domain,
	        ctest_errname(rc));

	CHECK_OK(PAPI_set_domain(PAPI_DOM_USER));
	rc = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, 0);
	FAIL_IF(rc != PAPI_DOM_USER,
	        "after PAPI_set_domain(PAPI_DOM_USER) component 0's default "
	        "domain is %s",
	        ctest_errname(rc));

	ctest_pass();
}
