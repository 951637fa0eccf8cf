// SPDX-License-Identifier: BSD-3-Clause
/* The system information is gathered by its first request (issue 28), so
 * several threads may make that request at once: each must get the same
 * record, complete, whichever thread gathered it. Eight threads released
 * together ask for the hardware, executable and shared-library records
 * right after PAPI_library_init (nothing gathered yet); while they run, a
 * fork()ed child asks too and must get its answer (a lock or a half-written
 * record inherited from a gathering thread would hang or fail it). Then the
 * library is shut down and initialized again, and the records asked for
 * again must say the same. Run by the threads part under ThreadSanitizer
 * and Helgrind. */
#include "ctest_util.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 8

struct answer {
	const PAPI_hw_info_t *hw;
	const PAPI_exe_info_t *exe;
	const PAPI_shlib_info_t *shlib;
	PAPI_hw_info_t hw_copy;
};

static pthread_barrier_t start;
static struct answer answers[THREADS];

static void ask(struct answer *answer)
{
	answer->hw = PAPI_get_hardware_info();
	answer->exe = PAPI_get_executable_info();
	answer->shlib = PAPI_get_shared_lib_info();
	if (answer->hw)
		answer->hw_copy = *answer->hw;
}

static void *asker(void *arg)
{
	pthread_barrier_wait(&start);
	ask(arg);
	return NULL;
}

/* A record as complete as this machine allows: topology and identity. */
static void check_complete(const struct answer *answer, const char *who)
{
	FAIL_IF(!answer->hw || !answer->exe || !answer->shlib,
	        "%s: a NULL record (hardware %p, executable %p, shared libraries %p)", who,
	        (const void *)answer->hw, (const void *)answer->exe, (const void *)answer->shlib);
	const PAPI_hw_info_t *hw = &answer->hw_copy;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	FAIL_IF(hw->totalcpus != online, "%s: totalcpus %d, %ld CPUs online", who, hw->totalcpus,
	        online);
	FAIL_IF(hw->ncpu < 1 || hw->threads < 1 || hw->cores < 1 || hw->sockets < 1 ||
	            hw->nnodes < 1,
	        "%s: topology not filled (ncpu %d threads %d cores %d sockets %d nnodes %d)", who,
	        hw->ncpu, hw->threads, hw->cores, hw->sockets, hw->nnodes);
	FAIL_IF(answer->exe->fullname[0] == '\0', "%s: no executable name", who);
	/* A dynamic program has ld.so (AT_BASE) and libc mapped at least; a
	 * static one (the lab's guests run static programs) maps none. */
	if (getauxval(AT_BASE) != 0)
		FAIL_IF(answer->shlib->count < 1, "%s: no shared library listed", who);
	else
		FAIL_IF(answer->shlib->count != 0,
		        "%s: %d shared libraries listed for a static program", who,
		        answer->shlib->count);
}

/* Both the same machine: the fields that do not move (mhz may). */
static void check_same(const struct answer *a, const struct answer *b, const char *who)
{
	FAIL_IF(a->hw_copy.totalcpus != b->hw_copy.totalcpus ||
	            a->hw_copy.ncpu != b->hw_copy.ncpu || a->hw_copy.cores != b->hw_copy.cores ||
	            a->hw_copy.sockets != b->hw_copy.sockets ||
	            a->hw_copy.vendor != b->hw_copy.vendor ||
	            a->hw_copy.cpuid_model != b->hw_copy.cpuid_model ||
	            strcmp(a->hw_copy.model_string, b->hw_copy.model_string) != 0 ||
	            memcmp(&a->hw_copy.mem_hierarchy, &b->hw_copy.mem_hierarchy,
	                   sizeof(a->hw_copy.mem_hierarchy)) != 0,
	        "%s: the hardware records differ", who);
	FAIL_IF(strcmp(a->exe->fullname, b->exe->fullname) != 0, "%s: executables %s and %s", who,
	        a->exe->fullname, b->exe->fullname);
}

/* In a child of fork(), made while the threads may be gathering. */
static void child_asks(void)
{
	alarm(60); /* a lock inherited held would hang here: fail instead */
	struct answer answer;
	ask(&answer);
	bool complete = answer.hw && answer.exe && answer.shlib && answer.hw_copy.totalcpus > 0;
	/* The verdict by an exec rather than an exit: under Valgrind the exit
	 * would check this process for leaks, and the per-thread buffers of
	 * the parent's threads (glibc's dlerror state, from hwloc's plugins)
	 * have no thread here to hold them. */
	execl("/bin/sh", "sh", "-c", complete ? "exit 0" : "exit 1", (char *)NULL);
	_exit(complete ? 0 : 1);
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	FAIL_IF(pthread_barrier_init(&start, NULL, THREADS + 1) != 0, "pthread_barrier_init");
	pthread_t threads[THREADS];
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(pthread_create(&threads[t], NULL, asker, &answers[t]) != 0,
		        "pthread_create");
	pthread_barrier_wait(&start);
	pid_t child = fork();
	FAIL_IF(child < 0, "fork failed");
	if (child == 0)
		child_asks();
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	int status;
	FAIL_IF(waitpid(child, &status, 0) != child, "waitpid");
	FAIL_IF(!WIFEXITED(status) || WEXITSTATUS(status) != 0,
	        "the child of fork() got no complete answer (status 0x%x)", status);

	for (int t = 0; t < THREADS; t++) {
		check_complete(&answers[t], "a thread");
		FAIL_IF(answers[t].hw != answers[0].hw || answers[t].exe != answers[0].exe ||
		            answers[t].shlib != answers[0].shlib,
		        "thread %d got other records than thread 0", t);
		check_same(&answers[t], &answers[0], "threads");
	}

	PAPI_shutdown();
	ctest_library_init();
	struct answer again;
	ask(&again);
	check_complete(&again, "after shutdown and init");
	check_same(&again, &answers[0], "after shutdown and init");
	ctest_pass();
}
