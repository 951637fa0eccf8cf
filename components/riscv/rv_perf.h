// SPDX-License-Identifier: BSD-3-Clause
/* The perf-managed mode (kernel.perf_user_access=1): Linux programs a
 * counter for a perf event that this process opened and mapped, and opens
 * that counter, only while the event is scheduled on the hart, to csrr.
 * The mapped page says which counter (index - 1 = the CSR's offset from
 * 0xc00) and what to add to it (offset); a sequence count (lock) tells a
 * reader that the kernel changed them meanwhile.
 *
 * Events stay enabled from open to close: counts are free-running, and the
 * core's snapshots make the counts since a start, as for the CSRs the
 * kernel leaves open. */
#ifndef PAPILLON_RV_PERF_H
#define PAPILLON_RV_PERF_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rv_events.h"

/* The perf attributes of an SBI event: Linux's SBI PMU driver takes
 * perf's generic hardware events (SBI code - 1), its cache events (cache
 * | operation << 8 | result << 16, the SBI's numbering) and raw selectors
 * (PERF_TYPE_RAW). Firmware events have no CSR: false, with the reason. */
bool rv_perf_attr(const struct rv_event *event, int domain, struct perf_event_attr *attr,
                  char *reason, size_t reason_len);

/* One open event: its descriptor and its mapped page. */
struct rv_perf_event {
	int fd;
	const volatile struct perf_event_mmap_page *page;
	bool mapped; /* page is rv_perf_open's mapping, not a sampler's */
};

/* The period of the perf-managed mode's counting events where perf
 * samples: 2^62 events, never reached in practice (rv_component.c says
 * why they have one). */
#define RV_PERF_COUNTING_PERIOD (1ull << 62)

/* Opens the event for the calling thread and, if map, maps its page (a
 * sampling event's page is its ring's first, which the core's perf
 * sampler maps: component.h); -errno on failure, with the reason. */
int rv_perf_open(const struct perf_event_attr *attr, struct rv_perf_event *event, bool map,
                 char *reason, size_t reason_len);
/* Closes the event, unmapping the page rv_perf_open mapped (only that). */
void rv_perf_close(struct rv_perf_event *event);

/* Whether perf samples this hart's counters (overflow interrupts: Linux's
 * SBI PMU driver takes a sampling event only with Sscofpmf's overflow
 * interrupt); asked once with a user-mode instructions event, which is
 * closed again. If not, reason says what the kernel answered. */
bool rv_perf_can_sample(char *reason, size_t reason_len);

/* The event's count from its page: offset plus the counter csr_read
 * gives (read_counter(index - 1)), sign-extended from pmc_width bits,
 * retried while the kernel changes the page. False when the page does not
 * let user mode read now (the event is not on a counter: index 0). */
bool rv_perf_page_count(const volatile struct perf_event_mmap_page *page,
                        bool (*read_counter)(uint32_t counter, uint64_t *value), uint64_t *count);
/* The count, from the page if there is one and it lets, else with read(2). */
bool rv_perf_count(const struct rv_perf_event *event, uint64_t *count, bool *through_csr);

#endif
