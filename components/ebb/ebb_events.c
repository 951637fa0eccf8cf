// SPDX-License-Identifier: BSD-3-Clause
/* Looking up the event tables (ebb_events.h). */
#include <string.h>

#include "ebb_events.h"

const struct ebb_event *ebb_event_find(const struct ebb_pmu_table *table, const char *name)
{
	for (size_t i = 0; table && i < table->count; i++)
		if (strcmp(table->events[i].name, name) == 0)
			return &table->events[i];
	return NULL;
}

const struct ebb_pmu_table *ebb_pmu_table_of(enum ebb_pmu_model model)
{
	switch (model) {
	case EBB_PMU_POWER8:
		return &ebb_power8_table;
	case EBB_PMU_POWER9:
		return &ebb_power9_table;
	case EBB_PMU_POWER10:
		return &ebb_power10_table;
	case EBB_PMU_UNKNOWN:
		break;
	}
	return NULL;
}
