// SPDX-License-Identifier: BSD-3-Clause
/* The measurement directory: papi_hl_output under PAPI_OUTPUT_DIRECTORY
 * (or the current directory), made at the first region so that the ranks
 * of one run share it. One left by an earlier run (older than this
 * process) is renamed papi_hl_output-YYYYMMDD-HHMMSS, as PAPI does. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hl/hl.h"
#include "util/error.h"

#define DIRECTORY_NAME "papi_hl_output"

/* When this process started, in ns since the epoch (the boot time of
 * /proc/stat plus the start of /proc/self/stat); 0 if unknown. */
static long long process_start_ns(void)
{
	long long boot = 0, ticks = 0;
	FILE *stat = fopen("/proc/stat", "r");
	if (stat) {
		char line[256];
		while (fgets(line, sizeof line, stat))
			if (sscanf(line, "btime %lld", &boot) == 1)
				break;
		fclose(stat);
	}
	FILE *self = fopen("/proc/self/stat", "r");
	if (self) {
		char text[1024];
		size_t n = fread(text, 1, sizeof text - 1, self);
		text[n] = '\0';
		fclose(self);
		/* The command name may hold spaces: fields count from its ')'. */
		char *field = strrchr(text, ')');
		for (int f = 2; field && f < 22; f++)
			field = strchr(field + 1, ' ');
		if (field)
			ticks = strtoll(field + 1, NULL, 10);
	}
	long hz = sysconf(_SC_CLK_TCK);
	if (boot == 0 || hz <= 0)
		return 0;
	return boot * 1000000000LL + ticks * (1000000000LL / hz);
}

/* mkdir -p with PAPI's mode (0700). */
static int make_path(char *path)
{
	for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		int failed = mkdir(path, S_IRWXU) != 0 && errno != EEXIST;
		*slash = '/';
		if (failed)
			return papi_error_set(PAPI_ESYS, "cannot create %s: %s", path,
			                      strerror(errno));
	}
	if (mkdir(path, S_IRWXU) != 0 && errno != EEXIST)
		return papi_error_set(PAPI_ESYS, "cannot create %s: %s", path, strerror(errno));
	return PAPI_OK;
}

static void rename_old(const char *path, const struct stat *old)
{
	struct tm when;
	time_t seconds = old->st_mtim.tv_sec;
	localtime_r(&seconds, &when);
	char renamed[4200];
	snprintf(renamed, sizeof renamed, "%s-%04d%02d%02d-%02d%02d%02d", path, when.tm_year + 1900,
	         when.tm_mon + 1, when.tm_mday, when.tm_hour, when.tm_min, when.tm_sec);
	if (rename(path, renamed) == 0)
		hl_say("the previous measurement is now %s", renamed);
	else
		hl_say("cannot rename the previous measurement %s (%s): sharing it", path,
		       strerror(errno));
}

int hl_output_directory_prepare(char *path, size_t size)
{
	const char *prefix = getenv("PAPI_OUTPUT_DIRECTORY");
	char cwd[4000];
	if (!prefix || !*prefix) {
		if (!getcwd(cwd, sizeof cwd))
			return papi_error_set(PAPI_ESYS, "cannot get the current directory: %s",
			                      strerror(errno));
		prefix = cwd;
	}
	if ((size_t)snprintf(path, size, "%s/%s", prefix, DIRECTORY_NAME) >= size)
		return papi_error_set(PAPI_EINVAL, "PAPI_OUTPUT_DIRECTORY is too long");
	struct stat old;
	if (stat(path, &old) == 0) {
		if (!S_ISDIR(old.st_mode))
			return papi_error_set(PAPI_ESYS, "%s exists and is not a directory", path);
		long long mtime = old.st_mtim.tv_sec * 1000000000LL + old.st_mtim.tv_nsec;
		long long start = process_start_ns();
		if (start && mtime < start)
			rename_old(path, &old);
	}
	int status = make_path(path);
	if (status == PAPI_OK)
		hl_say("output directory: %s", path);
	return status;
}
