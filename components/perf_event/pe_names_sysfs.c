// SPDX-License-Identifier: BSD-3-Clause
/* PMUs the kernel describes in sysfs (events/ and format/ files) and that
 * libpfm4 may not know, e.g. msr::tsc. Names are PMU::event[:modifiers]. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "services/first_use.h"
#include "util/error.h"
#include "pe_component.h"
#include "pe_sysfs_format.h"

#define SYSFS_PMU_ROOT "/sys/bus/event_source/devices"

struct sysfs_event {
	char name[128];
	char terms[256];
	char unit[PAPI_MIN_STR_LEN];
};

struct sysfs_pmu {
	char name[64];
	uint32_t type;
	int event_count;
	struct sysfs_event *events;
	int format_count;
	struct pe_format_field *formats;
};

/* Read on first use (a name, an enumeration, the event count), not at
 * init: a machine with a core PMU and uncore PMUs lists hundreds of event
 * files, some 3 system calls each. */
static struct sysfs_pmu *pmus;
static int pmu_count;
static int pmus_loaded;

bool pe_sysfs_read_line(const char *path, char *line, size_t line_len)
{
	FILE *file = fopen(path, "re");
	if (!file)
		return false;
	bool ok = fgets(line, (int)line_len, file) != NULL;
	fclose(file);
	if (ok)
		line[strcspn(line, "\n")] = '\0';
	return ok;
}

/* A bit number 0-63 at *cursor, digits only; advances past it. */
static bool parse_bit(const char **cursor, int *bit)
{
	if (**cursor < '0' || **cursor > '9')
		return false;
	char *end;
	long value = strtol(*cursor, &end, 10);
	if (value > 63)
		return false;
	*bit = (int)value;
	*cursor = end;
	return true;
}

/* "config:0-7,32-35" or "config1:9": disjoint ranges low[-high] separated
 * by commas, nothing else. */
bool pe_format_parse(const char *name, const char *spec, struct pe_format_field *field)
{
	static const char *const words[] = {"config:", "config1:", "config2:"};
	memset(field, 0, sizeof(*field));
	snprintf(field->name, sizeof(field->name), "%s", name);
	const char *cursor = NULL;
	for (int w = 0; w < 3 && !cursor; w++) {
		if (strncmp(spec, words[w], strlen(words[w])) == 0) {
			field->config_word = w;
			cursor = spec + strlen(words[w]);
		}
	}
	if (!cursor)
		return false;
	for (;;) {
		int low, high;
		if (field->range_count == PE_FORMAT_MAX_RANGES || !parse_bit(&cursor, &low))
			return false;
		high = low;
		if (*cursor == '-') {
			cursor++;
			if (!parse_bit(&cursor, &high) || high < low)
				return false;
		}
		/* Two ranges on one bit would mix two parts of a value there. */
		for (int r = 0; r < field->range_count; r++)
			if (low <= field->high[r] && field->low[r] <= high)
				return false;
		field->low[field->range_count] = low;
		field->high[field->range_count++] = high;
		if (*cursor != ',')
			return *cursor == '\0';
		cursor++;
	}
}

static bool is_event_file(const char *name)
{
	static const char *const suffixes[] = {".scale", ".unit", ".per-pkg", ".snapshot"};
	if (name[0] == '.')
		return false;
	size_t length = strlen(name);
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t suffix = strlen(suffixes[i]);
		if (length > suffix && strcmp(name + length - suffix, suffixes[i]) == 0)
			return false;
	}
	return true;
}

static void load_formats(struct sysfs_pmu *pmu, const char *dir)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/format", dir);
	DIR *formats = opendir(path);
	if (!formats)
		return;
	struct dirent *entry;
	while ((entry = readdir(formats))) {
		if (entry->d_name[0] == '.')
			continue;
		char spec[128], file[768];
		snprintf(file, sizeof(file), "%s/%s", path, entry->d_name);
		struct pe_format_field field;
		if (!pe_sysfs_read_line(file, spec, sizeof(spec)) ||
		    !pe_format_parse(entry->d_name, spec, &field))
			continue;
		struct pe_format_field *grown =
		    realloc(pmu->formats, sizeof(*grown) * (size_t)(pmu->format_count + 1));
		if (!grown)
			break;
		pmu->formats = grown;
		pmu->formats[pmu->format_count++] = field;
	}
	closedir(formats);
}

