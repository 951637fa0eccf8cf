// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: the high-level regions and the rate calls (PAPI 7.0's names and
 * arguments; times and rates are REAL, counts INTEGER(8)). */
#include "fortran/papif.h"

/* A region name as C text: PAPI_EINVAL in *check when it does not fit. */
#define REGION_CALL(call, region, region_len, check)                                               \
	do {                                                                                       \
		char name_[PAPI_HUGE_STR_LEN];                                                     \
		const char *text_ = papif_string_in(region, region_len, name_, sizeof name_);      \
		*(check) = text_ ? call(text_) : PAPI_EINVAL;                                      \
	} while (0)

PAPIF_ENTRY(hl_region_begin, HL_REGION_BEGIN, (const char *region, int *check, size_t region_len))
{
	REGION_CALL(PAPI_hl_region_begin, region, region_len, check);
}

PAPIF_ENTRY(hl_read, HL_READ, (const char *region, int *check, size_t region_len))
{
	REGION_CALL(PAPI_hl_read, region, region_len, check);
}

PAPIF_ENTRY(hl_region_end, HL_REGION_END, (const char *region, int *check, size_t region_len))
{
	REGION_CALL(PAPI_hl_region_end, region, region_len, check);
}

PAPIF_ENTRY(hl_stop, HL_STOP, (int *check))
{
	*check = PAPI_hl_stop();
}

PAPIF_ENTRY(flips_rate, FLIPS_RATE,
            (int *event, float *rtime, float *ptime, long long *flpins, float *mflips, int *check))
{
	*check = PAPI_flips_rate(*event, rtime, ptime, flpins, mflips);
}

PAPIF_ENTRY(flops_rate, FLOPS_RATE,
            (int *event, float *rtime, float *ptime, long long *flpops, float *mflops, int *check))
{
	*check = PAPI_flops_rate(*event, rtime, ptime, flpops, mflops);
}

PAPIF_ENTRY(ipc, IPC, (float *rtime, float *ptime, long long *ins, float *ipc, int *check))
{
	*check = PAPI_ipc(rtime, ptime, ins, ipc);
}

PAPIF_ENTRY(epc, EPC,
            (int *event, float *rtime, float *ptime, long long *ref, long long *core,
             long long *evt, float *epc, int *check))
{
	*check = PAPI_epc(*event, rtime, ptime, ref, core, evt, epc);
}

PAPIF_ENTRY(rate_stop, RATE_STOP, (int *check))
{
	*check = PAPI_rate_stop();
}
