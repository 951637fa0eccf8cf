// SPDX-License-Identifier: BSD-3-Clause
// The C++ API (sde_lib.hpp, run by cxx_api.sh) registers what the C API does: a variable of
// each C++ type with the PAPI_SDE_ type it implies, a typed callback, a
// created counter driven by ++, += and --, a recorder and a counting set;
// PAPI reads them with exact values.
// ctest_util.h is C11 (_Noreturn): this test has its own verdicts, in the
// same form (one line: PASSED, or FAILED <file>:<line>: <why>).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include "papi.h"
#include "sde_lib.hpp"

#define FAIL_IF(cond, ...)                                                                         \
	do {                                                                                       \
		if (cond) {                                                                        \
			std::printf("FAILED %s:%d: ", __FILE__, __LINE__);                         \
			std::printf(__VA_ARGS__);                                                  \
			std::printf("\n");                                                         \
			std::exit(1);                                                              \
		}                                                                                  \
	} while (0)
#define CHECK_OK(call)                                                                             \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		FAIL_IF(rc_ != PAPI_OK, "%s returned %d", #call, rc_);                             \
	} while (0)

static long long twice(int *base)
{
	return 2LL * *base;
}

int main()
{
	FAIL_IF(PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT,
	        "PAPI_library_init failed");

	papi_sde::PapiSde library("Cxx");
	static long long count = 0;
	static double seconds = 0.0;
	static int base = 0;
	FAIL_IF(library.register_counter("count", PAPI_SDE_DELTA, count) != SDE_OK,
	        "register_counter(long long) failed");
	FAIL_IF(library.register_counter("seconds", PAPI_SDE_DELTA, seconds) != SDE_OK,
	        "register_counter(double) failed");
	FAIL_IF(library.register_counter_cb("twice", PAPI_SDE_DELTA, twice, base) != SDE_OK,
	        "register_counter_cb failed");
	papi_sde::PapiSde::CreatedCounter *created =
	    library.create_counter("created", PAPI_SDE_DELTA);
	papi_sde::PapiSde::Recorder *recorder =
	    library.create_recorder("sizes", sizeof(long long), papi_sde_compare_long_long);
	papi_sde::PapiSde::CountingSet *set = library.create_counting_set("kinds");
	FAIL_IF(!created || !recorder || !set, "a create_* returned nullptr");
	FAIL_IF(library.create_counter("count", PAPI_SDE_DELTA) != nullptr,
	        "create_counter over a registered variable did not return nullptr");
	FAIL_IF(library.add_counter_to_group("count", "all", PAPI_SDE_SUM) != SDE_OK ||
	            library.add_counter_to_group("created", "all", PAPI_SDE_SUM) != SDE_OK,
	        "add_counter_to_group failed");

	const char *const names[] = {"sde:::Cxx::count",     "sde:::Cxx::seconds",
	                             "sde:::Cxx::twice",     "sde:::Cxx::created",
	                             "sde:::Cxx::all",       "sde:::Cxx::sizes:CNT",
	                             "sde:::Cxx::sizes:MAX", "sde:::Cxx::kinds"};
	long long values[8];
	int eventset = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&eventset));
	for (const char *name : names)
		FAIL_IF(PAPI_add_named_event(eventset, name) != PAPI_OK, "cannot add %s", name);
	CHECK_OK(PAPI_start(eventset));
	count += 4;
	seconds += 1.25;
	base = 21;
	++*created;
	*created += 10;
	--*created;
	for (long long size : {5LL, 50LL, 7LL})
		FAIL_IF(recorder->record(size) != SDE_OK, "record failed");
	FAIL_IF(set->insert(3, 1) != SDE_OK || set->insert(3, 1) != SDE_OK ||
	            set->insert(4, 1) != SDE_OK,
	        "insert failed");
	CHECK_OK(PAPI_stop(eventset, values));

	FAIL_IF(values[0] != 4, "count reads %lld, expected 4", values[0]);
	FAIL_IF(GET_DOUBLE_SDE(values[1]) != 1.25, "seconds reads %g, expected 1.25",
	        GET_DOUBLE_SDE(values[1]));
	FAIL_IF(values[2] != 42, "twice reads %lld, expected 42", values[2]);
	FAIL_IF(values[3] != 10, "created reads %lld, expected 10 (+1 +10 -1)", values[3]);
	FAIL_IF(values[4] != 14, "all reads %lld, expected 14", values[4]);
	FAIL_IF(values[5] != 3, "sizes:CNT reads %lld, expected 3", values[5]);
	long long *largest = GET_SDE_RECORDER_ADDRESS(values[6], long long);
	FAIL_IF(!largest || *largest != 50, "sizes:MAX is not 50");
	int distinct = 0;
	unsigned total = 0;
	for (auto *node = reinterpret_cast<cset_list_object_t *>(values[7]); node;
	     node = node->next, distinct++)
		total += node->count;
	FAIL_IF(distinct != 2 || total != 3, "kinds holds %d elements, %u in all; expected 2, 3",
	        distinct, total);
	std::free(largest);
	std::free(reinterpret_cast<void *>(values[7]));
	delete created;
	delete recorder;
	delete set;
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	PAPI_shutdown();
	std::printf("PASSED\n");
	return 0;
}
