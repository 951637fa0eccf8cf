/* Preset lookup and derived arithmetic. Definitions per CPU are data loaded
 * by the preset tables; without one, a preset is honestly unavailable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "papi.h"
#include "error.h"
#include "library.h"
#include "presets.h"

int preset_check_code(int code)
{
	if (!(code & PAPI_PRESET_MASK) || (code & PAPI_NATIVE_MASK))
		return papi_error_set(PAPI_ENOTPRESET, "%#x is not a preset code", (unsigned)code);
	int index = code & PAPI_PRESET_AND_MASK;
	if (index >= preset_name_count)
		return papi_error_set(PAPI_ENOTPRESET, "%#x is past the last preset",
				      (unsigned)code);
	return PAPI_OK;
}

int preset_find_name(const char *name, int *code)
{
	for (int i = 0; i < preset_name_count; i++) {
		if (strcasecmp(preset_names[i].symbol, name) == 0) {
			*code = i | PAPI_PRESET_MASK;
			return PAPI_OK;
		}
	}
	return PAPI_ENOEVNT;
}

static const char *no_definition_reason(void)
{
	for (int c = 0; c < papillon_component_count; c++)
		if (papillon_library.component_info[c].num_cntrs > 0)
			return "no preset table defines it for this CPU";
	return "no hardware PMU is exposed to this system, so no preset can count";
}

int preset_definition(int code, const struct preset_definition **definition)
{
	int status = preset_check_code(code);
	if (status != PAPI_OK)
		return status;
	*definition = NULL;
	return papi_error_set(PAPI_ENOEVNT, "%s is not available: %s",
			      preset_names[code & PAPI_PRESET_AND_MASK].symbol,
			      no_definition_reason());
}

int preset_available(int code)
{
	const struct preset_definition *definition;
	return preset_definition(code, &definition) == PAPI_OK;
}

int preset_fill_info(int code, PAPI_event_info_t *info)
{
	int status = preset_check_code(code);
	if (status != PAPI_OK)
		return status;
	const struct preset_name *preset = &preset_names[code & PAPI_PRESET_AND_MASK];
	memset(info, 0, sizeof(*info));
	info->event_code = (unsigned)code;
	info->component_index = 0;
	snprintf(info->symbol, sizeof(info->symbol), "%s", preset->symbol);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", preset->short_descr);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s", preset->long_descr);
	const struct preset_definition *definition;
	if (preset_definition(code, &definition) == PAPI_OK && definition) {
		info->count = (unsigned)definition->term_count;
		snprintf(info->postfix, sizeof(info->postfix), "%s", definition->postfix);
		snprintf(info->note, sizeof(info->note), "%s", definition->note);
	} else {
		papi_error_clear(); /* unavailable is not a failure of this call */
	}
	return PAPI_OK;
}

void presets_reset(void)
{
}

/* Postfix: tokens separated by '|': N<index>, integer or real constants,
 * "MHZ" (the CPU clock), and + - * /. A malformed expression gives 0 rather
 * than a crash; division by zero gives 0. */
static long long evaluate_postfix(const char *postfix, const long long *terms, int term_count)
{
	double stack[PAPI_MAX_INFO_TERMS * 2];
	int depth = 0;
	const char *cursor = postfix;
	while (*cursor) {
		const char *end = strchr(cursor, '|');
		size_t length = end ? (size_t)(end - cursor) : strlen(cursor);
		char token[64];
		if (length >= sizeof(token))
			return 0;
		memcpy(token, cursor, length);
		token[length] = '\0';
		cursor += length + (end ? 1 : 0);
		if (length == 0)
			continue;
		if (length == 1 && strchr("+-*/", token[0])) {
			if (depth < 2)
				return 0;
			double right = stack[--depth], left = stack[--depth];
			double result = token[0] == '+'   ? left + right
					: token[0] == '-' ? left - right
					: token[0] == '*' ? left * right
					: right != 0.0    ? left / right
							  : 0.0;
			stack[depth++] = result;
			continue;
		}
		if (depth >= (int)(sizeof(stack) / sizeof(stack[0])))
			return 0;
		if (token[0] == 'N') {
			int index = atoi(token + 1);
			if (index < 0 || index >= term_count)
				return 0;
			stack[depth++] = (double)terms[index];
		} else if (strcmp(token, "MHZ") == 0) {
			stack[depth++] = (double)papillon_library.hardware.cpu_max_mhz;
		} else {
			char *number_end;
			double value = strtod(token, &number_end);
			if (*number_end)
				return 0;
			stack[depth++] = value;
		}
	}
	return depth == 1 ? (long long)stack[0] : 0;
}

long long derived_evaluate(int derived, const char *postfix, const long long *terms,
			   int term_count)
{
	long long result = 0;
	switch (derived) {
	case DERIVED_ADD:
		for (int t = 0; t < term_count; t++)
			result += terms[t];
		return result;
	case DERIVED_SUB:
		result = term_count ? terms[0] : 0;
		for (int t = 1; t < term_count; t++)
			result -= terms[t];
		return result;
	case DERIVED_POSTFIX:
		return evaluate_postfix(postfix, terms, term_count);
	default:
		return term_count ? terms[0] : 0;
	}
}
