// SPDX-License-Identifier: BSD-3-Clause
/* A counter's raw value and what kind of value it is.
 *
 * Raw values are 64 bits as PAPI hands them out: integers as long long,
 * doubles and floats as the bits of a double, recorders and counting sets
 * as the address of a fresh copy. Whether two of them are subtracted is the
 * kind's business (sde_registry.h), not this file's. */
#include <string.h>

#include "sde_lib_internal.h"
#include "services/double_bits.h"

/* The library writes its variable without telling anyone: a relaxed atomic
 * load gives a whole value, never a torn one. */
static long long variable_value(const void *variable, int type)
{
	switch (type) {
	case PAPI_SDE_int:
		return __atomic_load_n((const int *)variable, __ATOMIC_RELAXED);
	case PAPI_SDE_double: {
		long long bits = __atomic_load_n((const long long *)variable, __ATOMIC_RELAXED);
		return bits; /* already a double's bits */
	}
	case PAPI_SDE_float: {
		int32_t bits = __atomic_load_n((const int32_t *)variable, __ATOMIC_RELAXED);
		float value;
		memcpy(&value, &bits, sizeof(value));
		return bits_of_double(value);
	}
	default:
		return __atomic_load_n((const long long *)variable, __ATOMIC_RELAXED);
	}
}

/* A callback returns the value's bits in the low bytes of its long long, as
 * a variable of that type would hold them. */
static long long callback_value(long long result, int type)
{
	switch (type) {
	case PAPI_SDE_int:
		return (int32_t)(uint32_t)result;
	case PAPI_SDE_float: {
		uint32_t bits = (uint32_t)result;
		float value;
		memcpy(&value, &bits, sizeof(value));
		return bits_of_double(value);
	}
	default:
		return result;
	}
}

static bool type_is_floating(int type)
{
	return type == PAPI_SDE_double || type == PAPI_SDE_float;
}

static long long combine(long long so_far, long long next, uint32_t how, bool floating)
{
	if (floating) {
		double a = double_of_bits(so_far), b = double_of_bits(next);
		double result = how == PAPI_SDE_MAX   ? (a > b ? a : b)
		                : how == PAPI_SDE_MIN ? (a < b ? a : b)
		                                      : a + b;
		return bits_of_double(result);
	}
	if (how == PAPI_SDE_MAX)
		return so_far > next ? so_far : next;
	if (how == PAPI_SDE_MIN)
		return so_far < next ? so_far : next;
	return (long long)((unsigned long long)so_far + (unsigned long long)next);
}

static long long group_value(const struct sde_counter *group)
{
	bool floating = type_is_floating(group->type);
	long long value = floating ? bits_of_double(0.0) : 0;
	for (int i = 0; i < group->u.group.member_count; i++) {
		long long member = sde_counter_raw_value(group->u.group.members[i]);
		value = i == 0 ? member : combine(value, member, group->u.group.combine, floating);
	}
	return value;
}

long long sde_counter_raw_value(const struct sde_counter *counter)
{
	if (!counter->live)
		return counter->frozen;
	switch (counter->source) {
	case SDE_SOURCE_VARIABLE:
		return variable_value(counter->u.variable, counter->type);
	case SDE_SOURCE_CALLBACK:
		return callback_value(counter->u.callback.function(counter->u.callback.param),
		                      counter->type);
	case SDE_SOURCE_CREATED:
		return atomic_load_explicit(&counter->created, memory_order_relaxed);
	case SDE_SOURCE_GROUP:
		return group_value(counter);
	case SDE_SOURCE_RECORDER:
		return sde_recorder_copy(counter->u.recorder);
	case SDE_SOURCE_RECORDER_STATISTIC:
		return sde_recorder_statistic(counter->u.statistic.recorder,
		                              counter->u.statistic.statistic);
	case SDE_SOURCE_COUNTING_SET:
		return sde_counting_set_copy(counter->u.counting_set);
	case SDE_SOURCE_DECLARED:
		break;
	}
	return 0;
}

enum sde_value_kind sde_counter_kind(const struct sde_counter *counter)
{
	switch (counter->source) {
	case SDE_SOURCE_RECORDER:
	case SDE_SOURCE_COUNTING_SET:
		return SDE_VALUE_ADDRESS;
	case SDE_SOURCE_RECORDER_STATISTIC:
		return counter->u.statistic.statistic == SDE_STATISTIC_COUNT
		           ? SDE_VALUE_INT64_ABSOLUTE
		           : SDE_VALUE_ADDRESS;
	case SDE_SOURCE_GROUP: {
		/* A sum of counts is a count; a maximum or minimum is a value of
		 * the moment (the largest queue now), as is a sum of such. */
		bool delta = counter->u.group.combine == PAPI_SDE_SUM;
		for (int i = 0; delta && i < counter->u.group.member_count; i++)
			delta =
			    sde_value_kind_is_delta(sde_counter_kind(counter->u.group.members[i]));
		if (type_is_floating(counter->type))
			return delta ? SDE_VALUE_FP64_DELTA : SDE_VALUE_FP64_ABSOLUTE;
		return delta ? SDE_VALUE_INT64_DELTA : SDE_VALUE_INT64_ABSOLUTE;
	}
	default:
		break;
	}
	bool instant = counter->mode & PAPI_SDE_INSTANT;
	if (type_is_floating(counter->type))
		return instant ? SDE_VALUE_FP64_ABSOLUTE : SDE_VALUE_FP64_DELTA;
	return instant ? SDE_VALUE_INT64_ABSOLUTE : SDE_VALUE_INT64_DELTA;
}

const char *sde_source_name(enum sde_source source)
{
	static const char *const names[] = {
	    [SDE_SOURCE_DECLARED] = "declared only",
	    [SDE_SOURCE_VARIABLE] = "variable",
	    [SDE_SOURCE_CALLBACK] = "callback",
	    [SDE_SOURCE_CREATED] = "created counter",
	    [SDE_SOURCE_GROUP] = "group",
	    [SDE_SOURCE_RECORDER] = "recorder",
	    [SDE_SOURCE_RECORDER_STATISTIC] = "recorder statistic",
	    [SDE_SOURCE_COUNTING_SET] = "counting set",
	};
	return names[source];
}

SDE_EXPORT int papi_sde_compare_long_long(const void *p1, const void *p2)
{
	long long a = *(const long long *)p1, b = *(const long long *)p2;
	return (a > b) - (a < b);
}

SDE_EXPORT int papi_sde_compare_int(const void *p1, const void *p2)
{
	int a = *(const int *)p1, b = *(const int *)p2;
	return (a > b) - (a < b);
}

SDE_EXPORT int papi_sde_compare_double(const void *p1, const void *p2)
{
	double a = *(const double *)p1, b = *(const double *)p2;
	return (a > b) - (a < b);
}

SDE_EXPORT int papi_sde_compare_float(const void *p1, const void *p2)
{
	float a = *(const float *)p1, b = *(const float *)p2;
	return (a > b) - (a < b);
}
