// SPDX-License-Identifier: BSD-3-Clause
/* EBB and fork: EBB events are not inherited, and the kernel clears the
 * child's BESCR, EBBHR and EBBRR. While the parent's EBB set runs, a fork
 * child finds no EBB state of its own: reading the parent's set is refused
 * (PAPI_ECMP: the PMCs are the counting thread's), and the child can open,
 * count and close an EBB set for itself; the parent's count then covers the
 * parent's loop. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#include <sys/wait.h>

#define LOOP_ITERATIONS 1000000ULL

enum child_result {
	CHILD_OK = 0,
	CHILD_READ_NOT_REFUSED = 10,
	CHILD_CREATE_FAILED = 11,
	CHILD_ADD_FAILED = 12,
	CHILD_COUNT_FAILED = 13,
	CHILD_COUNT_SHORT = 14,
};

static int child(int parent_set)
{
	static const char *const names[] = {"ebb::PM_RUN_CYC"};
	long long value = 0;
	int set = PAPI_NULL;
	if (PAPI_read(parent_set, &value) != PAPI_ECMP)
		return CHILD_READ_NOT_REFUSED;
	if (PAPI_create_eventset(&set) != PAPI_OK)
		return CHILD_CREATE_FAILED;
	if (PAPI_add_named_event(set, names[0]) != PAPI_OK)
		return CHILD_ADD_FAILED;
	if (PAPI_start(set) != PAPI_OK)
		return CHILD_COUNT_FAILED;
	hw_loop(LOOP_ITERATIONS);
	if (PAPI_stop(set, &value) != PAPI_OK)
		return CHILD_COUNT_FAILED;
	if (value < (long long)(2 * LOOP_ITERATIONS))
		return CHILD_COUNT_SHORT;
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	return CHILD_OK;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"ebb::PM_RUN_CYC"};
	long long value = 0;
	int status = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_set_of(names, 1);
	CHECK_OK(PAPI_start(eventset));
	pid_t pid = fork();
	FAIL_IF(pid < 0, "fork: %s", strerror(errno));
	if (pid == 0)
		_exit(child(eventset));
	hw_loop(LOOP_ITERATIONS);
	FAIL_IF(waitpid(pid, &status, 0) != pid, "waitpid: %s", strerror(errno));
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(!WIFEXITED(status), "the child did not exit (status %#x)", status);
	FAIL_IF(WEXITSTATUS(status) != CHILD_OK, "the child failed at step %d",
	        WEXITSTATUS(status));
	FAIL_IF(value < (long long)(2 * LOOP_ITERATIONS),
	        "the parent counted %lld cycles for %llu instructions", value, 2 * LOOP_ITERATIONS);
	ctest_note("parent counted %lld cycles; the child counted its own loop", value);
	ctest_pass();
}
