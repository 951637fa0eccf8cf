// SPDX-License-Identifier: BSD-3-Clause
/* Hardware overflow through perf sampling, a core service of the
 * components whose counters are perf events (perf_event, and riscv in its
 * perf-managed mode; declared in services/perf_sampling.h): a sampling event
 * (sample_period = the threshold) with a small ring buffer of
 * PERF_SAMPLE_IP records, whose
 * signal goes to the thread that owns the event set (F_SETOWN_EX) as the
 * core's overflow signal (F_SETSIG), with si_fd saying which event.
 *
 * The ring, not the signal, says how many overflows happened: signals can
 * merge (the kernel's irq_work coalesces wakeups, and a full real-time
 * queue degrades to a plain SIGIO), so each signal drains every record that
 * arrived since the last one and reports one overflow per sample. A signal
 * that finds the ring empty reports nothing; a PERF_RECORD_LOST reports its
 * lost overflows without an address.
 *
 * Everything reached from the signal handler is async-signal-safe: loads
 * and stores on the mmap'd page, no locks, no allocation, no system call. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "papi.h"
#include "services/perf_sampling.h"
#include "services/signal_routes.h"
#include "util/error.h"

#define RING_DATA_PAGES        1 /* a power of two: 256 samples of 16 bytes */
#define MAX_SAMPLES_PER_SIGNAL 256
#define MAX_LOST_REPORTED      1024

struct perf_sampler {
	struct signal_route route;
	int fd;
	int index;
	struct perf_event_mmap_page *page;
	size_t map_bytes;
	size_t data_bytes;
	void (*fire)(void *cookie, int index, void *address, void *context);
	void *cookie;
};

void perf_sampling_prepare(struct perf_event_attr *attr, long long threshold)
{
	attr->sample_period = (uint64_t)threshold;
	attr->freq = 0;
	attr->sample_type = PERF_SAMPLE_IP;
	attr->wakeup_events = 1; /* every sample wakes up: one signal each */
	attr->watermark = 0;
	attr->precise_ip = 0;
}

/* Copies len bytes at ring offset position, wrapping at the end. */
static void ring_copy(const struct perf_sampler *sampler, uint64_t position, void *out, size_t len)
{
	const unsigned char *data =
	    (const unsigned char *)sampler->page + sampler->page->data_offset;
	size_t offset = (size_t)(position & (sampler->data_bytes - 1));
	size_t first = sampler->data_bytes - offset;
	if (first > len)
		first = len;
	memcpy(out, data + offset, first);
	if (first < len)
		memcpy((unsigned char *)out + first, data, len - first);
}

static void sampler_fire(void *arg, const siginfo_t *info, void *context)
{
	(void)info;
	const struct perf_sampler *sampler = arg;
	struct perf_event_mmap_page *page = sampler->page;
	uint64_t head = __atomic_load_n(&page->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = page->data_tail;
	void *addresses[MAX_SAMPLES_PER_SIGNAL];
	int samples = 0;
	uint64_t lost = 0;
	while (tail < head && samples < MAX_SAMPLES_PER_SIGNAL) {
		struct perf_event_header header;
		ring_copy(sampler, tail, &header, sizeof(header));
		if (header.size < sizeof(header))
			break; /* a torn record: never seen, but do not loop on it */
		if (header.type == PERF_RECORD_SAMPLE && header.size >= sizeof(header) + 8) {
			uint64_t ip;
			ring_copy(sampler, tail + sizeof(header), &ip, sizeof(ip));
			addresses[samples++] = (void *)(uintptr_t)ip;
		} else if (header.type == PERF_RECORD_LOST && header.size >= sizeof(header) + 16) {
			uint64_t counts[2]; /* id, lost */
			ring_copy(sampler, tail + sizeof(header), counts, sizeof(counts));
			lost += counts[1];
		}
		tail += header.size;
	}
	__atomic_store_n(&page->data_tail, tail, __ATOMIC_RELEASE);

	/* From here on the sampler may be closed by the handler we call (a
	 * handler that turns its own overflow off): use copies only. */
	void (*fire)(void *, int, void *, void *) = sampler->fire;
	void *cookie = sampler->cookie;
	int index = sampler->index;
	if (lost > MAX_LOST_REPORTED)
		lost = MAX_LOST_REPORTED;
	for (uint64_t i = 0; i < lost; i++)
		fire(cookie, index, NULL, context);
	for (int i = 0; i < samples; i++)
		fire(cookie, index, addresses[i], context);
}

int perf_sampler_open(struct perf_sampler **out, int fd, int index,
                      const struct counting_options *options, const char *name)
{
	*out = NULL;
	if (!options->overflow_fire)
		return papi_error_set(PAPI_EBUG, "overflow requested for %s without a handler",
		                      name);
	struct perf_sampler *sampler = calloc(1, sizeof(*sampler));
	if (!sampler)
		return papi_error_set(PAPI_ENOMEM, "no memory for the overflow state of %s", name);
	size_t page_size = (size_t)sysconf(_SC_PAGESIZE);
	sampler->fd = fd;
	sampler->index = index;
	sampler->data_bytes = page_size * RING_DATA_PAGES;
	sampler->map_bytes = page_size * (1 + RING_DATA_PAGES);
	sampler->fire = options->overflow_fire;
	sampler->cookie = options->overflow_cookie;
	sampler->route.fire = sampler_fire;
	sampler->route.arg = sampler;
	void *map = mmap(NULL, sampler->map_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		int error_number = errno;
		free(sampler);
		return papi_error_set(papi_error_from_errno(error_number),
		                      "cannot map the sample buffer of %s: %s", name,
		                      strerror(error_number));
	}
	sampler->page = map;
	int status = signals_route_fd(fd, &sampler->route);
	if (status != PAPI_OK) {
		munmap(map, sampler->map_bytes);
		free(sampler);
		return status;
	}
	struct f_owner_ex owner = {.type = F_OWNER_TID, .pid = options->signal_tid};
	int flags = fcntl(fd, F_GETFL);
	if (fcntl(fd, F_SETOWN_EX, &owner) < 0 ||
	    fcntl(fd, F_SETSIG, signals_overflow_signal()) < 0 || flags < 0 ||
	    fcntl(fd, F_SETFL, flags | O_ASYNC) < 0) {
		int error_number = errno;
		perf_sampler_close(sampler);
		return papi_error_set(papi_error_from_errno(error_number),
		                      "cannot direct the overflow signal of %s to thread %d: %s",
		                      name, (int)options->signal_tid, strerror(error_number));
	}
	*out = sampler;
	return PAPI_OK;
}

const struct perf_event_mmap_page *perf_sampler_page(const struct perf_sampler *sampler)
{
	return sampler ? sampler->page : NULL;
}

void perf_sampler_close(struct perf_sampler *sampler)
{
	if (!sampler)
		return;
	/* No more signals from this descriptor, then no handler using it. */
	int flags = fcntl(sampler->fd, F_GETFL);
	if (flags >= 0)
		fcntl(sampler->fd, F_SETFL, flags & ~O_ASYNC);
	signals_unroute_fd(sampler->fd);
	munmap(sampler->page, sampler->map_bytes);
	free(sampler);
}
