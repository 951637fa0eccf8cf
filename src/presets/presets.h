// SPDX-License-Identifier: BSD-3-Clause
/* Preset events: PAPI's standard names, their descriptions, and (where a
 * definition exists for this machine) the native events behind them. */
#ifndef PAPILLON_PRESETS_H
#define PAPILLON_PRESETS_H

#include "papi.h"

struct preset_name {
	const char *symbol;
	const char *short_descr;
	const char *long_descr;
};
/* Indexed by preset index (code & PAPI_PRESET_AND_MASK). */
extern const struct preset_name preset_names[];
extern const int preset_name_count;

/* How a preset is counted here. */
struct preset_definition {
	int derived; /* enum derived_kind (core/derived.h) */
	int term_count;
	int native_codes[PAPI_MAX_INFO_TERMS];
	char postfix[PAPI_2MAX_STR_LEN];
	char note[PAPI_HUGE_STR_LEN];
};

/* PAPI_ENOTPRESET unless code is a preset code. */
int preset_check_code(int code);
int preset_find_name(const char *name, int *code);
/* The definition used on this machine; PAPI_ENOEVNT with a reason if the
 * preset has none here. */
int preset_definition(int code, const struct preset_definition **definition);
int preset_fill_info(int code, PAPI_event_info_t *info);
/* Whether the preset can be counted here (checked once, cached). */
int preset_available(int code);
/* Message 0: the tables in use and what was detected; 1..n: each rejected
 * definition line ("file:line: why"). PAPI_ENOEVNT past the last. */
int presets_message(int index, char *text, int len);
/* Forgets the tables and every cached check (at shutdown). */
void presets_reset(void);

#endif
