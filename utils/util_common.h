// SPDX-License-Identifier: BSD-3-Clause
/* What the PAPI utilities (papi_avail, papi_native_avail, ...) share:
 * option parsing, library start-up, error reporting with Papillon's reasons,
 * the hardware header, the boxed tables and the event descriptions.
 *
 * Only the public API is used, so every utility also builds against PAPI's
 * own papi.h and runs on its libpapi; Papillon's extensions are used where
 * papi.h defines PAPILLON. */
#ifndef PAPILLON_UTIL_COMMON_H
#define PAPILLON_UTIL_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "papi.h"

/* Width of rules and boxes, as PAPI's utilities print them. */
#define UTIL_LINE_WIDTH 80
/* Number of elements of an array (not of a pointer). */
#define UTIL_ARRAY_LENGTH(array) (sizeof(array) / sizeof((array)[0]))
/* Room for any reason or error text the utilities print. */
#define UTIL_REASON_LEN PAPI_HUGE_STR_LEN

enum util_exit_status {
	UTIL_EXIT_OK = 0,
	UTIL_EXIT_FAILURE = 1, /* the library refused or failed something */
	UTIL_EXIT_USAGE = 2,   /* the command line was wrong */
};

/* ------------------------------------------------------------------------
 * Command line
 * ------------------------------------------------------------------------ */

/* One option of a utility. Options match whole arguments ("-e", "--check",
 * "-sde"), because PAPI's utilities mix one-dash words with letters; a value
 * follows as the next argument, or after '=' for a long option. */
struct util_option {
	int id;                 /* > 0, returned by util_options_next */
	const char *short_name; /* "-e", or NULL */
	const char *long_name;  /* "--check", or NULL */
	const char *argument;   /* "EVENTNAME" if the option takes a value, else NULL */
	const char *help;
	const char *section; /* heading printed before this option by the help, or NULL */
};

struct util_options {
	const struct util_option *table;
	size_t count;
	int argc;
	char **argv;
	int next_index;
	bool operands_only; /* set by "--": the rest are operands */
};

enum {
	UTIL_OPTION_END = 0,      /* no arguments left */
	UTIL_OPTION_OPERAND = -1, /* a non-option argument, in *value */
	UTIL_OPTION_ERROR = -2,   /* reported on stderr already */
	UTIL_OPTION_HELP = 1,     /* -h/--help in util_parse_flags's tables */
};

/* Remembers the program name (for messages) and the table. */
void util_options_init(struct util_options *options, const struct util_option *table, size_t count,
                       int argc, char **argv);
/* The id of the next option (its value in *value), UTIL_OPTION_OPERAND,
 * UTIL_OPTION_END or UTIL_OPTION_ERROR. */
int util_options_next(struct util_options *options, const char **value);
/* Prints the table as a help text, one option per line, with its sections. */
void util_options_print(FILE *out, const struct util_option *table, size_t count);
/* Prints "Try '<program> --help'" after a usage error; returns UTIL_EXIT_USAGE. */
int util_usage_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* The whole command line of a utility whose options are -h/--help (id
 * UTIL_OPTION_HELP) and flags without a value: each flag given sets
 * flags[its id]; -h prints description, the usage and the table; an
 * operand or an unknown option is a usage error. Returns true when the
 * program should go on, else false with its status. */
bool util_parse_flags(int argc, char **argv, const char *description,
                      const struct util_option *table, size_t count, bool *flags, int *exit_status);
/* util_parse_flags for a utility whose only option is -h/--help. */
bool util_parse_help_only(int argc, char **argv, const char *description, int *exit_status);
/* Parses a whole decimal number in [minimum, maximum]. */
bool util_parse_long(const char *text, long minimum, long maximum, long *value);
/* The name the program was started as, without its directory. */
const char *util_program_name(void);

/* ------------------------------------------------------------------------
 * Library and errors
 * ------------------------------------------------------------------------ */

/* PAPI_library_init; on failure reports why and returns false. */
bool util_library_init(void);
/* util_library_init, then PAPI_get_hardware_info; on failure reports why,
 * shuts the library down and returns NULL. */
const PAPI_hw_info_t *util_hardware_info(void);
/* util_library_init, then the version of the library that runs (which can
 * differ from the header's); on failure reports why, shuts the library
 * down and returns false. */
bool util_library_version(int *version);
/* Prints label, then version as major.minor.revision.increment, and a new
 * line. */
void util_print_version(const char *label, int version);
/* The text of a PAPI error code; never NULL. */
const char *util_error_text(int code);
/* The reason the library recorded for this thread's last failing call
 * (Papillon's PAPI_strreason), or "" when the library gives none. Read it
 * right after the failing call: any later call may replace it. */
