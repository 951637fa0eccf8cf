// SPDX-License-Identifier: BSD-3-Clause
/* papi_decode: the preset events as comma-separated text, one line each:
 * name, how it is derived, its postfix formula, descriptions, note and the
 * native events behind it, for a spreadsheet or a preset table draft. */
#include <string.h>

#include "util_common.h"

enum decode_option { OPTION_AVAIL = UTIL_OPTION_HELP + 1, OPTION_COUNT };

static const struct util_option decode_options[] = {
    {UTIL_OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
    {OPTION_AVAIL, "-a", "--avail", NULL, "decode only available PAPI preset events", NULL},
};

/* A text field in double quotes; a quote inside is doubled, as CSV wants. */
static void print_quoted(const char *text)
{
	putchar(',');
	putchar('"');
	for (; *text; text++) {
		if (*text == '"')
			putchar('"');
		putchar(*text);
	}
	putchar('"');
}

static void print_preset(const PAPI_event_info_t *info)
{
	printf("%s,%s,%s", info->symbol, info->derived, info->postfix);
	print_quoted(info->short_descr);
	print_quoted(info->long_descr);
	print_quoted(info->note);
	for (unsigned int i = 0; i < info->count && i < PAPI_MAX_INFO_TERMS; i++)
		printf(",%s", info->name[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	bool flags[OPTION_COUNT] = {false};
	int status, code;

	if (!util_parse_flags(argc, argv,
	                      "This is the PAPI decode utility program.\n"
	                      "It decodes PAPI preset events into csv formatted text.\n"
	                      "By default all presets are decoded.\n"
	                      "The text goes to stdout, but can be piped to a file.\n",
	                      decode_options, UTIL_ARRAY_LENGTH(decode_options), flags, &status))
		return status;
	bool avail_only = flags[OPTION_AVAIL];
	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	printf("name,derived,postfix,short_descr,long_descr,note,[native,...]\n\n");
	int modifier = avail_only ? PAPI_PRESET_ENUM_AVAIL : PAPI_ENUM_EVENTS;
	if (util_enum_first(&code, PAPI_PRESET_MASK, -1)) {
		do {
			PAPI_event_info_t info;
			if (PAPI_get_event_info(code, &info) != PAPI_OK)
				continue;
			if (avail_only && info.count == 0)
				continue;
			print_preset(&info);
		} while (util_enum_next(&code, modifier, -1));
	}
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
