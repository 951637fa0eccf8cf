// SPDX-License-Identifier: BSD-3-Clause
/* The library's signals: the one handler behind hardware overflow (a signal
 * per perf sample, routed by si_fd) and behind the core's interval timers
 * (software multiplexing and software overflow, routed by the timer's slot).
 * Routing tables are read without locks from the handler; removing a route
 * waits for a handler still using it. The routes components use are
 * declared in services/signal_routes.h. */
#ifndef PAPILLON_SIGNALS_H
#define PAPILLON_SIGNALS_H

#include <signal.h>
#include <stdbool.h>
#include <time.h>

#include "services/signal_routes.h"

/* PAPI_DEF_ITIMER / PAPI_DEF_MPX_NS / PAPI_DEF_ITIMER_NS. */
struct timer_settings {
	int itimer_num; /* ITIMER_PROF/ITIMER_VIRTUAL: owner's CPU time; ITIMER_REAL: wall */
	int signal;     /* default SIGPROF */
	long long ns;   /* default 10 ms */
};
void signals_timer_settings(struct timer_settings *out);
int signals_set_timer_settings(const struct timer_settings *settings);

/* A periodic timer whose expirations run route->fire in the thread tid. */
struct core_timer {
	timer_t id;
	int slot; /* -1: not running */
	struct signal_route route;
};
/* clock: the clock the timer counts (a thread's CPU clock or monotonic). */
int signals_timer_start(struct core_timer *timer, clockid_t clock, pid_t tid, long long period_ns,
                        void (*fire)(void *arg, const siginfo_t *info, void *ucontext), void *arg);
/* Deletes the timer; on return no handler runs for it (except the caller's
 * own, when called from inside that handler). */
void signals_timer_stop(struct core_timer *timer);
void signals_timer_init(struct core_timer *timer);

/* The program counter at the interrupted instruction of a signal context. */
void *signals_context_address(const void *ucontext);

/* True while the calling thread runs one of the library's signal handlers. */
bool signals_in_handler(void);

#endif