void util_last_reason(char *reason, size_t len);
/* Prints "<program>: <what>: <error text>" and the reason, if any, to stderr. */
void util_report_error(const char *what, int code);
/* Prints "<prefix><reason>\n" to out if reason is not empty. */
void util_print_reason(FILE *out, const char *prefix, const char *reason);

/* A component's information, after looking at its first event: components
 * that start lazily (PAPI's rocm_smi) tell their real status only then. */
const PAPI_component_info_t *util_component_info(int cidx);

/* Can this event count on this machine? Returns PAPI_OK, or an error with
 * reason filled (Papillon's reason, else the error text). Uses Papillon's
 * PAPI_event_reason, else adds, starts and stops the event in a scratch set. */
int util_event_check(int event_code, char *reason, size_t len);

/* Counts failures by kind of reason, so that many failed checks read as a
 * few lines, each naming its reason. A reason that names its event is
 * counted with the event's name taken out; its kind is its text up to the
 * first ": " (what follows is the event's own detail: its unit masks, say). */
#define UTIL_TALLY_SLOTS      16
#define UTIL_TALLY_REASON_LEN (PAPI_MAX_STR_LEN * 2)
struct util_reason_tally {
	int total;    /* failures added */
	int distinct; /* slots in use */
	int unsorted; /* failures whose kind found no free slot */
	struct {
		char kind[UTIL_TALLY_REASON_LEN];
		char general[UTIL_TALLY_REASON_LEN]; /* the first reason, its event taken out */
		char example[UTIL_TALLY_REASON_LEN]; /* the first reason, as given */
		bool details_differ;                 /* another reason of the kind differed */
		int count;
	} slots[UTIL_TALLY_SLOTS];
};
/* Adds the failure of event `symbol` (may be NULL) for reason. */
void util_reason_tally_add(struct util_reason_tally *tally, const char *symbol, const char *reason);
/* Prints every kind, most frequent first, each after indent: the reason
 * itself when all of its kind were alike, else the kind with an example. */
void util_reason_tally_print(const struct util_reason_tally *tally, const char *indent);

/* ------------------------------------------------------------------------
 * Output
 * ------------------------------------------------------------------------ */

/* A line of width copies of fill. */
void util_print_rule(char fill, int width);
/* The title, a rule, the version and hardware block every listing starts
 * with, and a closing rule. Returns false (after reporting) without
 * hardware information. */
bool util_print_hardware_header(const char *title);
/* Prints text inside papi_native_avail's 80-column box: "|", indent spaces,
 * the text wrapped at word boundaries, "|" at column 80. */
void util_print_boxed(int indent, const char *text);

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

/* First event of a kind: mask is PAPI_PRESET_MASK, PAPI_UE_MASK or
 * PAPI_NATIVE_MASK (then cidx names the component). */
bool util_enum_first(int *code, int mask, int cidx);
/* Next event for modifier; false at the end. Stops too if the library hands
 * back the code it was given, so a faulty enumeration cannot loop forever. */
bool util_enum_next(int *code, int modifier, int cidx);

/* Looks an event up by name; if it is unknown, says so (with the reason)
 * on stdout the way PAPI's utilities do, and returns false. */
bool util_lookup_event(const char *name, int *code, PAPI_event_info_t *info);
/* "Yes" for events computed from several counters, "No" otherwise. */
const char *util_derived_flag(const PAPI_event_info_t *info);
/* True if the name carries a qualifier ("EVENT:UMASK", "pmu::EVENT:u=0"). */
bool util_has_qualifier(const char *symbol);
/* True for a qualifier that is a setting ("u=0", "period=0") not a unit mask. */
bool util_is_flag_qualifier(const char *qualifier);
/* The ":QUALIFIER" part of qualified_symbol, whose event is base_symbol. */
const char *util_qualifier_name(const char *base_symbol, const char *qualified_symbol);
/* What a qualifier adds to its event's description. */
const char *util_qualifier_description(const char *base_description,
                                       const char *qualified_description);

/* papi_avail's preset table: heading and one row. */
void util_print_preset_heading(bool with_avail_column);
void util_print_preset_row(const PAPI_event_info_t *info, const char *avail_column);
/* papi_avail -d: heading and one event in its multi-line form. */
void util_print_preset_detail_heading(void);
void util_print_preset_detail(const PAPI_event_info_t *info);
/* papi_avail -e: everything known about one preset or native event. */
void util_print_event_detail(const PAPI_event_info_t *info);

#endif
