// SPDX-License-Identifier: BSD-3-Clause
/* A task's counters across its context switches: see rv_switch.h. */
#include "rv_switch.h"

int rv_task_switch_out(struct rv_pmu *pmu, const struct rv_counter *counter, bool started,
                       bool user_read, bool *paused)
{
	/* Closed first: the next task must not read even the stopped value. */
	int status = user_read ? rv_counter_user_access(pmu, counter, false) : RV_PMU_OK;
	*paused = false;
	return status == RV_PMU_OK && started ? rv_counter_pause(pmu, counter, paused) : status;
}

int rv_task_switch_in(struct rv_pmu *pmu, const struct rv_counter *counter, bool user_read,
                      bool paused)
{
	int status = paused ? rv_counter_resume(pmu, counter) : RV_PMU_OK;
	if (status == RV_PMU_OK && user_read)
		status = rv_counter_user_access(pmu, counter, true);
	return status;
}
