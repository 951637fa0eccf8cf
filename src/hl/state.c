// SPDX-License-Identifier: BSD-3-Clause
/* The high-level layer's one-time set-up: its settings, its events, the
 * output directory and the writer registered with atexit. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hl/hl.h"
#include "sysinfo/sysinfo.h"
#include "util/error.h"
#include "abi/core_entries.h"

struct hl_state hl_state = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .threads_tail = &hl_state.threads,
};

void hl_say(const char *format, ...)
{
	if (!hl_state.verbose)
		return;
	va_list args;
	va_start(args, format);
	fputs("PAPI-HL: ", stdout);
	vfprintf(stdout, format, args);
	fputc('\n', stdout);
	va_end(args);
	fflush(stdout);
}

/* The report prints the CPU's model and frequencies, which are its
 * identity (read once, by PAPI_library_init): PAPI_get_hardware_info would
 * gather the topology and caches too (hwloc), which nothing here prints.
 * Copied now: at exit the program may have called PAPI_shutdown, and the
 * writer must not need the library. */
static void remember_hardware(void)
{
	PAPI_hw_info_t hw;
	if (sysinfo_cpu_identity(&hw) != PAPI_OK)
		return;
	snprintf(hl_state.cpu_info, sizeof hl_state.cpu_info, "%s", hw.model_string);
	hl_state.cpu_max_mhz = hw.cpu_max_mhz;
	hl_state.cpu_min_mhz = hw.cpu_min_mhz;
}

static int set_up(void)
{
	hl_state.verbose = getenv("PAPI_HL_VERBOSE") != NULL;
	hl_state.owner = getpid();
	if (PAPI_is_initialized() == PAPI_NOT_INITED) {
		int version = api_library_init(PAPI_VER_CURRENT);
		if (version != PAPI_VER_CURRENT) {
			hl_say("PAPI_library_init failed: %s", PAPI_strerror(version));
			return version < 0 ? version : PAPI_EMISC;
		}
	}
	remember_hardware();
	int status = hl_config_select(&hl_state.config);
	if (status != PAPI_OK)
		return status;
	hl_state.width = HL_FIXED_VALUES + hl_state.config.event_count;
	status = hl_output_directory_prepare(hl_state.directory, sizeof hl_state.directory);
	if (status != PAPI_OK)
		return status;
	if (atexit(hl_at_exit) != 0)
		return papi_error_set(PAPI_ENOMEM, "atexit could not register the report writer");
	return PAPI_OK;
}

int hl_ready(void)
{
	/* The flag is written under the lock once; later callers read it
	 * without it (acquire pairs with the release below). */
	if (__atomic_load_n(&hl_state.ready, __ATOMIC_ACQUIRE))
		return hl_state.ready_status;
	pthread_mutex_lock(&hl_state.lock);
	if (!hl_state.ready) {
		hl_state.ready_status = set_up();
		if (hl_state.ready_status != PAPI_OK)
			hl_say("the high-level layer is off: %s%s%s",
			       PAPI_strerror(hl_state.ready_status), *PAPI_strreason() ? ": " : "",
			       PAPI_strreason());
		__atomic_store_n(&hl_state.ready, true, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&hl_state.lock);
	if (hl_state.ready_status != PAPI_OK)
		return papi_error_set(
		    hl_state.ready_status,
		    "the high-level layer could not start (PAPI_HL_VERBOSE=1 says why)");
	return PAPI_OK;
}
