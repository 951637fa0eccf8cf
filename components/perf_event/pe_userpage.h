// SPDX-License-Identifier: BSD-3-Clause
/* The first page of a perf event's mmap (struct perf_event_mmap_page of the
 * Linux perf ABI) and the protocol for reading the event's count through
 * it, without a system call.
 *
 * The kernel keeps in the page what user space needs to finish a read
 * itself: which hardware counter holds the event now (index, 0: none), what
 * to add to that counter's value (offset), the counter's width, and the
 * event's enabled and running times as of the last update, with the scale
 * that turns the architecture's timer into nanoseconds since then. A
 * sequence word (lock) changes whenever the kernel rewrites the page; a
 * reader takes it before and after reading everything and starts again when
 * it changed. The kernel rewrites the page only on the CPU where the
 * counted thread runs (scheduling, counter interrupts), that is while the
 * reading thread is interrupted, so compiler barriers order the reader.
 *
 * Pure code: no system call, no global state, so that the unit tests drive
 * it with a fake page and fake counters (tests/unit/test_userpage.c). The
 * architecture's instructions come in as always-inlined functions
 * (pe_counter_arch.h, over src/arch/). */
#ifndef PAPILLON_PE_USERPAGE_H
#define PAPILLON_PE_USERPAGE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Field order, sizes and bit positions are the kernel's ABI; the offsets
 * are checked below. Only the part before the data ring's reserved area. */
struct pe_user_page {
	uint32_t version;
	uint32_t compat_version;
	uint32_t lock;  /* sequence: changes whenever the kernel rewrites the page */
	uint32_t index; /* hardware counter + 1; 0: not on a counter now */
	int64_t offset; /* count = offset + sign-extended counter value */
	uint64_t time_enabled;
	uint64_t time_running;
	union {
		uint64_t capabilities;
		struct {
			uint64_t cap_bit0 : 1;
			uint64_t
			    cap_bit0_is_deprecated : 1; /* always 1: the bits below are valid */
			uint64_t cap_user_rdpmc : 1;    /* index may be read in user mode */
			uint64_t cap_user_time : 1;     /* time_shift/mult/offset are valid */
			uint64_t cap_user_time_zero : 1;
			uint64_t cap_user_time_short : 1; /* the timer wraps: time_cycles/mask */
			uint64_t cap_reserved : 58;
		};
	};
	uint16_t pmc_width; /* bits the counter really has */
	uint16_t time_shift;
	uint32_t time_mult;
	uint64_t time_offset;
	uint64_t time_zero;
	uint32_t size; /* bytes of this header the kernel fills */
	uint32_t reserved_1;
	uint64_t time_cycles;
	uint64_t time_mask;
};

_Static_assert(offsetof(struct pe_user_page, lock) == 8, "perf mmap page: lock");
_Static_assert(offsetof(struct pe_user_page, index) == 12, "perf mmap page: index");
_Static_assert(offsetof(struct pe_user_page, offset) == 16, "perf mmap page: offset");
_Static_assert(offsetof(struct pe_user_page, time_enabled) == 24, "perf mmap page: enabled");
_Static_assert(offsetof(struct pe_user_page, time_running) == 32, "perf mmap page: running");
_Static_assert(offsetof(struct pe_user_page, capabilities) == 40, "perf mmap page: caps");
_Static_assert(offsetof(struct pe_user_page, pmc_width) == 48, "perf mmap page: pmc_width");
_Static_assert(offsetof(struct pe_user_page, time_shift) == 50, "perf mmap page: time_shift");
_Static_assert(offsetof(struct pe_user_page, time_mult) == 52, "perf mmap page: time_mult");
_Static_assert(offsetof(struct pe_user_page, time_offset) == 56, "perf mmap page: time_offset");
_Static_assert(offsetof(struct pe_user_page, size) == 72, "perf mmap page: size");
_Static_assert(offsetof(struct pe_user_page, time_cycles) == 80, "perf mmap page: time_cycles");
_Static_assert(sizeof(struct pe_user_page) == 96, "perf mmap page: header size");

/* A read gives up after this many changes of the page under it (a page
 * that never settles is not the kernel's; read() then answers). */
#define PE_USER_PAGE_ATTEMPTS 64

/* The architecture's counter: false when index names no counter it can
 * read. The timer the page's time scale applies to. */
typedef bool (*pe_counter_reader)(uint32_t index, uint64_t *value);
typedef uint64_t (*pe_timer_reader)(void);

/* What read() of the event alone would give. */
struct pe_user_count {
	uint64_t count;
	uint64_t enabled; /* nanoseconds; only when times were asked for */
	uint64_t running;
};

