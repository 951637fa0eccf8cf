/* TEMPORARY: start/stop/read/accum/reset for the sde component until the
 * core's snapshot path for CAP_FREE_RUNNING components (issue 13, item 2)
 * serves them. Delete this file and point the component's counting
 * operations at that path then; the arithmetic it needs per kind of value
 * is sde_value_since/sde_value_add, and it must snapshot with
 * sde_read_snapshot, not sde_read_current (recorders and counting sets
 * answer a read with a fresh copy the reader owns).
 *
 * The shim keeps what the core will keep: the raw values at the last
 * start, reset or accum. */
#include "papi.h"
#include "sde_component.h"

int sde_shim_start(void *control)
{
	struct sde_control *sde = control;
	int status = sde_read_snapshot(control, sde->start);
	sde->running = status == PAPI_OK;
	return status;
}

int sde_shim_read(void *control, long long *values)
{
	struct sde_control *sde = control;
	int status = sde_read_current(control, values);
	for (int i = 0; status == PAPI_OK && i < sde->count; i++)
		values[i] = sde_value_since(sde->kinds[i], values[i], sde->start[i]);
	return status;
}

int sde_shim_stop(void *control, long long *values)
{
	struct sde_control *sde = control;
	int status = values ? sde_shim_read(control, values) : PAPI_OK;
	sde->running = false;
	return status;
}

int sde_shim_reset(void *control)
{
	struct sde_control *sde = control;
	return sde_read_snapshot(control, sde->start);
}

int sde_shim_accum(void *control, long long *values)
{
	struct sde_control *sde = control;
	long long now[SDE_MAX_EVENTS];
	int status = sde_read_current(control, now);
	for (int i = 0; status == PAPI_OK && i < sde->count; i++) {
		long long counted = sde_value_since(sde->kinds[i], now[i], sde->start[i]);
		values[i] = sde_value_add(sde->kinds[i], values[i], counted);
		/* The new start: this reading, for the counters that subtract. */
		sde->start[i] = sde_value_kind_is_delta(sde->kinds[i]) ? now[i] : 0;
	}
	return status;
}
