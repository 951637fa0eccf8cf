// SPDX-License-Identifier: BSD-3-Clause
/* The CPU's identity (sysinfo.h: sysinfo_cpu_identity), read once in the
 * process and kept here, below the core: PAPI_library_init (core/
 * system_info.c) and the preset tables' detection (presets/detect.c) both
 * need it, and the presets must not reach into the core's library state
 * for it. The machine does not change under a running process, so one
 * reading serves every later init, and the record is never written again
 * once read: a copy taken after first_use_run returned needs no lock.
 *
 * The reading is a piece of services/first_use.h's work (its one lock,
 * held across fork(); a failed read is tried again next time, its reason
 * set again). */
#include "services/first_use.h"
#include "sysinfo/sysinfo.h"

static PAPI_hw_info_t identity;
static int identity_read;

static int read_identity(void)
{
	return sysinfo_hardware_identity(&identity);
}

int sysinfo_cpu_identity(PAPI_hw_info_t *hw)
{
	int status = first_use_run(&identity_read, read_identity);
	if (status == PAPI_OK)
		*hw = identity;
	return status;
}

/* first_use's lock is held: identity_read is read and written under it, as
 * first_use_run does. */
int sysinfo_cpu_identity_under_first_use(PAPI_hw_info_t *hw)
{
	if (!identity_read) {
		int status = read_identity();
		if (status != PAPI_OK)
			return status;
		identity_read = 1;
	}
	*hw = identity;
	return PAPI_OK;
}
