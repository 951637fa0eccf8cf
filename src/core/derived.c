// SPDX-License-Identifier: BSD-3-Clause
/* Derived events: how the counts of a preset's native events combine.
 *
 * Postfix expressions are PAPI's: tokens separated by '|' (the last one
 * optional): N<index> (a native's count), an integer or real constant, MHZ
 * (the CPU clock in MHz) and the operators + - * /. Evaluation never aborts:
 * a malformed expression gives 0, and so does a division by zero. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "core/derived.h"
#include "core/library.h"

#define POSTFIX_STACK_DEPTH (PAPI_MAX_INFO_TERMS * 2)
#define POSTFIX_TOKEN_LEN   64

enum token_kind { TOKEN_TERM, TOKEN_NUMBER, TOKEN_MHZ, TOKEN_OPERATOR, TOKEN_BAD };

struct postfix_token {
	enum token_kind kind;
	int term;      /* TOKEN_TERM */
	double number; /* TOKEN_NUMBER */
	char op;       /* TOKEN_OPERATOR */
};

/* "N" followed by decimal digits only. */
static bool parse_term(const char *text, int *term)
{
	if (text[0] != 'N' || !isdigit((unsigned char)text[1]))
		return false;
	long value = 0;
	for (const char *digit = text + 1; *digit; digit++) {
		if (!isdigit((unsigned char)*digit) || value > PAPI_MAX_INFO_TERMS)
			return false;
		value = value * 10 + (*digit - '0');
	}
	*term = (int)value;
	return true;
}

static struct postfix_token classify(const char *text)
{
	struct postfix_token token = {TOKEN_BAD, 0, 0.0, 0};
	if (text[0] && !text[1] && strchr("+-*/", text[0])) {
		token.kind = TOKEN_OPERATOR;
		token.op = text[0];
	} else if (parse_term(text, &token.term)) {
		token.kind = TOKEN_TERM;
	} else if (strcmp(text, "MHZ") == 0) {
		token.kind = TOKEN_MHZ;
	} else if (text[0] && (isdigit((unsigned char)text[0]) || text[0] == '.')) {
		char *end;
		token.number = strtod(text, &end);
		if (!*end)
			token.kind = TOKEN_NUMBER;
	}
	return token;
}

/* Copies the next token into token; returns the cursor after it, or NULL
 * at the end. A token too long for the buffer is returned empty-and-bad. */
static const char *next_token(const char *cursor, char token[POSTFIX_TOKEN_LEN], bool *too_long)
{
	while (*cursor == '|')
		cursor++;
	if (!*cursor)
		return NULL;
	size_t length = strcspn(cursor, "|");
	*too_long = length >= POSTFIX_TOKEN_LEN;
	size_t kept = *too_long ? 0 : length;
	memcpy(token, cursor, kept);
	token[kept] = '\0';
	return cursor + length;
}

/* Runs the expression; with terms == NULL it only checks it. */
static bool run_postfix(const char *postfix, const long long *terms, int term_count, double mhz,
                        double *result, char *why, size_t why_len)
{
	double stack[POSTFIX_STACK_DEPTH];
	int depth = 0;
	char text[POSTFIX_TOKEN_LEN];
	bool too_long = false;
	const char *cursor = postfix ? postfix : "";
	while ((cursor = next_token(cursor, text, &too_long))) {
		struct postfix_token token = classify(text);
		if (too_long || token.kind == TOKEN_BAD) {
			snprintf(why, why_len, "'%s' is not a term, number, MHZ or operator",
			         too_long ? "(overlong token)" : text);
			return false;
		}
		if (token.kind == TOKEN_OPERATOR) {
			if (depth < 2) {
				snprintf(why, why_len, "operator '%c' lacks an operand", token.op);
				return false;
			}
			double right = stack[--depth], left = stack[--depth];
			stack[depth++] = token.op == '+'   ? left + right
			                 : token.op == '-' ? left - right
			                 : token.op == '*' ? left * right
			                 : right != 0.0    ? left / right
			                                   : 0.0;
			continue;
		}
		if (depth >= POSTFIX_STACK_DEPTH) {
			snprintf(why, why_len, "more than %d operands pending",
			         POSTFIX_STACK_DEPTH);
			return false;
		}
		if (token.kind == TOKEN_TERM && token.term >= term_count) {
			snprintf(why, why_len, "N%d names no native event (there are %d)",
			         token.term, term_count);
			return false;
		}
		stack[depth++] = token.kind == TOKEN_TERM
		                     ? (terms ? (double)terms[token.term] : 1.0)
		                 : token.kind == TOKEN_MHZ ? mhz
		                                           : token.number;
	}
	if (depth != 1) {
		snprintf(why, why_len, "%s",
		         depth == 0 ? "the expression is empty"
		                    : "the expression leaves several values");
		return false;
	}
	*result = stack[0];
	return true;
}

bool derived_postfix_valid(const char *postfix, int term_count, char *why, size_t why_len)
{
	double ignored;
	return run_postfix(postfix, NULL, term_count, 1.0, &ignored, why, why_len);
}

long long derived_evaluate(int derived, const char *postfix, const long long *terms, int term_count)
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
	case DERIVED_POSTFIX: {
		double value;
		char why[128];
		if (!run_postfix(postfix, terms, term_count,
		                 (double)papillon_library.hardware.cpu_max_mhz, &value, why,
		                 sizeof(why)))
			return 0;
		/* Out of a long long's range (or NaN) is no count either. */
		if (!(value > -9.2e18 && value < 9.2e18))
			return 0;
		return (long long)value;
	}
	default:
		return term_count ? terms[0] : 0;
	}
}

static const char *const derived_names[] = {
    [NOT_DERIVED] = "NOT_DERIVED",
    [DERIVED_ADD] = "DERIVED_ADD",
    [DERIVED_SUB] = "DERIVED_SUB",
    [DERIVED_POSTFIX] = "DERIVED_POSTFIX",
};

const char *derived_kind_name(int derived)
{
	if (derived < 0 || derived >= (int)(sizeof(derived_names) / sizeof(derived_names[0])))
		return "NOT_DERIVED";
	return derived_names[derived];
}

int derived_kind_of_name(const char *name)
{
	for (int k = 0; k < (int)(sizeof(derived_names) / sizeof(derived_names[0])); k++)
		if (strcmp(derived_names[k], name) == 0)
			return k;
	return -1;
}
