// SPDX-License-Identifier: BSD-3-Clause
/* The perf-managed mode's events: see rv_perf.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "papi.h"
#include "rv_perf.h"
#include "rv_sbi.h"
#include "rv_user_read.h"

bool rv_perf_attr(const struct rv_event *event, int domain, struct perf_event_attr *attr,
                  char *reason, size_t reason_len)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	unsigned code = (unsigned)(event->event_index & 0xffffu);
	switch (RV_SBI_EVENT_TYPE(event->event_index)) {
	case RV_SBI_TYPE_HARDWARE:
		attr->type = PERF_TYPE_HARDWARE;
		attr->config = code - 1; /* perf's generic events start at cycles = 0 */
		break;
	case RV_SBI_TYPE_CACHE:
		attr->type = PERF_TYPE_HW_CACHE;
		attr->config = (code >> 3) | ((code >> 1) & 3u) << 8 | (code & 1u) << 16;
		break;
	case RV_SBI_TYPE_RAW:
		attr->type = PERF_TYPE_RAW;
		attr->config = event->event_data;
		break;
	default:
		snprintf(reason, reason_len,
		         "a firmware event is counted by the SBI firmware, in no CSR: csrr cannot "
		         "read it (perf's own events can)");
		return false;
	}
	/* The hart's privilege modes as PAPI's domains: user is U-mode,
	 * kernel S-mode; "other" (the hypervisor, firmware) is M-mode. */
	attr->exclude_user = !(domain & PAPI_DOM_USER);
	attr->exclude_kernel = !(domain & PAPI_DOM_KERNEL);
	attr->exclude_hv = !(domain & (PAPI_DOM_OTHER | PAPI_DOM_SUPERVISOR));
	return true;
}

int rv_perf_open(const struct perf_event_attr *attr, struct rv_perf_event *event, bool map,
                 char *reason, size_t reason_len)
{
	event->page = NULL;
	event->mapped = false;
	event->fd = (int)syscall(SYS_perf_event_open, attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (event->fd < 0) {
		int error = errno;
		snprintf(reason, reason_len, "perf_event_open (type %u, config %#llx) failed: %s",
		         attr->type, (unsigned long long)attr->config, strerror(error));
		return -error;
	}
	if (!map)
		return 0;
	void *page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, event->fd, 0);
	if (page == MAP_FAILED) {
		int error = errno;
		snprintf(reason, reason_len, "mapping the perf event's page failed: %s",
		         strerror(error));
		close(event->fd);
		event->fd = -1;
		return -error;
	}
	event->page = page;
	event->mapped = true;
	return 0;
}

void rv_perf_close(struct rv_perf_event *event)
{
	if (event->page && event->mapped)
		munmap((void *)(uintptr_t)event->page, (size_t)sysconf(_SC_PAGESIZE));
	if (event->fd >= 0)
		close(event->fd);
	event->page = NULL;
	event->mapped = false;
	event->fd = -1;
}

bool rv_perf_can_sample(char *reason, size_t reason_len)
{
	struct perf_event_attr attr = {
	    .size = sizeof(attr),
	    .type = PERF_TYPE_HARDWARE,
	    .config = PERF_COUNT_HW_INSTRUCTIONS,
	    .sample_period = 1ull << 40,
	    .disabled = 1,
	    .exclude_kernel = 1,
	    .exclude_hv = 1,
	};
	int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		snprintf(reason, reason_len,
		         "perf does not sample this hart's instructions (%s): no counter overflow "
		         "interrupt (Sscofpmf)",
		         strerror(errno));
		return false;
	}
	close(fd);
	return true;
}

bool rv_perf_page_count(const volatile struct perf_event_mmap_page *page,
                        bool (*read_counter)(uint32_t counter, uint64_t *value), uint64_t *count)
{
	uint32_t sequence;
	uint64_t total;
	do {
		sequence = page->lock;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		uint32_t index = page->index;
		if (!page->cap_user_rdpmc || index == 0)
			return false;
		uint64_t counter = 0;
		if (!read_counter(index - 1, &counter))
			return false;
		unsigned width = page->pmc_width ? page->pmc_width : 64;
		/* The counter's width in bits, sign-extended (the kernel's
		 * offset makes up for a start below zero). */
		int64_t value = (int64_t)(counter << (64 - width)) >> (64 - width);
		total = (uint64_t)page->offset + (uint64_t)value;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
	} while (page->lock != sequence);
	*count = total;
	return true;
}

bool rv_perf_count(const struct rv_perf_event *event, uint64_t *count, bool *through_csr)
{
	*through_csr = event->page && rv_perf_page_count(event->page, rv_user_counter_read, count);
	if (*through_csr)
		return true;
	return read(event->fd, count, sizeof(*count)) == (ssize_t)sizeof(*count);
}