static void load_events(struct sysfs_pmu *pmu, const char *dir)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/events", dir);
	DIR *events = opendir(path);
	if (!events)
		return;
	struct dirent *entry;
	while ((entry = readdir(events))) {
		if (!is_event_file(entry->d_name))
			continue;
		struct sysfs_event event;
		memset(&event, 0, sizeof(event));
		char file[1024];
		snprintf(event.name, sizeof(event.name), "%.127s", entry->d_name);
		snprintf(file, sizeof(file), "%s/%s", path, entry->d_name);
		if (!pe_sysfs_read_line(file, event.terms, sizeof(event.terms)))
			continue;
		snprintf(file, sizeof(file), "%s/%s.unit", path, entry->d_name);
		pe_sysfs_read_line(file, event.unit, sizeof(event.unit));
		struct sysfs_event *grown =
		    realloc(pmu->events, sizeof(*grown) * (size_t)(pmu->event_count + 1));
		if (!grown)
			break;
		pmu->events = grown;
		pmu->events[pmu->event_count++] = event;
	}
	closedir(events);
}

static int compare_pmus(const void *a, const void *b)
{
	return strcmp(((const struct sysfs_pmu *)a)->name, ((const struct sysfs_pmu *)b)->name);
}

static int load_pmus(void)
{
	DIR *root = opendir(SYSFS_PMU_ROOT);
	if (!root)
		return PAPI_OK; /* no sysfs: libpfm4's events still work */
	struct dirent *entry;
	while ((entry = readdir(root))) {
		if (entry->d_name[0] == '.')
			continue;
		char dir[512], type_text[32], type_path[600];
		snprintf(dir, sizeof(dir), "%s/%s", SYSFS_PMU_ROOT, entry->d_name);
		snprintf(type_path, sizeof(type_path), "%s/type", dir);
		if (!pe_sysfs_read_line(type_path, type_text, sizeof(type_text)))
			continue;
		struct sysfs_pmu pmu;
		memset(&pmu, 0, sizeof(pmu));
		snprintf(pmu.name, sizeof(pmu.name), "%.63s", entry->d_name);
		pmu.type = (uint32_t)strtoul(type_text, NULL, 10);
		load_events(&pmu, dir);
		if (pmu.event_count == 0) {
			free(pmu.events);
			continue;
		}
		load_formats(&pmu, dir);
		struct sysfs_pmu *grown = realloc(pmus, sizeof(*grown) * (size_t)(pmu_count + 1));
		if (!grown) {
			free(pmu.events);
			free(pmu.formats);
			break;
		}
		pmus = grown;
		pmus[pmu_count++] = pmu;
	}
	closedir(root);
	if (pmu_count > 1)
		qsort(pmus, (size_t)pmu_count, sizeof(*pmus), compare_pmus);
	return PAPI_OK;
}

static void free_pmus(void)
{
	for (int p = 0; p < pmu_count; p++) {
		free(pmus[p].events);
		free(pmus[p].formats);
	}
	free(pmus);
	pmus = NULL;
	pmu_count = 0;
}

static void pmus_ready(void)
{
	first_use_run(&pmus_loaded, load_pmus);
}

void pe_sysfs_shutdown(void)
{
	first_use_undo(&pmus_loaded, free_pmus);
}

int pe_sysfs_event_count(void)
{
	pmus_ready();
	int total = 0;
	for (int p = 0; p < pmu_count; p++)
		total += pmus[p].event_count;
	return total;
}

void pe_sysfs_pmu_names(char *names, size_t names_len)
{
	pmus_ready();
	if (names_len == 0)
		return;
	names[0] = '\0';
	for (int p = 0; p < pmu_count; p++) {
		size_t used = strlen(names);
		snprintf(names + used, names_len - used, "%s%s", used ? ", " : "", pmus[p].name);
	}
}

static uint64_t make_cursor(int pmu, int event)
{
	return PE_SYSFS_CURSOR_FLAG | ((uint64_t)pmu << 32) | (uint32_t)event;
}

int pe_sysfs_enum(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	pmus_ready();
	int pmu = 0, event = 0;
	if (modifier == PAPI_ENUM_EVENTS) {
		pmu = (int)((*cursor & ~PE_SYSFS_CURSOR_FLAG) >> 32);
		event = (int)(uint32_t)*cursor + 1;
	} else if (modifier != PAPI_ENUM_FIRST) {
		return PAPI_ENOEVNT; /* sysfs events have no qualifiers to list */
	}
	while (pmu < pmu_count && event >= pmus[pmu].event_count) {
		pmu++;
		event = 0;
	}
	if (pmu >= pmu_count)
		return PAPI_ENOEVNT;
	*cursor = make_cursor(pmu, event);
	int written =
	    snprintf(name, name_len, "%s::%s", pmus[pmu].name, pmus[pmu].events[event].name);
	return written < (int)name_len ? PAPI_OK : PAPI_EBUF;
}

static const struct pe_format_field *find_format(const struct sysfs_pmu *pmu, const char *name)
{
	for (int f = 0; f < pmu->format_count; f++)
		if (strcmp(pmu->formats[f].name, name) == 0)
			return &pmu->formats[f];
	return NULL;
}

