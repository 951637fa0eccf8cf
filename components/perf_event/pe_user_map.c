// SPDX-License-Identifier: BSD-3-Clause
/* The perf pages of one control: which events get one, mapping them, and
 * what an event's read path is now, with the reason.
 *
 * An event gets a page when this process can read counters at all
 * (pe_user_detect.c) and a user read could equal what read() gives:
 *   - it sits on a CPU counter (not a software event, not another PMU's);
 *   - it counts the calling thread alone: no inherit (children's counts
 *     exist only in read()), no other thread or CPU (their counters are not
 *     this CPU's);
 *   - it does not sample (a sampling event's page heads its ring buffer,
 *     which the core's perf sampler maps, services/perf_sampling.c; a
 *     second mapping of another size fails).
 * Pages are mapped whatever the event set's mode, so that PAPI_set_user_read
 * takes effect at the next read. On arm64 such an event asks for user
 * access at open, and the set's first cycles event for a 64-bit counter
 * (pe_user.h, struct pe_user_open). One page, read-only: counting needs no
 * data ring. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pe_user.h"

static size_t page_bytes(void)
{
	static size_t bytes;
	if (bytes == 0) {
		long size = sysconf(_SC_PAGESIZE);
		bytes = size > 0 ? (size_t)size : 4096;
	}
	return bytes;
}

/* The slot state an event will have, before any mapping. */
static int slot_state(const struct perf_event_attr *attr, const struct component_event *event,
                      const struct counting_options *options)
{
	if (attr->type == PERF_TYPE_SOFTWARE)
		return PE_SLOT_SOFTWARE;
	if (!pe_user_core_type(attr->type))
		return PE_SLOT_NOT_CORE;
	if (!pe_user_available())
		return PE_SLOT_UNAVAILABLE;
	if (options->inherit)
		return PE_SLOT_INHERIT;
	if (options->tid != 0 || options->cpu >= 0)
		return PE_SLOT_TARGET;
	if (event->overflow_threshold > 0)
		return PE_SLOT_SAMPLING;
	return PE_SLOT_MAPPED;
}

void pe_user_request_bits(struct perf_event_attr *attr, struct pe_user_open *open, int index,
                          bool long_cycles, uint64_t rdpmc_bit, uint64_t long_bit)
{
	attr->config1 |= rdpmc_bit;
	if (!long_cycles || long_bit == 0 || open->no_long)
		return;
	if (open->cycles_owner == 0) {
		open->cycles_owner = index + 1;
		/* A long bit the encoding set itself (a sysfs name with long=1)
		 * is the user's: never taken back. */
		open->long_added = !(attr->config1 & long_bit);
		open->long_bit = long_bit;
	}
	if (open->cycles_owner == index + 1)
		attr->config1 |= long_bit;
}

void pe_user_prepare_attr(struct perf_event_attr *attr, struct pe_user_open *open, int index,
                          const struct component_event *event,
                          const struct counting_options *options)
{
	bool long_cycles = pe_user_long_cycles_event(attr);
	if (slot_state(attr, event, options) == PE_SLOT_MAPPED) {
		pe_user_request_bits(attr, open, index, long_cycles, pe_user_config1_bit(),
		                     pe_user_config1_long_bit());
	} else if (long_cycles && open->cycles_owner == 0) {
		/* Read with read() only, it still holds the cycle counter: the
		 * kernel always puts cycles there first. */
		open->cycles_owner = index + 1;
	}
}

bool pe_user_relax_attr(struct perf_event_attr *attr, const struct pe_user_open *open, int index)
{
	if (open->cycles_owner != index + 1 || !open->long_added ||
	    !(attr->config1 & open->long_bit))
		return false;
	attr->config1 &= ~open->long_bit;
	return true;
}

bool pe_user_forgo_long(struct pe_user_open *open)
{
	if (!open->long_added)
		return false;
	*open = (struct pe_user_open){.no_long = true};
	return true;
}

void pe_user_slot_open(struct pe_user_slot *slot, int fd, const struct perf_event_attr *attr,
                       const struct component_event *event, const struct counting_options *options)
{
	memset(slot, 0, sizeof(*slot));
	slot->state = slot_state(attr, event, options);
	if (slot->state != PE_SLOT_MAPPED)
		return;
	void *map = mmap(NULL, page_bytes(), PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		slot->state = PE_SLOT_MAP_FAILED;
		slot->map_errno = errno;
		return;
	}
	slot->page = map;
}

/* Unmaps the pages, unless they were mapped before a fork (in the child,
 * their addresses are free, maybe reused). */
static void close_slots(struct pe_user_slot *slots, int count, bool mapped_here)
{
	if (!slots)
		return;
	for (int i = 0; i < count; i++) {
		if (slots[i].page && mapped_here)
			munmap((void *)(uintptr_t)slots[i].page, page_bytes());
		slots[i].page = NULL;
	}
}

