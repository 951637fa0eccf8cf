// SPDX-License-Identifier: BSD-3-Clause
/* The library's signal handler and its routing tables (see signals.h).
 *
 * Hardware overflow arrives as a real-time signal (SIGRTMIN + 2, as PAPI
 * uses) with si_fd set by the kernel (F_SETSIG); timers arrive as SIGPROF (or
 * the signal PAPI_DEF_ITIMER chose) with SI_TIMER and the slot number in
 * si_value. Anything else is handed to the handler that was installed
 * before ours. A slot holds a pointer to its route and a count of handlers
 * running on it; removing a route clears the pointer, then waits for the
 * count to drop, so the route's owner may free it afterwards. The slot
 * tables only grow and are never freed: a late signal finds an empty slot,
 * never freed memory. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>

#include "papi.h"
#include "arch/arch_context.h"
#include "util/error.h"
#include "core/signals.h"

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

struct route_slot {
	struct signal_route *_Atomic route;
	atomic_int active;
};

#define FD_CHUNK_BITS  10
#define FD_CHUNK_SIZE  (1 << FD_CHUNK_BITS)
#define FD_MAX_CHUNKS  256 /* descriptors below 262144 */
#define TIMER_SLOTS    4096
#define TIMER_TAG      0x5a000000
#define TIMER_TAG_MASK 0x7f000000

static struct route_slot *_Atomic fd_chunks[FD_MAX_CHUNKS];
static struct route_slot timer_slots[TIMER_SLOTS];

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
/* Previous dispositions, by signal number, for chaining. */
static struct sigaction previous[_NSIG];
static bool installed[_NSIG];

static struct timer_settings settings = {
    .itimer_num = ITIMER_PROF,
    .signal = SIGPROF,
    .ns = 10000000,
};
static atomic_int timer_signal = SIGPROF;

static _Thread_local struct route_slot *current_slot;
static _Thread_local int handler_depth;

int signals_overflow_signal(void)
{
	return SIGRTMIN + 2;
}

bool signals_in_handler(void)
{
	return handler_depth > 0;
}

static void dispatch(struct route_slot *slot, const siginfo_t *info, void *ucontext)
{
	atomic_fetch_add(&slot->active, 1);
	struct signal_route *route = atomic_load(&slot->route);
	if (route) {
		struct route_slot *outer = current_slot;
		current_slot = slot;
		route->fire(route->arg, info, ucontext);
		current_slot = outer;
	}
	atomic_fetch_sub(&slot->active, 1);
}

static struct route_slot *fd_slot(int fd)
{
	if (fd < 0 || fd >= FD_MAX_CHUNKS * FD_CHUNK_SIZE)
		return NULL;
	struct route_slot *chunk = atomic_load(&fd_chunks[fd >> FD_CHUNK_BITS]);
	return chunk ? &chunk[fd & (FD_CHUNK_SIZE - 1)] : NULL;
}

/* Routes by si_code, for modules whose signal has no si_fd. */
#define CODE_SLOTS 4
static struct {
	_Atomic int code;
	struct route_slot slot;
} code_routes[CODE_SLOTS];

static struct route_slot *code_slot(int code)
{
	if (code <= POLL_HUP)
		return NULL;
	for (int i = 0; i < CODE_SLOTS; i++)
		if (atomic_load(&code_routes[i].code) == code)
			return &code_routes[i].slot;
	return NULL;
}

static void chain(int signal_number, siginfo_t *info, void *ucontext)
{
	const struct sigaction *old = &previous[signal_number];
	if (old->sa_flags & SA_SIGINFO) {
		if (old->sa_sigaction)
			old->sa_sigaction(signal_number, info, ucontext);
	} else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(signal_number);
	}
	/* A stray signal with no handler before ours is dropped: SIGPROF's
	 * and SIGIO's default action would end the program. */
}

