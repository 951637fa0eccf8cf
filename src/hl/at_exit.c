// SPDX-License-Identifier: BSD-3-Clause
/* At exit (atexit): this process's rank file, the PAPI_REPORT print, and
 * its part of the cross-rank aggregate. Reads only the layer's memory, so
 * it runs after PAPI_shutdown too; it never calls exit and prints only
 * when asked (PAPI_REPORT, PAPI_HL_VERBOSE). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hl/hl.h"

/* Creates the rank file under a name nobody has: rank_%06d.json with the
 * MPI rank, else the process id; the next number when it is taken. */
static FILE *create_rank_file(int number, char *path, size_t size, char *file_name,
                              size_t name_size)
{
	for (int attempt = 0; attempt < 1000; attempt++) {
		snprintf(file_name, name_size, "rank_%06d.json", (number + attempt) % 1000000);
		snprintf(path, size, "%s/%s", hl_state.directory, file_name);
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd >= 0) {
			FILE *file = fdopen(fd, "w");
			if (!file)
				close(fd);
			return file;
		}
		if (errno != EEXIST)
			break;
	}
	hl_say("cannot create a rank file in %s: %s", hl_state.directory, strerror(errno));
	return NULL;
}

static void print_report(const char *path)
{
	FILE *file = fopen(path, "r");
	if (!file)
		return;
	fputs("\n\nPAPI-HL Output:\n", stdout);
	char buffer[4096];
	size_t n;
	while ((n = fread(buffer, 1, sizeof buffer, file)) > 0)
		fwrite(buffer, 1, n, stdout);
	fputc('\n', stdout);
	fflush(stdout);
	fclose(file);
}

static int count_instances(int *open_count)
{
	int closed = 0;
	*open_count = 0;
	for (struct hl_thread *t = hl_state.threads; t; t = t->next) {
		pthread_mutex_lock(&t->lock);
		for (int i = 0; i < t->instance_count; i++) {
			closed += t->instances[i].closed;
			*open_count += !t->instances[i].closed;
		}
		pthread_mutex_unlock(&t->lock);
	}
	return closed;
}

static void write_reports(void);

void hl_at_exit(void)
{
	static bool written;
	if (__atomic_exchange_n(&written, true, __ATOMIC_ACQ_REL))
		return;
	/* A child of fork() holds copies of its parent's regions: the parent
	 * reports them. */
	if (getpid() != hl_state.owner)
		return;
	/* No thread joins the list while the report is made. */
	pthread_mutex_lock(&hl_state.lock);
	write_reports();
	pthread_mutex_unlock(&hl_state.lock);
}

static void write_reports(void)
{
	int open_count;
	int closed = count_instances(&open_count);
	if (open_count)
		hl_say("%d regions still open at exit are not reported", open_count);
	if (closed == 0) {
		hl_say("no region was recorded: no report");
		return;
	}
	struct hl_launch launch = hl_launch_detect();
	char path[4400], file_name[64];
	FILE *file = create_rank_file(launch.rank >= 0 ? launch.rank : (int)(getpid() % 1000000),
	                              path, sizeof path, file_name, sizeof file_name);
	if (!file)
		return;
	hl_report_write(file);
	if (fclose(file) != 0) {
		hl_say("cannot write %s: %s", path, strerror(errno));
		return;
	}
	hl_say("report written: %s", path);
	if (getenv("PAPI_REPORT"))
		print_report(path);
	if (launch.rank >= 0 && launch.size > 0)
		hl_aggregate_contribute(&launch, file_name);
}
