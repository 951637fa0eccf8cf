// SPDX-License-Identifier: BSD-3-Clause
/* papi_stat on a hardware event: `papi_stat -u -e PAPI_TOT_INS -- PROGRAM`
 * counts the user-mode instructions of the whole command. The command is this test
 * itself in its loop mode (`hw_papi_stat --loop N [--exit CODE]`: exactly
 * 2N loop instructions, then exit CODE), run for two loop sizes whose digit
 * counts are equal, so that everything but the loop (exec, C start-up,
 * argument parsing, exit) is the same instructions in both: the counts
 * differ by exactly 2 x (N2 - N1) where the lab counts exactly (aarch64
 * under icount), within 0.5% elsewhere (ppc64le and riscv64 count the kernel
 * too). Without -u papi_stat counts the kernel too, as perf stat does: the
 * difference is then within 0.5% everywhere (exec, page faults and timer
 * interrupts vary). Also: the command's exit status is papi_stat's, and the
 * value is marked exact (not multiplexed).
 *
 * papi_stat is found on PATH (the lab's guests have it in /bin), or named
 * by PAPILLON_PAPI_STAT. */
#include "hw_common.c"

#include <errno.h>
#include <sys/personality.h>
#include <sys/wait.h>
#include <unistd.h>

enum { RUNS = 3 };
static const uint64_t SMALL_LOOP = 10000000, LARGE_LOOP = 30000000;

/* The loop mode: the command papi_stat counts. */
static int loop_mode(int argc, char **argv)
{
	uint64_t n = strtoull(argv[2], NULL, 10);
	int code = argc > 4 && strcmp(argv[3], "--exit") == 0 ? atoi(argv[4]) : 0;
	if (n > 0)
		hw_loop(n);
	return code;
}

static const char *papi_stat_program(void)
{
	const char *named = getenv("PAPILLON_PAPI_STAT");
	return named && *named ? named : "papi_stat";
}

/* Runs papi_stat [-u] -x , -o REPORT -e PAPI_TOT_INS -- self --loop N --exit
 * CODE and returns its exit status; *count is the value it reported, and
 * *kind its field after the name ("exact" or "scaled"). */
static int stat_run(bool user, uint64_t n, int code, long long *count, char *kind, size_t kind_len)
{
	char report[] = "/tmp/hw_papi_stat.XXXXXX";
	int fd = mkstemp(report);
	FAIL_IF(fd < 0, "mkstemp failed: %s", strerror(errno));
	close(fd);
	char self[4096], loops[32], exit_code[16];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	FAIL_IF(len <= 0, "readlink(/proc/self/exe) failed: %s", strerror(errno));
	self[len] = '\0';
	snprintf(loops, sizeof(loops), "%" PRIu64, n);
	snprintf(exit_code, sizeof(exit_code), "%d", code);
	/* -u first when asked for, then the rest. */
	char *argv[16];
	int argc = 0;
	argv[argc++] = (char *)papi_stat_program();
	if (user)
		argv[argc++] = "-u";
	char *const rest[] = {"-x",           ",",       "-o", report,   "-e",
	                      "PAPI_TOT_INS", "--",      self, "--loop", loops,
	                      "--exit",       exit_code, NULL};
	memcpy(&argv[argc], rest, sizeof(rest));
	pid_t pid = fork();
	FAIL_IF(pid < 0, "fork failed: %s", strerror(errno));
	if (pid == 0) {
		/* Without address randomization, as setarch -R: a randomized
		 * stack moves argv and the environment, and the C start-up's
		 * string functions then take a few more or fewer instructions
		 * (2 seen on aarch64-n1). The command inherits it. */
		personality(ADDR_NO_RANDOMIZE);
		execvp(argv[0], argv);
		_exit(127);
	}
	int status;
	FAIL_IF(waitpid(pid, &status, 0) != pid, "waitpid failed: %s", strerror(errno));
	FAIL_IF(!WIFEXITED(status), "papi_stat ended by signal %d", WTERMSIG(status));
	FAIL_IF(WEXITSTATUS(status) == 127, "%s could not be run (not on PATH?)",
	        papi_stat_program());

	FILE *file = fopen(report, "r");
	FAIL_IF(!file, "cannot read papi_stat's report %s", report);
	char line[256];
	bool found = false;
	while (!found && fgets(line, sizeof(line), file)) {
		char *save = NULL, *value = strtok_r(line, ",\n", &save);
		char *name = strtok_r(NULL, ",\n", &save), *mark = strtok_r(NULL, ",\n", &save);
		if (value && name && mark && strcmp(name, "PAPI_TOT_INS") == 0) {
			*count = atoll(value);
			snprintf(kind, kind_len, "%s", mark);
			found = true;
		}
	}
	fclose(file);
	unlink(report);
	FAIL_IF(!found, "papi_stat's CSV report has no PAPI_TOT_INS line");
	return WEXITSTATUS(status);
}

/* The smallest count of RUNS runs with loop size n; *spread = largest -
 * smallest. */
static long long stat_best(bool user, uint64_t n, long long *spread)
{
	long long best = 0, worst = 0;
	for (int r = 0; r < RUNS; r++) {
		long long count;
		char kind[16];
		int code = stat_run(user, n, 0, &count, kind, sizeof(kind));
		FAIL_IF(code != 0, "papi_stat exited %d for a command that exited 0", code);
		FAIL_IF(strcmp(kind, "exact") != 0, "PAPI_TOT_INS alone is marked '%s', not exact",
		        kind);
		ctest_note("papi_stat%s -e PAPI_TOT_INS -- loop of %" PRIu64 ": %lld",
		           user ? " -u" : "", n, count);
		if (r == 0 || count < best)
			best = count;
		if (r == 0 || count > worst)
			worst = count;
	}
	*spread = worst - best;
	return best;
}

/* The counts of the two loop sizes differ by the loops' instructions. */
static void check_difference(bool user)
{
	long long small_spread, large_spread;
	long long small = stat_best(user, SMALL_LOOP, &small_spread);
	long long large = stat_best(user, LARGE_LOOP, &large_spread);
	long long want = (long long)(2 * (LARGE_LOOP - SMALL_LOOP));
	long long got = large - small;
	ctest_note("%s: difference %lld, the loops' difference %lld; fixed part %lld",
	           user ? "user mode" : "user and kernel", got, want,
	           small - (long long)(2 * SMALL_LOOP));
	if (user && hw_exact()) {
		FAIL_IF(small_spread != 0 || large_spread != 0,
		        "the same command counted differently (spreads %lld, %lld): not exact",
		        small_spread, large_spread);
		FAIL_IF(got != want, "the counts differ by %lld, want exactly %lld", got, want);
		return;
	}
	double error = (double)(got - want) / (double)want;
	FAIL_IF(error < -0.005 || error > 0.005, "the counts differ by %lld, want %lld +- 0.5%%",
	        got, want);
}

int main(int argc, char **argv)
{
	if (argc > 2 && strcmp(argv[1], "--loop") == 0)
		return loop_mode(argc, argv);
	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	{
		int probe = PAPI_NULL;
		CHECK_OK(PAPI_create_eventset(&probe));
		if (PAPI_add_event(probe, PAPI_TOT_INS) != PAPI_OK)
			ctest_skip("PAPI_TOT_INS cannot count here%s", ctest_reason());
		ctest_eventset_free(&probe);
	}

	check_difference(true);
	check_difference(false);
	long long count;
	char kind[16];
	int code = stat_run(true, 1, 7, &count, kind, sizeof(kind));
	FAIL_IF(code != 7, "the command exited 7, papi_stat exited %d", code);
	ctest_pass();
}
