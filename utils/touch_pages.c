// SPDX-License-Identifier: BSD-3-Clause
/* Test helper for papi_stat: touch_pages PAGES [THREADS] touches PAGES fresh
 * pages (no huge pages: one fault each) in each of THREADS threads (default
 * 1, the main thread), and exits with status 0. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static long pages;

static void *touch(void *arg)
{
	long size = sysconf(_SC_PAGESIZE);
	char *memory = mmap(NULL, (size_t)(pages * size), PROT_READ | PROT_WRITE,
	                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	(void)arg;
	if (memory == MAP_FAILED)
		return (void *)1;
#ifdef MADV_NOHUGEPAGE
	madvise(memory, (size_t)(pages * size), MADV_NOHUGEPAGE);
#endif
	for (long p = 0; p < pages; p++)
		((volatile char *)memory)[p * size] = 1;
	munmap(memory, (size_t)(pages * size));
	return NULL;
}

int main(int argc, char **argv)
{
	long threads = argc > 2 ? atol(argv[2]) : 1;
	pthread_t ids[64];

	pages = argc > 1 ? atol(argv[1]) : 0;
	if (pages < 0 || threads < 1 || threads > 64) {
		fprintf(stderr, "usage: touch_pages PAGES [THREADS<=64]\n");
		return 2;
	}
	if (threads == 1)
		return touch(NULL) ? 1 : 0;
	for (long t = 0; t < threads; t++)
		if (pthread_create(&ids[t], NULL, touch, NULL) != 0)
			return 1;
	for (long t = 0; t < threads; t++)
		pthread_join(ids[t], NULL);
	return 0;
}