static void on_signal(int signal_number, siginfo_t *info, void *ucontext)
{
	int saved_errno = errno;
	handler_depth++;
	papi_error_suspend(1);
	bool handled = false;
	if (info && info->si_code == SI_TIMER &&
	    signal_number == atomic_load_explicit(&timer_signal, memory_order_relaxed) &&
	    (info->si_value.sival_int & TIMER_TAG_MASK) == TIMER_TAG) {
		int slot = info->si_value.sival_int & ~TIMER_TAG_MASK;
		if (slot >= 0 && slot < TIMER_SLOTS) {
			dispatch(&timer_slots[slot], info, ucontext);
			handled = true;
		}
	} else if (info && signal_number == signals_overflow_signal() && info->si_code > 0 &&
	           info->si_code <= POLL_HUP) {
		struct route_slot *slot = fd_slot(info->si_fd);
		if (slot && atomic_load(&slot->route)) {
			dispatch(slot, info, ucontext);
			handled = true;
		}
	} else if (info && signal_number == signals_overflow_signal() && code_slot(info->si_code) &&
	           atomic_load(&code_slot(info->si_code)->route)) {
		dispatch(code_slot(info->si_code), info, ucontext);
		handled = true;
	} else if (signal_number == SIGIO && info && info->si_code == SI_KERNEL) {
		/* The kernel's fallback when the real-time queue is full: the
		 * samples wait in their rings, the next overflow signal
		 * reports them. */
		handled = true;
	}
	if (!handled)
		chain(signal_number, info, ucontext);
	papi_error_suspend(-1);
	handler_depth--;
	errno = saved_errno;
}

/* Installs on_signal for signal_number once; SIGIO only where nobody
 * handles it. */
static int install_handler(int signal_number)
{
	pthread_mutex_lock(&install_lock);
	int status = PAPI_OK;
	if (!installed[signal_number]) {
		struct sigaction action;
		memset(&action, 0, sizeof(action));
		action.sa_sigaction = on_signal;
		action.sa_flags = SA_SIGINFO | SA_RESTART;
		sigemptyset(&action.sa_mask);
		/* Our handlers never interrupt each other. */
		sigaddset(&action.sa_mask, signals_overflow_signal());
		sigaddset(&action.sa_mask, atomic_load(&timer_signal));
		if (sigaction(signal_number, &action, &previous[signal_number]) < 0)
			status =
			    papi_error_set(PAPI_ESYS, "cannot install a handler for signal %d: %s",
			                   signal_number, strerror(errno));
		else
			installed[signal_number] = true;
	}
	if (status == PAPI_OK && signal_number == signals_overflow_signal() && !installed[SIGIO]) {
		struct sigaction current;
		if (sigaction(SIGIO, NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO) &&
		    current.sa_handler == SIG_DFL) {
			struct sigaction action;
			memset(&action, 0, sizeof(action));
			action.sa_sigaction = on_signal;
			action.sa_flags = SA_SIGINFO | SA_RESTART;
			sigemptyset(&action.sa_mask);
			if (sigaction(SIGIO, &action, &previous[SIGIO]) == 0)
				installed[SIGIO] = true;
		}
	}
	pthread_mutex_unlock(&install_lock);
	return status;
}

/* Clears the slot's route and waits for handlers still running it. */
static void clear_slot(struct route_slot *slot)
{
	atomic_store(&slot->route, NULL);
	int own = current_slot == slot ? 1 : 0;
	while (atomic_load(&slot->active) > own)
		sched_yield();
}

int signals_route_fd(int fd, struct signal_route *route)
{
	if (fd < 0 || fd >= FD_MAX_CHUNKS * FD_CHUNK_SIZE)
		return papi_error_set(
		    PAPI_ECOUNT, "file descriptor %d is beyond the overflow routing table", fd);
	int status = install_handler(signals_overflow_signal());
	if (status != PAPI_OK)
		return status;
	int index = fd >> FD_CHUNK_BITS;
	if (!atomic_load(&fd_chunks[index])) {
		struct route_slot *chunk = calloc(FD_CHUNK_SIZE, sizeof(*chunk));
		if (!chunk)
			return papi_error_set(PAPI_ENOMEM, "no memory for overflow routes");
		struct route_slot *expected = NULL;
		if (!atomic_compare_exchange_strong(&fd_chunks[index], &expected, chunk))
			free(chunk);
	}
	struct route_slot *slot = fd_slot(fd);
	struct signal_route *expected = NULL;
	if (!atomic_compare_exchange_strong(&slot->route, &expected, route))
		return papi_error_set(PAPI_EBUG, "descriptor %d already has an overflow route", fd);
	return PAPI_OK;
}

