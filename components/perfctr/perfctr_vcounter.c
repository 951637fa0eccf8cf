// SPDX-License-Identifier: BSD-3-Clause
/* The component's side of a virtual counter (perfctr_vcounter.h). The
 * structure ioctls carry perfctr 2.6's encoding (perfctr_ioctl.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/arch.h"
#include "papi.h"
#include "util/error.h"
#include "kpriv_reason.h"
#include "perfctr_imode.h"
#include "perfctr_ioctl.h"
#include "perfctr_state_read.h"
#include "perfctr_vcounter.h"

/* A read that keeps meeting context switches gives up for the ioctl. */
#define PAGE_READ_TRIES 8

int perfctr_vcounter_control(struct perfctr_vcounter *v, const struct perfctr_cpu_control *control)
{
	struct vperfctr_control body;

	memset(&body, 0, sizeof(body));
	body.cpu_control = *control;
	body.si_signo = v->si_signo;
	if (perfctr_ioctl_struct(v->fd, VPERFCTR_CONTROL, &vperfctr_control_layout, &body, NULL,
	                         NULL) < 0) {
		int err = errno;
		int imode = perfctr_imode_refusal(err, control);
		if (imode != PAPI_OK)
			return imode;
		if (err == EACCES) {
			/* The modules' privilege rule (kpriv.h): an OS bit, a
			 * counter without a privilege filter, or any counter at
			 * Debian's paranoid 3. */
			char why[256];
			kpriv_reason(why, sizeof(why), KPRIV_USER | KPRIV_KERNEL);
			return papi_error_set(PAPI_EPERM, "perfctr: VPERFCTR_CONTROL: %s", why);
		}
		errno = err;
		return papi_error_set(errno == EBUSY ? PAPI_ECNFLCT : PAPI_ESYS,
		                      "perfctr: VPERFCTR_CONTROL refused the control: %s%s",
		                      strerror(errno),
		                      errno == EBUSY ? " (perf holds the counters)" : "");
	}
	return PAPI_OK;
}

int perfctr_vcounter_open(const char *device, struct perfctr_vcounter *v,
                          const struct perfctr_cpu_control *control)
{
	int dev = open(device, O_RDONLY | O_CLOEXEC), status;
	void *page;

	v->fd = -1;
	v->page = NULL;
	if (dev < 0)
		return papi_error_set(PAPI_ESYS, "perfctr: cannot open %s: %s", device,
		                      strerror(errno));
	v->fd = ioctl(dev, VPERFCTR_CREAT, 0);
	if (v->fd < 0 && errno == EEXIST)
		v->fd = ioctl(dev, VPERFCTR_OPEN, 0);
	status = errno;
	close(dev);
	if (v->fd < 0)
		return papi_error_set(PAPI_ESYS, "perfctr: no virtual counters for this thread: %s",
		                      strerror(status));
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, v->fd, 0);
	if (page == MAP_FAILED) {
		status = errno;
		perfctr_vcounter_close(v);
		return papi_error_set(PAPI_ESYS, "perfctr: cannot map the state page: %s",
		                      strerror(status));
	}
	v->page = page;
	status = perfctr_vcounter_control(v, control);
	if (status != PAPI_OK)
		perfctr_vcounter_close(v);
	return status;
}

int perfctr_vcounter_iresume(int fd)
{
	return ioctl(fd, VPERFCTR_IRESUME, 0);
}

int perfctr_vcounter_read_sum(struct perfctr_vcounter *v, struct perfctr_sum_ctrs *sums)
{
	if (perfctr_ioctl_struct(v->fd, VPERFCTR_READ_SUM, NULL, NULL, &perfctr_sum_ctrs_layout,
	                         sums) < 0)
		return papi_error_set(PAPI_ESYS, "perfctr: VPERFCTR_READ_SUM: %s", strerror(errno));
	return PAPI_OK;
}

static uint64_t read_pmc(void *cpu, uint32_t selector)
{
	uint64_t value = 0;

	(void)cpu;
	arch_counter_read(selector, &value);
	return value;
}

static uint64_t read_tsc(void *cpu)
{
	(void)cpu;
	return arch_timestamp_read();
}

bool perfctr_vcounter_read_page(struct perfctr_vcounter *v, struct perfctr_sum_ctrs *sums)
{
	static const struct perfctr_read_ops ops = {NULL, read_pmc, read_tsc};
	static const struct perfctr_read_ops tsc_only = {NULL, NULL, read_tsc};

	return v->page &&
	       perfctr_state_read(v->page, v->no_rdpmc ? &tsc_only : &ops, PAGE_READ_TRIES, sums);
}

void perfctr_vcounter_close(struct perfctr_vcounter *v)
{
	if (v->page)
		munmap((void *)(uintptr_t)v->page, (size_t)sysconf(_SC_PAGESIZE));
	if (v->fd >= 0)
		close(v->fd);
	v->fd = -1;
	v->page = NULL;
}