void pe_user_slots_close(struct pe_user_slot *slots, int count)
{
	close_slots(slots, count, true);
}

bool pe_user_state_init(struct pe_user_state *user, struct pe_user_slot *slots, int count,
                        const struct counting_options *options)
{
	memset(user, 0, sizeof(*user));
	user->slots = slots;
	user->mode = options->user_read;
	user->reader = pthread_self();
	user->generation = fork_generation;
	for (int i = 0; slots && i < count; i++)
		user->page_count += slots[i].page != NULL;
	if (user->page_count == 0)
		return true;
	user->raw = calloc((size_t)count, sizeof(long long));
	user->done = calloc((size_t)count, sizeof(bool));
	if (user->raw && user->done)
		return true;
	pe_user_state_free(user, count);
	return false;
}

void pe_user_state_free(struct pe_user_state *user, int count)
{
	close_slots(user->slots, count, user->generation == fork_generation);
	free(user->slots);
	free(user->raw);
	free(user->done);
	memset(user, 0, sizeof(*user));
}

static const char *slot_reason(const struct pe_user_slot *slot, char *buffer, size_t buffer_len)
{
	switch (slot->state) {
	case PE_SLOT_SOFTWARE:
		return "software event (no counter)";
	case PE_SLOT_NOT_CORE:
		return "not a CPU counter (another PMU's event: only read() gives it)";
	case PE_SLOT_UNAVAILABLE:
		pe_user_status(buffer, buffer_len);
		return buffer;
	case PE_SLOT_INHERIT:
		return "inherited: the children's counts are only in read()";
	case PE_SLOT_TARGET:
		return "counts another thread or a whole CPU";
	case PE_SLOT_SAMPLING:
		return "overflow (sampling) event: its page belongs to the sample ring";
	case PE_SLOT_MAP_FAILED:
		snprintf(buffer, buffer_len, "mmap of its perf page failed: %s",
		         strerror(slot->map_errno));
		return buffer;
	default:
		return "no perf page";
	}
}

/* Why a mapped event is read with read() now, or NULL when it is not. */
static const char *page_reason(const struct pe_user_slot *slot, bool scaled,
                               struct pe_user_snapshot *snapshot)
{
	if (!pe_userpage_snapshot(slot->page, snapshot))
		return "its perf page kept changing";
	/* Index 0 first: the kernel writes 0 for every event that is not
	 * active (perf_event_index), and RISC-V's 6.12 clears cap_user_rdpmc
	 * with it (seen in the lab, arm64's keeps it): the cause is the same. */
	if (snapshot->index == 0)
		return "not on a hardware counter now (index 0)";
	if (!snapshot->rdpmc)
		return "the kernel does not let user space read it now (cap_user_rdpmc=0)";
	if (snapshot->width == 0 || snapshot->width > 64)
		return "the page gives no counter width";
	if (scaled && !snapshot->time)
		return "multiplexed, and the page cannot extrapolate its times (no cap_user_time)";
	if (!pe_arch_index_readable(pe_arch_current(), snapshot->index))
		return "its counter index names no register Papillon can read";
	return NULL;
}

int pe_user_event_path(const struct pe_user_state *user, int index, bool scaled, char *reason,
                       size_t reason_len)
{
	char buffer[PAPI_MAX_STR_LEN];
	const char *why = NULL;
	struct pe_user_snapshot snapshot;
	const struct pe_user_slot *slot = user->slots ? &user->slots[index] : NULL;
	if (!slot)
		why = "no perf page";
	else if (!slot->page)
		why = slot_reason(slot, buffer, sizeof(buffer));
	else if (user->generation != fork_generation)
		why = "the event set was opened before a fork: its perf page stayed with the "
		      "parent";
	else if (user->mode &&
	         atomic_load_explicit(user->mode, memory_order_relaxed) == PAPI_USER_READ_OFF)
		why = "off by PAPI_set_user_read";
	else if (!pthread_equal(pthread_self(), user->reader))
		why = "read from another thread than the one counted (its counters are not "
		      "this CPU's)";
	else
		why = page_reason(slot, scaled, &snapshot);
	if (why) {
		if (reason && reason_len > 0)
			snprintf(reason, reason_len, "syscall: %s", why);
		return PAPI_READ_PATH_SYSCALL;
	}
	char name[64];
	pe_arch_counter_name(pe_arch_current(), snapshot.index, name, sizeof(name));
	if (reason && reason_len > 0)
		snprintf(reason, reason_len, "user: %s (%u-bit)", name, snapshot.width);
	return PAPI_READ_PATH_USER;
}
