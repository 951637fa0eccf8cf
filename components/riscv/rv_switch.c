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

int rv_task_save(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t *count)
{
	return rv_counter_read(pmu, counter, count);
}

int rv_task_arrive(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t count,
                   bool user_read, bool paused)
{
	int status =
	    paused ? rv_counter_start(pmu, counter, count) : rv_counter_reload(pmu, counter, count);
	if (status == RV_PMU_OK && user_read)
		status = rv_counter_user_access(pmu, counter, true);
	return status;
}

int rv_counter_obtain_same(struct rv_pmu *pmu, const struct rv_counter_request *request,
                           unsigned index, struct rv_counter *counter)
{
	struct rv_counter_request same = *request;
	if (index >= sizeof(unsigned long) * 8 ||
	    (request->counters && !(request->counters >> index & 1ul)))
		return RV_PMU_NO_COUNTER;
	same.counters = 1ul << index;
	/* rv_counter_obtain refuses what falls outside the mask. */
	return rv_counter_obtain(pmu, &same, counter);
}

int rv_task_hart_leaving(struct rv_pmu *pmu, const struct rv_counter *counter)
{
	int status = counter->firmware ? RV_PMU_OK : rv_counter_user_access(pmu, counter, false);
	int released = rv_counter_release(pmu, counter);
	return status != RV_PMU_OK ? status : released;
}
