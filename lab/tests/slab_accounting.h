// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/tests/slab_accounting.h: the kernel's own count of the objects its
 * slab caches hold, for the module tests' leak checks (issue 30): a leak
 * of a few bytes an open shows over 10,000 opens, where MemTotal - MemFree
 * moves by whole pages for reasons of its own.
 *
 * SLUB's /proc/slabinfo counts an object free only when it sits in a slab
 * on the node's lists: the free objects of the slabs a CPU holds count as
 * in use. Each cache is therefore shrunk first (root: "1" written to
 * /sys/kernel/slab/NAME/shrink runs kmem_cache_shrink, which gives every
 * CPU's slabs back to the node and frees the empty ones); its active_objs
 * is then the objects allocated, exactly. The caches counted are those
 * whose names start with one of the prefixes given (each module's
 * allocations are kmalloc's; its files and mappings are filp, dentry and
 * vm_area_struct objects).
 */
#ifndef PAPILLON_LAB_SLAB_ACCOUNTING_H
#define PAPILLON_LAB_SLAB_ACCOUNTING_H

#include <linux/membarrier.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "module_checks.h"

#define SLAB_CACHES_MAX 128

struct slab_cache_use {
	char name[48];
	long long objects;
	long long object_size;
};

struct slab_use {
	int count;
	struct slab_cache_use cache[SLAB_CACHES_MAX];
};

static inline int slab_counted(const char *name, const char *const *prefixes)
{
	for (; *prefixes; prefixes++)
		if (strncmp(name, *prefixes, strlen(*prefixes)) == 0)
			return 1;
	return 0;
}

/* Reads /proc/slabinfo's caches that a prefix names, each shrunk first:
 * 0, or -1 when the file cannot be read or a cache cannot be shrunk. */
static inline int slab_use_read(const char *const *prefixes, struct slab_use *use)
{
	char line[512], name[48], path[128];
	long long active, total, size;
	int rc = 0;
	FILE *f = fopen("/proc/slabinfo", "re");

	if (!f)
		return -1;
	/* Shrink every counted cache, then read them all once more. */
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "%47s %lld %lld %lld", name, &active, &total, &size) == 4 &&
		    slab_counted(name, prefixes)) {
			snprintf(path, sizeof path, "/sys/kernel/slab/%s/shrink", name);
			if (write_text(path, "1") != 0)
				rc = -1;
		}
	rewind(f);
	use->count = 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "%47s %lld %lld %lld", name, &active, &total, &size) == 4 &&
		    slab_counted(name, prefixes) && use->count < SLAB_CACHES_MAX) {
			struct slab_cache_use *c = &use->cache[use->count++];
			snprintf(c->name, sizeof c->name, "%s", name);
			c->objects = active;
			c->object_size = size;
		}
	fclose(f);
	return use->count ? rc : -1;
}

/* Waits until what kfree_rcu() was given before the call is freed: its
 * batches are drained at the latest KFREE_DRAIN_JIFFIES (5 s since Linux
 * 6.0) after their first object, then wait for a grace period, which
 * membarrier(MEMBARRIER_CMD_GLOBAL) waits for too (synchronize_rcu); the
 * frees then run from a workqueue, given a last 100 ms. */
static inline void slab_wait_rcu_frees(void)
{
	sleep(6);
	syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0);
	usleep(100000);
}

/* The bytes the counted caches grew by from before to after (objects
 * times their size, a cache absent before counting from 0); the cache
 * that grew most is named in *most (its growth in *most_bytes). */
static inline long long slab_growth(const struct slab_use *before, const struct slab_use *after,
                                    char *most, size_t most_len, long long *most_bytes)
{
	long long sum = 0;

	*most_bytes = 0;
	snprintf(most, most_len, "none");
	for (int i = 0; i < after->count; i++) {
		const struct slab_cache_use *a = &after->cache[i];
		long long was = 0;
		for (int j = 0; j < before->count; j++)
			if (strcmp(before->cache[j].name, a->name) == 0)
				was = before->cache[j].objects;
		long long bytes = (a->objects - was) * a->object_size;
		sum += bytes;
		if (bytes > *most_bytes) {
			*most_bytes = bytes;
			snprintf(most, most_len, "%s", a->name);
		}
	}
	return sum;
}

#endif
