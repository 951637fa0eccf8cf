// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: system, program and component information, timers, memory use. */
#include <stdint.h>
#include <string.h>

#include "fortran/papif.h"
#include "abi/core_entries.h"

/* No check argument in PAPI 7.0's list: zeros and blanks say the information is unavailable. */
PAPIF_ENTRY(get_hardware_info, GET_HARDWARE_INFO,
            (int *ncpu, int *nnodes, int *totalcpus, int *vendor, char *vendor_str, int *model,
             char *model_str, float *revision, float *mhz, size_t vendor_str_len,
             size_t model_str_len))
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();
	*ncpu = hw ? hw->ncpu : 0;
	*nnodes = hw ? hw->nnodes : 0;
	*totalcpus = hw ? hw->totalcpus : 0;
	*vendor = hw ? hw->vendor : 0;
	*model = hw ? hw->model : 0;
	*revision = hw ? hw->revision : 0.0f;
	*mhz = hw ? (float)hw->cpu_max_mhz : 0.0f;
	papif_string_out(vendor_str, vendor_str_len, hw ? hw->vendor_string : "");
	papif_string_out(model_str, model_str_len, hw ? hw->model_string : "");
}

/* Addresses as INTEGER(8): Fortran has no pointer-sized unsigned type. */
PAPIF_ENTRY(get_exe_info, GET_EXE_INFO,
            (char *fullname, char *name, long long *text_start, long long *text_end,
             long long *data_start, long long *data_end, long long *bss_start, long long *bss_end,
             int *check, size_t fullname_len, size_t name_len))
{
	const PAPI_exe_info_t *exe = PAPI_get_executable_info();
	if (exe == NULL) {
		*check = PAPI_EINVAL;
		return;
	}
	papif_string_out(fullname, fullname_len, exe->fullname);
	papif_string_out(name, name_len, exe->address_info.name);
	*text_start = (long long)(uintptr_t)exe->address_info.text_start;
	*text_end = (long long)(uintptr_t)exe->address_info.text_end;
	*data_start = (long long)(uintptr_t)exe->address_info.data_start;
	*data_end = (long long)(uintptr_t)exe->address_info.data_end;
	*bss_start = (long long)(uintptr_t)exe->address_info.bss_start;
	*bss_end = (long long)(uintptr_t)exe->address_info.bss_end;
	*check = PAPI_OK;
}

/*
 * values: an INTEGER(8) array of PAPIF_DMEM_MAXVAL elements, indexed by the PAPIF_DMEM_*
 * constants (the fields of PAPI_dmem_info_t in order).
 */
PAPIF_ENTRY(get_dmem_info, GET_DMEM_INFO, (long long *values, int *check))
{
	PAPI_dmem_info_t dmem;
	_Static_assert(sizeof dmem == PAPIF_DMEM_MAXVAL * sizeof(long long),
	               "PAPIF_DMEM_* index every field of PAPI_dmem_info_t");
	*check = PAPI_get_dmem_info(&dmem);
	if (*check == PAPI_OK)
		memcpy(values, &dmem, sizeof dmem);
}

PAPIF_ENTRY(get_real_cyc, GET_REAL_CYC, (long long *cycles))
{
	*cycles = PAPI_get_real_cyc();
}

PAPIF_ENTRY(get_real_usec, GET_REAL_USEC, (long long *usec))
{
	*usec = PAPI_get_real_usec();
}

PAPIF_ENTRY(get_real_nsec, GET_REAL_NSEC, (long long *nsec))
{
	*nsec = PAPI_get_real_nsec();
}

PAPIF_ENTRY(get_virt_cyc, GET_VIRT_CYC, (long long *cycles))
{
	*cycles = PAPI_get_virt_cyc();
}

PAPIF_ENTRY(get_virt_usec, GET_VIRT_USEC, (long long *usec))
{
	*usec = PAPI_get_virt_usec();
}

PAPIF_ENTRY(get_virt_nsec, GET_VIRT_NSEC, (long long *nsec))
{
	*nsec = PAPI_get_virt_nsec();
}

PAPIF_ENTRY(num_components, NUM_COMPONENTS, (int *count))
{
	*count = PAPI_num_components();
}

/* cidx: the index of the component named name (set only when check is PAPI_OK). */
PAPIF_ENTRY(get_component_index, GET_COMPONENT_INDEX,
            (const char *name, int *cidx, int *check, size_t name_len))
{
	char buf[PAPI_MAX_STR_LEN];
	const char *c_name = papif_string_in(name, name_len, buf, sizeof buf);
	int found = c_name ? PAPI_get_component_index(c_name) : PAPI_EINVAL;
	*check = found < 0 ? found : PAPI_OK;
	if (found >= 0)
		*cidx = found;
}

/*
 * The parts of PAPI_component_info_t a Fortran program asks for: names, counters, native
 * events and whether (and why) the component is disabled (disabled: 0 or the PAPI error).
 */
PAPIF_ENTRY(get_component_info, GET_COMPONENT_INFO,
            (int *cidx, char *name, char *short_name, char *description, int *num_cntrs,
             int *num_native_events, int *disabled, char *disabled_reason, int *check,
             size_t name_len, size_t short_name_len, size_t description_len,
             size_t disabled_reason_len))
{
	const PAPI_component_info_t *cmp = api_component_info(*cidx);
	if (cmp == NULL) {
		*check = PAPI_ENOCMP;
		return;
	}
	papif_string_out(name, name_len, cmp->name);
	papif_string_out(short_name, short_name_len, cmp->short_name);
	papif_string_out(description, description_len, cmp->description);
	papif_string_out(disabled_reason, disabled_reason_len, cmp->disabled_reason);
	*num_cntrs = cmp->num_cntrs;
	*num_native_events = cmp->num_native_events;
	*disabled = cmp->disabled;
	*check = PAPI_OK;
}
