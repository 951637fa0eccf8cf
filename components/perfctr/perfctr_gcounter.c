// SPDX-License-Identifier: BSD-3-Clause
/* The component's side of the global counters (perfctr_gcounter.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "kpriv_reason.h"
#include "perfctr_gcounter.h"
#include "perfctr_ioctl.h"

static int refused(const char *what, int err)
{
	if (err == EACCES) {
		/* The modules' privilege rule (kpriv.h): a whole CPU. */
		char why[256];
		kpriv_reason(why, sizeof(why), KPRIV_CPU | KPRIV_USER | KPRIV_KERNEL);
		return papi_error_set(
		    PAPI_EPERM, "perfctr: %s: the global counters (PAPI_GRN_SYS): %s", what, why);
	}
	if (err == EPERM)
		return papi_error_set(PAPI_EPERM, "perfctr: %s: %s", what, strerror(err));
	if (err == EBUSY)
		return papi_error_set(PAPI_ECNFLCT,
		                      "perfctr: %s: the global counters are in use (another "
		                      "PAPI_GRN_SYS event set, or perf or virtual counters hold "
		                      "the counters)",
		                      what);
	return papi_error_set(PAPI_ESYS, "perfctr: %s: %s", what, strerror(err));
}

int perfctr_gcounter_start(const char *device, struct perfctr_gcounter *g, unsigned cpu,
                           const struct perfctr_cpu_control *control)
{
	struct gperfctr_cpu_control body;
	int err;

	g->cpu = cpu;
	g->fd = open(device, O_RDONLY | O_CLOEXEC);
	if (g->fd < 0)
		return papi_error_set(PAPI_ESYS, "perfctr: cannot open %s: %s", device,
		                      strerror(errno));
	memset(&body, 0, sizeof(body));
	body.cpu = cpu;
	body.cpu_control = *control;
	if (perfctr_ioctl_struct(g->fd, GPERFCTR_CONTROL, &gperfctr_cpu_control_layout, &body, NULL,
	                         NULL) < 0) {
		err = refused("GPERFCTR_CONTROL", errno);
		close(g->fd);
		g->fd = -1;
		return err;
	}
	if (ioctl(g->fd, GPERFCTR_START, (unsigned long)PERFCTR_GLOBAL_SAMPLING_USEC) < 0) {
		err = refused("GPERFCTR_START", errno);
		close(g->fd);
		g->fd = -1;
		return err;
	}
	return PAPI_OK;
}

int perfctr_gcounter_read(struct perfctr_gcounter *g, struct perfctr_sum_ctrs *sums)
{
	struct gperfctr_cpu_state state;

	memset(&state, 0, sizeof(state));
	state.cpu = g->cpu;
	if (perfctr_ioctl_struct(g->fd, GPERFCTR_READ, &gperfctr_cpu_state_only_cpu_layout, &state,
	                         &gperfctr_cpu_state_layout, &state) < 0)
		return refused("GPERFCTR_READ", errno);
	*sums = state.sum;
	return PAPI_OK;
}

void perfctr_gcounter_stop(struct perfctr_gcounter *g)
{
	if (g->fd < 0)
		return;
	ioctl(g->fd, GPERFCTR_STOP, 0);
	close(g->fd);
	g->fd = -1;
}
