// SPDX-License-Identifier: BSD-3-Clause
/* Reading counts through the perf pages, with this architecture's counter
 * and timer instructions. The results are what read() gives for the same
 * events at that moment, so pe_read.c subtracts the same baselines and
 * applies the same scaling whichever way a count came. */
#include "pe_counter_arch.h"
#include "pe_user.h"

static inline __attribute__((always_inline)) bool
read_page(const volatile struct pe_user_page *page, bool times, struct pe_user_count *out)
{
	return pe_userpage_read(page, times, pe_arch_counter, pe_arch_timer, out);
}

/* Each readable page's count less its baseline (none: the raw count) into
 * out; done[i] says which were read. Inlined into both callers below, so
 * that neither tests the baseline per event. */
static inline __attribute__((always_inline)) int read_slots(const struct pe_user_state *user,
                                                            int first, int count,
                                                            const long long *baseline,
                                                            long long *out, bool *done)
{
	const struct pe_user_slot *slots = &user->slots[first];
	int missing = 0;
	for (int i = 0; i < count; i++) {
		struct pe_user_count reading;
		bool read = slots[i].page && read_page(slots[i].page, false, &reading);
		if (read)
			out[i] = (long long)reading.count - (baseline ? baseline[i] : 0);
		done[i] = read;
		missing += !read;
	}
	return missing;
}

int pe_user_read_counts(const struct pe_user_state *user, int first, int count, long long *raw,
                        bool *done)
{
	return read_slots(user, first, count, NULL, raw, done);
}

int pe_user_read_deltas(const struct pe_user_state *user, int first, int count,
                        const long long *baseline, long long *values, bool *done)
{
	return read_slots(user, first, count, baseline, values, done);
}

bool pe_user_read_times(const struct pe_user_state *user, int index, uint64_t raw[3])
{
	const volatile struct pe_user_page *page = user->slots[index].page;
	struct pe_user_count reading;
	if (!page || !read_page(page, true, &reading))
		return false;
	raw[0] = reading.count;
	raw[1] = reading.enabled;
	raw[2] = reading.running;
	return true;
}