/* A counter holds width bits; the kernel's offset is built for the value
 * sign-extended from that width. width must be 1..64. */
static inline int64_t pe_sign_extend(uint64_t value, unsigned width)
{
	unsigned unused = 64 - width;
	return (int64_t)(value << unused) >> unused;
}

/* Nanoseconds the page's times advanced since its last update, from a timer
 * value: offset + cycles * mult / 2^shift, with the product split at the
 * shift so that it needs no 128-bit arithmetic (the remainder's product
 * stays below 2^(32 + shift)). Arithmetic is modulo 2^64, as the kernel's
 * offset expects. shift must be below 64. */
static inline uint64_t pe_time_delta(uint64_t cycles, unsigned shift, uint32_t mult,
                                     uint64_t offset)
{
	uint64_t quotient = cycles >> shift;
	uint64_t remainder = cycles & ((UINT64_C(1) << shift) - 1);
	return offset + quotient * mult + ((remainder * mult) >> shift);
}

/* A timer that only keeps its low bits (cap_user_time_short): the value the
 * kernel's scale was set up for, time_cycles plus the wrapped distance. */
static inline uint64_t pe_time_cycles(uint64_t timer, uint64_t time_cycles, uint64_t time_mask)
{
	return time_cycles + ((timer - time_cycles) & time_mask);
}

static inline void pe_compiler_barrier(void)
{
	atomic_signal_fence(memory_order_seq_cst);
}

/* Reads the event's count (and, with times, its enabled and running times
 * extrapolated to now) through its page. False when only read() can say:
 * no counter holds the event now (index 0), the kernel does not allow user
 * reads of it, the times are wanted but cannot be extrapolated, or the page
 * kept changing. Inlined with constant readers, the indirect calls vanish. */
static inline __attribute__((always_inline)) bool
pe_userpage_read(const volatile struct pe_user_page *page, bool times,
                 pe_counter_reader read_counter, pe_timer_reader read_timer,
                 struct pe_user_count *out)
{
	for (int attempt = 0; attempt < PE_USER_PAGE_ATTEMPTS; attempt++) {
		uint32_t sequence = page->lock;
		pe_compiler_barrier();
		uint32_t index = page->index;
		uint64_t capabilities = page->capabilities;
		struct pe_user_page caps = {.capabilities = capabilities};
		if (index == 0 || !caps.cap_user_rdpmc)
			return false;
		if (times && !caps.cap_user_time)
			return false;
		unsigned width = page->pmc_width;
		int64_t offset = page->offset;
		uint64_t enabled = 0, running = 0, time_offset = 0, time_cycles = 0, time_mask = 0;
		uint64_t timer = 0;
		unsigned shift = 0;
		uint32_t mult = 0;
		if (times) {
			enabled = page->time_enabled;
			running = page->time_running;
			shift = page->time_shift;
			mult = page->time_mult;
			time_offset = page->time_offset;
			if (caps.cap_user_time_short) {
				time_cycles = page->time_cycles;
				time_mask = page->time_mask;
			}
			timer = read_timer();
		}
		uint64_t counter = 0;
		bool readable = read_counter(index, &counter);
		pe_compiler_barrier();
		if (page->lock != sequence)
			continue;
		if (!readable || width == 0 || width > 64 || shift >= 64)
			return false;
		out->count = (uint64_t)offset + (uint64_t)pe_sign_extend(counter, width);
		if (times) {
			if (caps.cap_user_time_short)
				timer = pe_time_cycles(timer, time_cycles, time_mask);
			uint64_t delta = pe_time_delta(timer, shift, mult, time_offset);
			/* On a counter now (index != 0): running as well as enabled. */
			out->enabled = enabled + delta;
			out->running = running + delta;
		}
		return true;
	}
	return false;
}

/* What the page says about the event now, for messages. */
struct pe_user_snapshot {
	uint32_t index;
	unsigned width;
	bool rdpmc;
	bool time;
};

static inline bool pe_userpage_snapshot(const volatile struct pe_user_page *page,
                                        struct pe_user_snapshot *out)
{
	for (int attempt = 0; attempt < PE_USER_PAGE_ATTEMPTS; attempt++) {
		uint32_t sequence = page->lock;
		pe_compiler_barrier();
		struct pe_user_page caps = {.capabilities = page->capabilities};
		out->index = page->index;
		out->width = page->pmc_width;
		out->rdpmc = caps.cap_user_rdpmc;
		out->time = caps.cap_user_time;
		pe_compiler_barrier();
		if (page->lock == sequence)
			return true;
	}
	return false;
}

#endif
