/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The module's side of the throttling (perfctr_throttle.h): each CPU's
 * window, the re-arm's wait; the parameters are kthrottle_param.h's. */
#ifndef PAPILLON_VPERFCTR_THROTTLE_H
#define PAPILLON_VPERFCTR_THROTTLE_H

/* An i-mode overflow taken on this CPU (the NMI, a switch-out, the
 * injection): no lock, no allocation, so the NMI may call it. */
void vperfctr_throttle_overflow(void);
/* Before i-mode counters are armed (IRESUME, CONTROL) by their owner, in
 * its context: waits until this CPU's window has budget left. 0, or
 * -EINTR for a fatal signal. */
int vperfctr_throttle_wait(void);

#endif
