// SPDX-License-Identifier: BSD-3-Clause
/* One model hart with the module's driver on it, as the switch and
 * migration tests (test_switch.c, test_migrate.c) set them up: the model,
 * the driver probed on it, and the same model read from user mode. */
#ifndef PAPILLON_RISCV_TESTS_MODEL_HART_H
#define PAPILLON_RISCV_TESTS_MODEL_HART_H

#include <stdint.h>

#include <CUnit/Basic.h>

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"

#define DELEGATE_ALL 0xfffffffdull /* every counter but time */
#define L1D_READ_MISS                                                                              \
	RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE,                                                      \
	                   RV_SBI_CACHE_CODE(0, RV_SBI_CACHE_READ, RV_SBI_CACHE_MISS))

struct hart {
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_hart user; /* the same model, read from user mode */
};

/* A fresh model hart (DELEGATED: the counters handed to S-mode, 0 for
 * none) with the driver probed on it. */
static inline void hart_init(struct hart *h, uint64_t delegated)
{
	struct rv_hart hart;
	rv_model_init(&h->model, 64, RV_EXT_ALL);
	if (delegated)
		rv_model_delegate(&h->model, delegated);
	rv_model_hart(&h->model, &hart);
	CU_ASSERT_EQUAL_FATAL(rv_pmu_probe(&h->pmu, &hart), RV_PMU_OK);
	rv_model_hart(&h->model, &h->user);
}

#endif
