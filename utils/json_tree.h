// SPDX-License-Identifier: BSD-3-Clause
// A small JSON reader for the utilities: parses a whole document into a
// tree. Objects keep their keys in file order (the high-level files are
// ordered: regions by id, events as counted).
#ifndef PAPILLON_JSON_TREE_H
#define PAPILLON_JSON_TREE_H

#include <stddef.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json_value {
	enum json_type type;
	double number; // JSON_NUMBER, JSON_BOOL (0 or 1)
	char *string;  // JSON_STRING: unescaped, NUL-terminated
	size_t count;  // JSON_ARRAY, JSON_OBJECT: members
	char **keys;   // JSON_OBJECT: one per member
	struct json_value *items;
};

// Parses text (len bytes). Returns the root, or NULL with a message in
// error (line and column of the fault).
struct json_value *json_parse(const char *text, size_t len, char *error, size_t error_len);
// Reads and parses a file; NULL with the reason in error.
struct json_value *json_parse_file(const char *path, char *error, size_t error_len);
void json_free(struct json_value *value);

// The member named key of an object, or NULL.
const struct json_value *json_get(const struct json_value *object, const char *key);
// A number, or a string holding a decimal number (PAPI writes counts as
// strings): 1 and *out set, else 0.
int json_number(const struct json_value *value, double *out);

#endif
