// SPDX-License-Identifier: BSD-3-Clause
/* Preset definition tables: parsed from the data files (presets/NAME.presets,
 * format in presets/README.md), chosen by the detected CPU and PMUs, and
 * layered into one definition per preset.
 *
 *   preset_parse.c   text -> tables, with a message per rejected line
 *   preset_select.c  which tables apply to a CPU, in which order
 *   preset_detect.c  the CPU and the components' keys on this machine
 *   preset_keys.c    the key kinds components serve, and their ranks
 *   preset_sources.c which files to read (installed, built in, user's)
 *   presets.c        the definitions in force and their availability */
#ifndef PAPILLON_PRESET_TABLE_H
#define PAPILLON_PRESET_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "papi.h"

#define PRESET_NAME_LEN     64
#define PRESET_MATCH_VALUES 32

#define PRESET_KIND_LEN 16

/* What a "match" line tests. Declared from weakest to most specific: a
 * table's rank is that of its best matching line, and tables of a higher
 * rank come first. */
enum preset_match_kind {
	MATCH_ALWAYS, /* any machine (the generic table) */
	MATCH_ARCH,   /* the machine architecture (uname -m) */
	MATCH_VENDOR, /* x86 vendor and family, arm64 implementer, RISC-V mvendorid */
	MATCH_MODEL,  /* x86 model, arm64 MIDR part, POWER PVR, RISC-V marchid */
	/* A key a component serves (its PMU, say): MATCH_KEY plus how many of
	 * the component's kinds come after the line's kind (preset_keys.c). */
	MATCH_KEY,
};

/* The CPU identity words the core tests itself, then SOURCE_KEY: any other
 * word, a key kind of some component. */
enum preset_match_source {
	SOURCE_ALWAYS,
	SOURCE_ARCH,
	SOURCE_X86,
	SOURCE_MIDR,
	SOURCE_PVR,
	SOURCE_RISCV,
	SOURCE_KEY
};

struct preset_match {
	enum preset_match_source source;
	char kind[PRESET_KIND_LEN]; /* SOURCE_KEY: the key kind ("pfm") */
	int key_rank;               /* SOURCE_KEY: its rank, or -1 when no component serves it */
	bool user_only;             /* SOURCE_KEY: holds only in a user table */
	char name[PRESET_NAME_LEN]; /* arch, key (a trailing '*' matches a prefix), x86 vendor */
	long long id;               /* x86 family, MIDR implementer, mvendorid; -1: any */
	int value_count;            /* models, parts, PVR versions, marchids; 0: any */
	long long low[PRESET_MATCH_VALUES];
	long long high[PRESET_MATCH_VALUES];
};

/* One preset line. Strings point into text, which the entry owns. */
struct preset_entry {
	int index; /* preset index: code & PAPI_PRESET_AND_MASK */
	int derived;
	int term_count;
	const char *natives[PAPI_MAX_INFO_TERMS];
	const char *postfix; /* "" unless DERIVED_POSTFIX */
	const char *note;    /* "" if none */
	int line;
	char *text;
};

struct preset_table {
	char name[PRESET_NAME_LEN];
	char description[PAPI_MAX_STR_LEN];
	char file[PAPI_MIN_STR_LEN];
	int line;
	bool user; /* from PAPI_USER_EVENTS_FILE: comes before every built-in table */
	int match_count;
	struct preset_match *matches;
	int entry_count;
	struct preset_entry *entries;
};

/* Every table read, and a message for every line that was rejected. */
struct preset_library {
	int table_count;
	struct preset_table *tables;
	int message_count;
	char **messages; /* "file:line: what is wrong" */
};

/* Parses one file's text into library. Malformed lines are left out with a
 * message naming file and line; the rest loads. With user set, preset lines
 * before any "table" line form a table that applies everywhere. Returns the
 * number of messages added, or PAPI_ENOMEM. */
int preset_library_parse(struct preset_library *library, const char *file, const char *text,
                         bool user);
/* Records a message about the library's sources (a file that cannot be read). */
void preset_library_message(struct preset_library *library, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void preset_library_free(struct preset_library *library);

/* The CPU and the components' keys that decide which tables apply. Empty
 * or -1 fields are unknown and match nothing. */
#define PRESET_MAX_KEYS_PER_KIND 32
#define PRESET_MAX_KEYS          128
struct preset_key {
	char kind[PRESET_KIND_LEN]; /* "pfm" */
	char name[PRESET_NAME_LEN]; /* "skl" */
};
struct preset_cpu {
	char arch[PRESET_NAME_LEN]; /* "x86_64", "aarch64", "ppc64le", ... */
	struct preset_key keys[PRESET_MAX_KEYS];
	int key_count;
	char x86_vendor[PRESET_NAME_LEN]; /* "GenuineIntel", "AuthenticAMD", ... */
	long long x86_family, x86_model;
	long long midr_implementer, midr_part;
	long long pvr_version; /* PVR >> 16 */
	long long riscv_mvendorid, riscv_marchid;
};

/* An empty description: nothing known. */
void preset_cpu_clear(struct preset_cpu *cpu);
/* Adds the "<kind>:<name>" words of a component's pmu_names ("pfm:skl
 * sysfs:cpu ..."); at most PRESET_MAX_KEYS_PER_KIND of each kind. */
void preset_cpu_add_pmu_names(struct preset_cpu *cpu, const char *names);
/* This machine: architecture, identity from PAPI_hw_info_t, keys from the
 * ready components. */
void preset_cpu_detect(struct preset_cpu *cpu);
/* One line saying what was detected, for messages. */
void preset_cpu_describe(const struct preset_cpu *cpu, char *text, size_t len);

/* The rank of a match line of key kind word (MATCH_KEY and up, from the
 * compiled-in components' preset_key_kinds), or -1 when no component
 * serves that kind (preset_keys.c). */
int preset_key_kind_rank(const char *word);
/* Whether a kind's tables apply only from PAPI_USER_EVENTS_FILE. */
bool preset_key_kind_user_only(const char *word);
/* "pfm, sysfs, ...": every key kind of the compiled-in components. */
void preset_key_kinds_list(char *text, size_t len);
/* Whether word names a component of the tree that this build left out:
 * its tables never match here, and that is no mistake of the file. */
bool preset_key_kind_left_out(const char *word);
/* What a kind's names are ("libpfm4 core PMUs"), or NULL. */
const char *preset_key_kind_what(const char *word);

/* The tables of library that apply to cpu, most specific first (user
 * tables before all others); returns how many were stored in layers. */
int preset_select(const struct preset_library *library, const struct preset_cpu *cpu,
                  const struct preset_table **layers, int max_layers);
/* The first definition of preset index in layers, and its table. */
const struct preset_entry *preset_layers_find(const struct preset_table *const *layers,
                                              int layer_count, int index,
                                              const struct preset_table **table);

/* The files to read (preset_sources.c): the installed data directory, or
 * the copy compiled into the library, then PAPI_USER_EVENTS_FILE. */
void preset_library_load(struct preset_library *library);

/* The data files as compiled in (preset_builtin.c, generated at build). */
struct preset_source {
	const char *file;
	const char *text;
};
extern const struct preset_source preset_builtin_sources[];
extern const int preset_builtin_source_count;
extern const char preset_install_dir[];

#endif
