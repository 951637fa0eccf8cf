// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: options (domains, granularity, inheritance, ...): PAPI_get_opt/PAPI_set_opt by field. */
#include "fortran/papif.h"

PAPIF_ENTRY(set_domain, SET_DOMAIN, (int *domain, int *check))
{
	*check = PAPI_set_domain(*domain);
}

PAPIF_ENTRY(set_cmp_domain, SET_CMP_DOMAIN, (int *domain, int *cidx, int *check))
{
	*check = PAPI_set_cmp_domain(*domain, *cidx);
}

PAPIF_ENTRY(set_granularity, SET_GRANULARITY, (int *granularity, int *check))
{
	*check = PAPI_set_granularity(*granularity);
}

PAPIF_ENTRY(set_cmp_granularity, SET_CMP_GRANULARITY, (int *granularity, int *cidx, int *check))
{
	*check = PAPI_set_cmp_granularity(*granularity, *cidx);
}

/* One event set's domain. */
PAPIF_ENTRY(set_event_domain, SET_EVENT_DOMAIN, (int *event_set, int *domain, int *check))
{
	PAPI_option_t opt = {0};
	opt.domain.eventset = *event_set;
	opt.domain.domain = *domain;
	*check = PAPI_set_opt(PAPI_DOMAIN, &opt);
}

/* mode PAPI_DEFDOM: the default domain (event_set unused); PAPI_DOMAIN: that event set's. */
PAPIF_ENTRY(get_domain, GET_DOMAIN, (int *event_set, int *domain, int *mode, int *check))
{
	PAPI_option_t opt = {0};
	int got;
	switch (*mode) {
	case PAPI_DEFDOM:
		got = PAPI_get_opt(PAPI_DEFDOM, NULL);
		break;
	case PAPI_DOMAIN:
		opt.domain.eventset = *event_set;
		got = PAPI_get_opt(PAPI_DOMAIN, &opt);
		if (got == PAPI_OK)
			got = opt.domain.domain;
		break;
	default:
		*check = PAPI_EINVAL;
		return;
	}
	if (got < 0) {
		*check = got;
		return;
	}
	*domain = got;
	*check = PAPI_OK;
}

/* mode PAPI_DEFGRN: the default granularity; PAPI_GRANUL: that event set's. */
PAPIF_ENTRY(get_granularity, GET_GRANULARITY,
            (int *event_set, int *granularity, int *mode, int *check))
{
	PAPI_option_t opt = {0};
	int got;
	switch (*mode) {
	case PAPI_DEFGRN:
		got = PAPI_get_opt(PAPI_DEFGRN, NULL);
		break;
	case PAPI_GRANUL:
		opt.granularity.eventset = *event_set;
		got = PAPI_get_opt(PAPI_GRANUL, &opt);
		if (got == PAPI_OK)
			got = opt.granularity.granularity;
		break;
	default:
		*check = PAPI_EINVAL;
		return;
	}
	if (got < 0) {
		*check = got;
		return;
	}
	*granularity = got;
	*check = PAPI_OK;
}

PAPIF_ENTRY(set_inherit, SET_INHERIT, (int *inherit, int *check))
{
	PAPI_option_t opt = {0};
	opt.inherit.inherit = *inherit;
	*check = PAPI_set_opt(PAPI_INHERIT, &opt);
}

/* The clock rate in MHz (PAPI_get_opt(PAPI_CLOCKRATE)); an error code on failure. */
PAPIF_ENTRY(get_clockrate, GET_CLOCKRATE, (int *mhz))
{
	*mhz = PAPI_get_opt(PAPI_CLOCKRATE, NULL);
}

PAPIF_ENTRY(get_preload, GET_PRELOAD, (char *preload_env, int *check, size_t preload_env_len))
{
	PAPI_option_t opt = {0};
	*check = PAPI_get_opt(PAPI_PRELOAD, &opt);
	if (*check == PAPI_OK)
		papif_string_out(preload_env, preload_env_len, opt.preload.lib_preload_env);
}

PAPIF_ENTRY(num_hwctrs, NUM_HWCTRS, (int *num))
{
	*num = PAPI_num_hwctrs();
}

PAPIF_ENTRY(num_cmp_hwctrs, NUM_CMP_HWCTRS, (int *cidx, int *num))
{
	*num = PAPI_num_cmp_hwctrs(*cidx);
}