void pe_format_apply(const struct pe_format_field *field, uint64_t value,
                     struct perf_event_attr *attr)
{
	uint64_t *word = field->config_word == 0   ? (uint64_t *)&attr->config
	                 : field->config_word == 1 ? (uint64_t *)&attr->config1
	                                           : (uint64_t *)&attr->config2;
	for (int r = 0; r < field->range_count; r++) {
		int width = field->high[r] - field->low[r] + 1;
		uint64_t mask = width == 64 ? ~0ull : ((1ull << width) - 1);
		*word |= (value & mask) << field->low[r];
		value = width == 64 ? 0 : value >> width;
	}
}

static int apply_terms(const struct sysfs_pmu *pmu, const char *terms, struct perf_event_attr *attr)
{
	char copy[256];
	snprintf(copy, sizeof(copy), "%s", terms);
	char *save = NULL;
	for (char *term = strtok_r(copy, ",", &save); term; term = strtok_r(NULL, ",", &save)) {
		char *equals = strchr(term, '=');
		uint64_t value = 1;
		if (equals) {
			*equals = '\0';
			value = strtoull(equals + 1, NULL, 0);
		}
		const struct pe_format_field *field = find_format(pmu, term);
		if (!field)
			return papi_error_set(PAPI_EATTR, "PMU %s has no format field '%s'",
			                      pmu->name, term);
		pe_format_apply(field, value, attr);
	}
	return PAPI_OK;
}

/* Modifiers after the event name: u, k, h (and combinations like uk). */
static int apply_modifiers(const char *modifiers, struct pe_encoding *encoding)
{
	if (!*modifiers)
		return PAPI_OK;
	bool user = false, kernel = false, hypervisor = false;
	char copy[128];
	snprintf(copy, sizeof(copy), "%s", modifiers);
	char *save = NULL;
	for (char *item = strtok_r(copy, ":", &save); item; item = strtok_r(NULL, ":", &save)) {
		for (const char *letter = item; *letter; letter++) {
			if (*letter == 'u')
				user = true;
			else if (*letter == 'k')
				kernel = true;
			else if (*letter == 'h')
				hypervisor = true;
			else
				return papi_error_set(PAPI_EATTR,
				                      "unknown modifier '%s' (sysfs events take "
				                      "u, k and h)",
				                      item);
		}
	}
	encoding->attr.exclude_user = !user;
	encoding->attr.exclude_kernel = !kernel;
	encoding->attr.exclude_hv = !hypervisor;
	encoding->explicit_privilege = true;
	return PAPI_OK;
}

int pe_sysfs_resolve(const char *name, struct pe_encoding *encoding, uint64_t *cursor)
{
	const char *separator = strstr(name, "::");
	if (!separator)
		return PAPI_ENOEVNT;
	pmus_ready();
	size_t pmu_length = (size_t)(separator - name);
	const char *event_name = separator + 2;
	size_t event_length = strcspn(event_name, ":");
	for (int p = 0; p < pmu_count; p++) {
		const struct sysfs_pmu *pmu = &pmus[p];
		if (strlen(pmu->name) != pmu_length || strncmp(pmu->name, name, pmu_length) != 0)
			continue;
		for (int e = 0; e < pmu->event_count; e++) {
			const struct sysfs_event *event = &pmu->events[e];
			if (strlen(event->name) != event_length ||
			    strncmp(event->name, event_name, event_length) != 0)
				continue;
			memset(encoding, 0, sizeof(*encoding));
			encoding->attr.type = pmu->type;
			encoding->attr.size = sizeof(encoding->attr);
			snprintf(encoding->pmu, sizeof(encoding->pmu), "%s", pmu->name);
			int status = apply_terms(pmu, event->terms, &encoding->attr);
			if (status == PAPI_OK)
				status = apply_modifiers(event_name + event_length +
				                             (event_name[event_length] ? 1 : 0),
				                         encoding);
			if (status != PAPI_OK)
				return status;
			*cursor = make_cursor(p, e);
			return PAPI_OK;
		}
		return papi_error_set(PAPI_ENOEVNT, "PMU %s lists no event '%.*s'", pmu->name,
		                      (int)event_length, event_name);
	}
	return PAPI_ENOEVNT;
}

int pe_sysfs_info(uint64_t cursor, PAPI_event_info_t *info)
{
	pmus_ready();
	int pmu = (int)((cursor & ~PE_SYSFS_CURSOR_FLAG) >> 32);
	int event = (int)(uint32_t)cursor;
	if (pmu >= pmu_count || event >= pmus[pmu].event_count)
		return papi_error_set(PAPI_ENOEVNT, "no sysfs event at this position");
	const struct sysfs_event *found = &pmus[pmu].events[event];
	snprintf(info->short_descr, sizeof(info->short_descr), "%.*s",
	         (int)sizeof(info->short_descr) - 1, found->name);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s event %s (%s), from sysfs",
	         pmus[pmu].name, found->name, found->terms);
	snprintf(info->units, sizeof(info->units), "%s", found->unit);
	return PAPI_OK;
}
