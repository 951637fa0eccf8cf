// SPDX-License-Identifier: BSD-3-Clause
/* The attached task's exit, as the kernel's own events see it.
 *
 * When the task an event counts exits, the kernel moves the event to its
 * EXIT state: reads still give the final counts, an enable succeeds, and
 * nothing is counted any more. poll() on the event's fd reports POLLHUP in
 * that state, but only for an event with a ring buffer: without one, poll
 * answers POLLHUP whatever the state (Linux 6.1 and 6.18, checked). So an
 * attached control maps the first page of one event (the perf page alone,
 * no data pages: about 4 KiB of the perf_event_mlock_kb allowance), or
 * uses a sampling event's ring, which exists already; PAPI_start then
 * polls it. Unlike a look at /proc/TID (src/core/dispatch.c, which stays
 * as the fallback when the page cannot be mapped), this cannot be fooled by
 * a new task that was given the same id. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

static size_t watch_bytes(void)
{
	long size = sysconf(_SC_PAGESIZE);
	return size > 0 ? (size_t)size : 4096;
}

void pe_exit_watch_open(struct pe_exit_watch *watch, const int *fds,
                        struct perf_sampler *const *samplers, int count,
                        const struct counting_options *options)
{
	memset(watch, 0, sizeof(*watch));
	if (options->tid <= 0 || count <= 0)
		return;
	watch->tid = options->tid;
	for (int i = 0; i < count; i++) {
		if (samplers && samplers[i]) { /* its ring buffer answers poll() */
			watch->fd = fds[i];
			watch->armed = true;
			return;
		}
	}
	void *page = mmap(NULL, watch_bytes(), PROT_READ, MAP_SHARED, fds[0], 0);
	if (page == MAP_FAILED) {
		watch->map_errno = errno;
		return;
	}
	watch->page = page;
	watch->generation = fork_generation;
	watch->fd = fds[0];
	watch->armed = true;
}

void pe_exit_watch_close(struct pe_exit_watch *watch)
{
	/* perf mappings are not copied into a fork child, where the address
	 * may since hold something else. */
	if (watch->page && watch->generation == fork_generation)
		munmap(watch->page, watch_bytes());
	memset(watch, 0, sizeof(*watch));
}

bool pe_exit_watch_exited(const struct pe_exit_watch *watch)
{
	if (!watch->armed)
		return false;
	struct pollfd poll_fd = {.fd = watch->fd, .events = POLLIN};
	return poll(&poll_fd, 1, 0) > 0 && (poll_fd.revents & POLLHUP);
}

int pe_exit_watch_check(const struct pe_exit_watch *watch)
{
	if (!pe_exit_watch_exited(watch))
		return PAPI_OK;
	return papi_error_set(PAPI_EINVAL,
	                      "the task %d the event set is attached to has exited (its events "
	                      "are in the kernel's exit state; a task that now has the same id is "
	                      "another one): its counts so far stay readable, but it can count "
	                      "nothing more (PAPI_detach it, or attach it to a live task)",
	                      (int)watch->tid);
}
