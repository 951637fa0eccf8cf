// SPDX-License-Identifier: BSD-3-Clause
/* Option handlers of api_targets.c, called by PAPI_set_opt/PAPI_get_opt. */
#ifndef PAPILLON_API_TARGETS_H
#define PAPILLON_API_TARGETS_H

#include "papi.h"
#include "core/eventset.h"

int targets_set_multiplex(const PAPI_multiplex_option_t *option);
/* TRUE/FALSE, and the option filled; or an error. */
int targets_get_multiplex(PAPI_multiplex_option_t *option);
int targets_attach(int id, unsigned long tid);
int targets_detach(int id);
int targets_cpu_attach(const PAPI_cpu_option_t *option);
int targets_set_granularity(struct eventset *set, int granularity);
int targets_inherit(const PAPI_inherit_option_t *option);
/* PAPI_DEF_MPX_NS, PAPI_DEF_ITIMER, PAPI_DEF_ITIMER_NS. */
int targets_set_timer(int option, const PAPI_option_t *ptr);
int targets_get_timer(int option, PAPI_option_t *ptr);

#endif
