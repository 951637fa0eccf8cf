// SPDX-License-Identifier: BSD-3-Clause
/* papi_clockres: the latency and resolution of PAPI's four timers
 * (PAPI_get_real_cyc, PAPI_get_real_usec, PAPI_get_virt_cyc,
 * PAPI_get_virt_usec), measured over many back-to-back calls. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util_common.h"

/* Enough calls for a stable average, few enough to take well under a
 * second per timer even where a virtual timer is a system call. */
#define SAMPLES 100000

struct timer {
	const char *name;
	long long (*read)(void);
};

static const struct timer timers[] = {
    {"PAPI_get_real_cyc", PAPI_get_real_cyc},
    {"PAPI_get_real_usec", PAPI_get_real_usec},
    {"PAPI_get_virt_cyc", PAPI_get_virt_cyc},
    {"PAPI_get_virt_usec", PAPI_get_virt_usec},
};

/* Reads the timer SAMPLES times in a row and prints the spread of the steps
 * between reads, then the average step (the cost of a call, in the timer's
 * unit) and the average of the steps that moved (its resolution): '<' when
 * every step moved, so the resolution is finer than shown; '>' when none
 * moved, so it is coarser than the whole run. False if a step went back. */
static bool measure(const struct timer *timer, long long *values)
{
	double sum = 0, sum_squares = 0, min = 0, max = 0;
	long long moved = 0;

	for (int i = 0; i < SAMPLES; i++)
		values[i] = timer->read();
	for (int i = 1; i < SAMPLES; i++) {
		double step = (double)(values[i] - values[i - 1]);
		if (step < 0) {
			fprintf(stderr, "%s: %s went back by %.0f\n", util_program_name(),
			        timer->name, -step);
			return false;
		}
		min = i == 1 || step < min ? step : min;
		max = step > max ? step : max;
		sum += step;
		sum_squares += step * step;
		moved += step > 0;
	}
	int steps = SAMPLES - 1;
	double average = sum / steps;
	double variance = sum_squares / steps - average * average;
	int width = (int)strlen(timer->name);
	printf("%s: min %.3f  max %.3f \n", timer->name, min, max);
	printf("%*s  average %.3f std %.3f\n", width, "", average,
	       sqrt(variance > 0 ? variance : 0));
	if (moved == steps)
		printf("%s : %7.3f   <%7.3f\n", timer->name, average, sum / (double)moved);
	else if (moved > 0)
		printf("%s : %7.3f    %7.3f\n", timer->name, average, sum / (double)moved);
	else
		printf("%s : %7.3f   >%7.3f\n", timer->name, average, sum);
	return true;
}

int main(int argc, char **argv)
{
	int status = UTIL_EXIT_OK;

	if (!util_parse_help_only(argc, argv,
	                          "This is the PAPI clock resolution program.\n"
	                          "It measures the latency and resolution of PAPI's timers.\n",
	                          &status))
		return status;
	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	long long *values = malloc(SAMPLES * sizeof(*values));
	if (values == NULL) {
		fprintf(stderr, "%s: out of memory\n", util_program_name());
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	printf("Printing Clock latency and resolution.\n");
	util_print_rule('-', 47);
	for (size_t t = 0; t < UTIL_ARRAY_LENGTH(timers); t++)
		if (!measure(&timers[t], values))
			status = UTIL_EXIT_FAILURE;
	free(values);
	PAPI_shutdown();
	return status;
}
