// SPDX-License-Identifier: BSD-3-Clause
/* A core service for components that deliver overflows by signal: the one
 * signal the core's handler serves for them, and routes from a signal to
 * the component's function, by descriptor (si_fd) or by a kernel module's
 * own si_code. Routes are looked up without locks from the signal handler.
 * Implemented by the core's signal handling (src/core/signals.c), which
 * shares the handler with its own timers. */
#ifndef PAPILLON_SERVICES_SIGNAL_ROUTES_H
#define PAPILLON_SERVICES_SIGNAL_ROUTES_H

#include <signal.h>

struct signal_route {
	void (*fire)(void *arg, const siginfo_t *info, void *ucontext);
	void *arg;
};

/* The signal a component asks the kernel to send (F_SETSIG). */
int signals_overflow_signal(void);
/* Routes the overflow signal carrying si_fd == fd to route (which must
 * live until signals_unroute_fd returns); installs the handler. */
int signals_route_fd(int fd, struct signal_route *route);
/* Removes the route and waits for a handler still using it. */
void signals_unroute_fd(int fd);
/* Routes the overflow signal whose si_code is code (a kernel module's own,
 * > POLL_HUP, with no si_fd: perfctr's SI_PMC_OVF) to route, for the
 * process's life (route static); installs the handler. */
int signals_route_code(int code, struct signal_route *route);

#endif
