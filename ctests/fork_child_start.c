// SPDX-License-Identifier: BSD-3-Clause
/* fork() while an event set runs: the child is a copy of the forking thread,
 * but the running set counts the parent, so the child may create and start
 * a set of its own on the same component (PAPI's fork_overflow does), and
 * that set counts the child's work only. The parent's set goes on counting
 * the parent alone: the child's work is not in it. */
#include "ctest_util.h"

#include <sys/wait.h>
#include <unistd.h>

/* Child exit codes: which step failed (the child cannot print through the
 * parent's checks). */
enum child_result {
	CHILD_OK = 0,
	CHILD_CREATE_FAILED = 10,
	CHILD_START_REFUSED = 11,
	CHILD_READ_FAILED = 12,
	CHILD_COUNT_WRONG = 13,
	CHILD_PARENT_SET_RESTARTED = 14,
};

static const char *child_step(int code)
{
	switch (code) {
	case CHILD_CREATE_FAILED:
		return "creating a set";
	case CHILD_START_REFUSED:
		return "PAPI_start of its own set (refused: the parent's running set was taken as "
		       "its own)";
	case CHILD_READ_FAILED:
		return "PAPI_stop of its own set";
	case CHILD_COUNT_WRONG:
		return "its set's count of 100 ms of its own work";
	case CHILD_PARENT_SET_RESTARTED:
		return "PAPI_start of the parent's set, which runs already (PAPI_EISRUN expected)";
	default:
		return "an unknown step";
	}
}

static int child_main(int parent_set)
{
	int eventset = PAPI_NULL;
	long long ns;

	if (PAPI_start(parent_set) != PAPI_EISRUN)
		return CHILD_PARENT_SET_RESTARTED;
	if (PAPI_create_eventset(&eventset) != PAPI_OK ||
	    PAPI_add_named_event(eventset, "perf::TASK-CLOCK") != PAPI_OK)
		return CHILD_CREATE_FAILED;
	if (PAPI_start(eventset) != PAPI_OK)
		return CHILD_START_REFUSED;
	ctest_busy_cpu_ns(100000000);
	if (PAPI_stop(eventset, &ns) != PAPI_OK)
		return CHILD_READ_FAILED;
	if (ns < 90000000 || ns > 400000000)
		return CHILD_COUNT_WRONG;
	return CHILD_OK;
}

int main(int argc, char **argv)
{
	int eventset = PAPI_NULL, status;
	long long parent_ns;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(eventset));
	pid_t child = fork();
	FAIL_IF(child < 0, "fork failed");
	if (child == 0)
		_exit(child_main(eventset));
	FAIL_IF(waitpid(child, &status, 0) != child, "waitpid failed");
	CHECK_OK(PAPI_stop(eventset, &parent_ns));
	FAIL_IF(!WIFEXITED(status), "the child did not exit normally (status 0x%x)", status);
	FAIL_IF(WEXITSTATUS(status) != CHILD_OK, "in the child, %s failed (exit %d)",
	        child_step(WEXITSTATUS(status)), WEXITSTATUS(status));
	ctest_note("parent counted %lld ns while the child worked 100 ms", parent_ns);
	FAIL_IF(parent_ns > 50000000, "the parent's set counted %lld ns: the child's work is in it",
	        parent_ns);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
