// SPDX-License-Identifier: BSD-3-Clause
/* The counting domain of an event set decides which page faults count:
 * faults taken in user mode (the program writing fresh pages) count in
 * PAPI_DOM_USER, faults taken in kernel mode (read() filling fresh pages)
 * count in PAPI_DOM_KERNEL, both in PAPI_DOM_ALL. An event's own :u or :k
 * modifier takes precedence over the set's domain. Out-of-range domains are
 * refused. */
#include "ctest_util.h"

#include <string.h>

#define PAGES 1024

enum work { USER_TOUCH, KERNEL_FILL };

static long long faults_for(int eventset, enum work work)
{
	char *memory = ctest_fresh_pages(PAGES);
	long long value = -1;

	CHECK_OK(PAPI_start(eventset));
	if (work == USER_TOUCH)
		ctest_touch_pages(memory, PAGES);
	else
		ctest_kernel_fill_pages(memory, PAGES);
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_free_pages(memory, PAGES);
	return value;
}

static void set_domain(int eventset, int domain)
{
	PAPI_option_t option;

	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	option.domain.domain = domain;
	CHECK_OK(PAPI_set_opt(PAPI_DOMAIN, &option));
}

static int get_domain(int eventset)
{
	PAPI_option_t option;

	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	CHECK_OK(PAPI_get_opt(PAPI_DOMAIN, &option));
	return option.domain.domain;
}

/* counts in the domain: at least PAGES; outside it: far fewer. */
static void expect_faults(int eventset, const char *what, bool user_counts, bool kernel_counts)
{
	long long user = faults_for(eventset, USER_TOUCH);
	long long kernel = faults_for(eventset, KERNEL_FILL);

	ctest_note("%s: user-mode faults %lld, kernel-mode faults %lld", what, user, kernel);
	if (user_counts)
		FAIL_IF(user < PAGES, "%s: %lld faults counted for %d pages written by the program",
		        what, user, PAGES);
	else
		FAIL_IF(user > PAGES / 8, "%s: %lld user-mode faults counted, expected few", what,
		        user);
	if (kernel_counts)
		FAIL_IF(kernel < PAGES, "%s: %lld faults counted for %d pages filled by read()",
		        what, kernel, PAGES);
	else
		FAIL_IF(kernel > PAGES / 8, "%s: %lld kernel-mode faults counted, expected few",
		        what, kernel);
}

int main(int argc, char **argv)
{
	const char *const plain[] = {"perf::PAGE-FAULTS"};
	const char *const user_only[] = {"perf::PAGE-FAULTS:u"};
	const char *const kernel_only[] = {"perf::PAGE-FAULTS:k"};
	static const int bad_domains[] = {0, PAPI_DOM_MAX + 1, 0x100, -5};
	PAPI_option_t option;
	int eventset, domain, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	SKIP_IF(!ctest_kernel_domain_allowed(),
	        "perf_event_paranoid forbids counting kernel-mode events for this user");

	eventset = ctest_eventset_of(plain, 1);
	domain = get_domain(eventset);
	FAIL_IF(domain != PAPI_DOM_USER, "a new event set has domain %#x, expected PAPI_DOM_USER",
	        domain);
	expect_faults(eventset, "PAPI_DOM_USER", true, false);

	set_domain(eventset, PAPI_DOM_KERNEL);
	domain = get_domain(eventset);
	FAIL_IF(domain != PAPI_DOM_KERNEL, "after setting PAPI_DOM_KERNEL the domain is %#x",
	        domain);
	expect_faults(eventset, "PAPI_DOM_KERNEL", false, true);

	set_domain(eventset, PAPI_DOM_ALL);
	domain = get_domain(eventset);
	FAIL_IF((domain & (PAPI_DOM_USER | PAPI_DOM_KERNEL)) != (PAPI_DOM_USER | PAPI_DOM_KERNEL),
	        "after setting PAPI_DOM_ALL the domain is %#x", domain);
	expect_faults(eventset, "PAPI_DOM_ALL", true, true);

	for (size_t i = 0; i < sizeof(bad_domains) / sizeof(bad_domains[0]); i++) {
		memset(&option, 0, sizeof(option));
		option.domain.eventset = eventset;
		option.domain.domain = bad_domains[i];
		rc = PAPI_set_opt(PAPI_DOMAIN, &option);
		FAIL_IF(rc != PAPI_EINVAL_DOM && rc != PAPI_EINVAL,
		        "PAPI_set_opt(PAPI_DOMAIN, %#x) returned %s", (unsigned)bad_domains[i],
		        ctest_errname(rc));
	}
	FAIL_IF(get_domain(eventset) != domain, "a refused domain changed the set's domain");
	ctest_eventset_free(&eventset);

	/* Modifiers win over the set's domain. */
	eventset = ctest_eventset_of(user_only, 1);
	set_domain(eventset, PAPI_DOM_ALL);
	expect_faults(eventset, "perf::PAGE-FAULTS:u in PAPI_DOM_ALL", true, false);
	ctest_eventset_free(&eventset);

	eventset = ctest_eventset_of(kernel_only, 1);
	expect_faults(eventset, "perf::PAGE-FAULTS:k in PAPI_DOM_USER", false, true);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