int signals_route_code(int code, struct signal_route *route)
{
	if (code <= POLL_HUP)
		return papi_error_set(PAPI_EBUG, "si_code %d is the kernel's own", code);
	int status = install_handler(signals_overflow_signal());
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&install_lock);
	status = PAPI_ENOMEM;
	for (int i = 0; i < CODE_SLOTS; i++) {
		int expected = 0;
		if (atomic_load(&code_routes[i].code) == code ||
		    atomic_compare_exchange_strong(&code_routes[i].code, &expected, code)) {
			atomic_store(&code_routes[i].slot.route, route);
			status = PAPI_OK;
			break;
		}
	}
	pthread_mutex_unlock(&install_lock);
	if (status != PAPI_OK)
		return papi_error_set(status, "no room for an overflow route by si_code %d", code);
	return PAPI_OK;
}

void signals_unroute_fd(int fd)
{
	struct route_slot *slot = fd_slot(fd);
	if (slot)
		clear_slot(slot);
}

void signals_timer_settings(struct timer_settings *out)
{
	pthread_mutex_lock(&install_lock);
	*out = settings;
	pthread_mutex_unlock(&install_lock);
}

int signals_set_timer_settings(const struct timer_settings *in)
{
	if (in->itimer_num != ITIMER_REAL && in->itimer_num != ITIMER_VIRTUAL &&
	    in->itimer_num != ITIMER_PROF)
		return papi_error_set(PAPI_EINVAL,
		                      "itimer %d is not ITIMER_REAL, ITIMER_VIRTUAL or ITIMER_PROF",
		                      in->itimer_num);
	if (in->signal <= 0 || in->signal >= _NSIG || in->signal == SIGKILL ||
	    in->signal == SIGSTOP || in->signal == signals_overflow_signal())
		return papi_error_set(PAPI_EINVAL, "signal %d cannot drive the library's timers",
		                      in->signal);
	if (in->ns <= 0)
		return papi_error_set(PAPI_EINVAL, "timer interval %lld ns is not positive",
		                      in->ns);
	pthread_mutex_lock(&install_lock);
	settings = *in;
	pthread_mutex_unlock(&install_lock);
	return PAPI_OK;
}

void signals_timer_init(struct core_timer *timer)
{
	memset(timer, 0, sizeof(*timer));
	timer->slot = -1;
}

int signals_timer_start(struct core_timer *timer, clockid_t clock, pid_t tid, long long period_ns,
                        void (*fire)(void *arg, const siginfo_t *info, void *ucontext), void *arg)
{
	struct timer_settings current;
	signals_timer_settings(&current);
	atomic_store(&timer_signal, current.signal);
	int status = install_handler(current.signal);
	if (status != PAPI_OK)
		return status;
	timer->route.fire = fire;
	timer->route.arg = arg;
	int slot = -1;
	for (int i = 0; i < TIMER_SLOTS && slot < 0; i++) {
		struct signal_route *expected = NULL;
		if (atomic_load(&timer_slots[i].active) == 0 &&
		    atomic_compare_exchange_strong(&timer_slots[i].route, &expected, &timer->route))
			slot = i;
	}
	if (slot < 0)
		return papi_error_set(PAPI_ECOUNT, "all %d library timers are in use", TIMER_SLOTS);
	struct sigevent event;
	memset(&event, 0, sizeof(event));
	event.sigev_notify = SIGEV_THREAD_ID;
	event.sigev_signo = current.signal;
	event.sigev_value.sival_int = TIMER_TAG | slot;
	event.sigev_notify_thread_id = tid;
	if (timer_create(clock, &event, &timer->id) < 0) {
		int error_number = errno;
		clear_slot(&timer_slots[slot]);
		return papi_error_set(papi_error_from_errno(error_number),
		                      "cannot create an interval timer: %s",
		                      strerror(error_number));
	}
	struct itimerspec period = {
	    .it_interval = {.tv_sec = period_ns / 1000000000, .tv_nsec = period_ns % 1000000000},
	};
	period.it_value = period.it_interval;
	if (timer_settime(timer->id, 0, &period, NULL) < 0) {
		int error_number = errno;
		timer_delete(timer->id);
		clear_slot(&timer_slots[slot]);
		return papi_error_set(papi_error_from_errno(error_number),
		                      "cannot arm an interval timer: %s", strerror(error_number));
	}
	timer->slot = slot;
	return PAPI_OK;
}

void signals_timer_stop(struct core_timer *timer)
{
	if (timer->slot < 0)
		return;
	timer_delete(timer->id);
	clear_slot(&timer_slots[timer->slot]);
	timer->slot = -1;
}

void *signals_context_address(const void *ucontext)
{
	if (!ucontext)
		return NULL;
	return arch_context_pc(ucontext);
}
