// SPDX-License-Identifier: BSD-3-Clause
/* Derived events (derived.c): how the counts of several natives combine
 * into one event's value. The core evaluates them when it turns native
 * counts into event values; the preset parser (presets/parse.c) names the
 * kinds and checks postfix expressions with the same functions. */
#ifndef PAPILLON_CORE_DERIVED_H
#define PAPILLON_CORE_DERIVED_H

#include <stdbool.h>
#include <stddef.h>

/* How the natives of an event combine into its value. */
enum derived_kind {
	NOT_DERIVED = 0,
	DERIVED_ADD,
	DERIVED_SUB,
	DERIVED_POSTFIX,
};

/* Evaluates a derived combination of native values: never aborts; a
 * malformed postfix or a division by zero gives 0. */
long long derived_evaluate(int derived, const char *postfix, const long long *terms,
                           int term_count);
/* Whether postfix is a well-formed expression over term_count natives; if
 * not, why says what is wrong. */
bool derived_postfix_valid(const char *postfix, int term_count, char *why, size_t why_len);
/* "NOT_DERIVED", "DERIVED_ADD", ...: PAPI's names for enum derived_kind. */
const char *derived_kind_name(int derived);
/* The enum derived_kind of a name, or -1. */
int derived_kind_of_name(const char *name);

#endif
