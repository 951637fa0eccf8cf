// SPDX-License-Identifier: BSD-3-Clause
/* A core service: hardware overflow through perf sampling
 * (src/services/perf_sampling.c), for components whose counters are perf
 * events (perf_event; riscv in its perf-managed mode).
 * perf_sampling_prepare makes attr sample every threshold events; once the
 * event is open as fd, perf_sampler_open maps its ring (1 + 1 pages: the
 * first is the event's perf_event_mmap_page, which perf_sampler_page gives,
 * so a user-space read uses it rather than a second mapping) and routes its
 * signal (services/signal_routes.h) to options->signal_tid, which calls
 * options->overflow_fire(cookie, index, sample address, ucontext) once per
 * sample in the ring. perf_sampler_close (NULL: nothing) stops the signals
 * and unmaps. The attr and page types are the kernel's (a component may
 * use libpfm4's copy of them). */
#ifndef PAPILLON_SERVICES_PERF_SAMPLING_H
#define PAPILLON_SERVICES_PERF_SAMPLING_H

#include "component.h"

struct perf_event_attr;
struct perf_event_mmap_page;
struct perf_sampler;

void perf_sampling_prepare(struct perf_event_attr *attr, long long threshold);
int perf_sampler_open(struct perf_sampler **out, int fd, int index,
                      const struct counting_options *options, const char *name);
const struct perf_event_mmap_page *perf_sampler_page(const struct perf_sampler *sampler);
void perf_sampler_close(struct perf_sampler *sampler);

#endif
