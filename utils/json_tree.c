// SPDX-License-Identifier: BSD-3-Clause
// Recursive-descent JSON parser (RFC 8259) for the utilities' inputs.
#include "json_tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Deeper than any report nests; bounds the recursion on hostile input.
#define JSON_MAX_DEPTH 64

struct parser {
	const char *text, *at, *end;
	char *error;
	size_t error_len;
	int failed;
};

static void fail(struct parser *p, const char *what)
{
	if (p->failed)
		return;
	p->failed = 1;
	int line = 1, column = 1;
	for (const char *c = p->text; c < p->at; c++) {
		if (*c == '\n')
			line++, column = 1;
		else
			column++;
	}
	snprintf(p->error, p->error_len, "line %d, column %d: %s", line, column, what);
}

static void skip_space(struct parser *p)
{
	while (p->at < p->end &&
	       (*p->at == ' ' || *p->at == '\t' || *p->at == '\n' || *p->at == '\r'))
		p->at++;
}

static int literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(p->end - p->at) < n || memcmp(p->at, word, n) != 0)
		return 0;
	p->at += n;
	return 1;
}

static int hex4(struct parser *p, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++, p->at++) {
		if (p->at >= p->end)
			return 0;
		char c = *p->at;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return 0;
	}
	*out = v;
	return 1;
}

static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

// At the opening quote; the unescaped text is never longer than the source.
static char *parse_string(struct parser *p)
{
	const char *start = ++p->at;
	char *out = malloc((size_t)(p->end - start) + 1), *w = out;
	if (!out) {
		fail(p, "out of memory");
		return NULL;
	}
	while (p->at < p->end && *p->at != '"') {
		unsigned char c = (unsigned char)*p->at;
		if (c < 0x20) {
			fail(p, "control character in a string");
			break;
		}
		if (c != '\\') {
			*w++ = (char)c;
			p->at++;
			continue;
		}
		if (++p->at >= p->end)
			break;
		char e = *p->at++;
		unsigned cp, low;
		switch (e) {
		case '"':
		case '\\':
		case '/':
			*w++ = e;
			break;
		case 'b':
			*w++ = '\b';
			break;
		case 'f':
			*w++ = '\f';
			break;
		case 'n':
			*w++ = '\n';
			break;
		case 'r':
			*w++ = '\r';
			break;
		case 't':
			*w++ = '\t';
			break;
		case 'u':
			if (!hex4(p, &cp)) {
				fail(p, "bad \\u escape");
				break;
			}
			// A surrogate pair is one code point; a lone half is not text.
			if (cp >= 0xd800 && cp < 0xdc00 && p->end - p->at >= 6 &&
			    p->at[0] == '\\' && p->at[1] == 'u') {
				p->at += 2;
				if (!hex4(p, &low) || low < 0xdc00 || low > 0xdfff) {
					fail(p, "bad surrogate pair");
					break;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
			} else if (cp >= 0xd800 && cp < 0xe000) {
				cp = 0xfffd;
			}
			w += put_utf8(w, cp);
			break;
		default:
			p->at--;
			fail(p, "bad escape in a string");
		}
		if (p->failed)
			break;
	}
	if (!p->failed && p->at >= p->end)
		fail(p, "unterminated string");
	if (p->failed) {
		free(out);
		return NULL;
	}
	p->at++;
	*w = '\0';
	return out;
}

static int parse_value(struct parser *p, struct json_value *v, int depth);

static int append(struct parser *p, struct json_value *v, char *key, int depth)
{
	struct json_value *items = realloc(v->items, sizeof *items * (v->count + 1));
	if (!items) {
		free(key);
		fail(p, "out of memory");
		return 0;
	}
	v->items = items;
	if (v->type == JSON_OBJECT) {
		char **keys = realloc(v->keys, sizeof *keys * (v->count + 1));
		if (!keys) {
			free(key);
			fail(p, "out of memory");
			return 0;
		}
		v->keys = keys;
		v->keys[v->count] = key;
	}
	memset(&v->items[v->count], 0, sizeof v->items[0]);
	v->count++;
	return parse_value(p, &v->items[v->count - 1], depth + 1);
}

static int parse_container(struct parser *p, struct json_value *v, int depth)
{
	char close = v->type == JSON_OBJECT ? '}' : ']';
	p->at++;
	skip_space(p);
	if (p->at < p->end && *p->at == close) {
		p->at++;
		return 1;
	}
	for (;;) {
		char *key = NULL;
		skip_space(p);
		if (v->type == JSON_OBJECT) {
			if (p->at >= p->end || *p->at != '"') {
				fail(p, "expected a key (a string)");
				return 0;
			}
			if (!(key = parse_string(p)))
				return 0;
			skip_space(p);
			if (p->at >= p->end || *p->at != ':') {
				free(key);
				fail(p, "expected ':' after a key");
				return 0;
			}
			p->at++;
		}
		if (!append(p, v, key, depth))
			return 0;
		skip_space(p);
		if (p->at < p->end && *p->at == ',') {
			p->at++;
			continue;
		}
		if (p->at < p->end && *p->at == close) {
			p->at++;
			return 1;
		}
		fail(p, v->type == JSON_OBJECT ? "expected ',' or '}'" : "expected ',' or ']'");
		return 0;
	}
}

static int parse_number(struct parser *p, struct json_value *v)
{
	const char *s = p->at;
	if (s < p->end && *s == '-')
		s++;
	if (s >= p->end || !(*s >= '0' && *s <= '9')) {
		fail(p, "unexpected character");
		return 0;
	}
	// strtod accepts more than JSON (hex, inf): check the grammar's characters.
	const char *e = s;
	while (e < p->end && ((*e >= '0' && *e <= '9') || *e == '.' || *e == 'e' || *e == 'E' ||
	                      *e == '+' || *e == '-'))
		e++;
	char buf[64];
	size_t n = (size_t)(e - p->at);
	if (n >= sizeof buf) {
		fail(p, "number too long");
		return 0;
	}
	memcpy(buf, p->at, n);
	buf[n] = '\0';
	char *stop;
	v->type = JSON_NUMBER;
	v->number = strtod(buf, &stop);
	if (*stop != '\0') {
		fail(p, "malformed number");
		return 0;
	}
	p->at = e;
	return 1;
}

static int parse_value(struct parser *p, struct json_value *v, int depth)
{
	if (depth > JSON_MAX_DEPTH) {
		fail(p, "nested too deep");
		return 0;
	}
	skip_space(p);
	if (p->at >= p->end) {
		fail(p, "unexpected end of input");
		return 0;
	}
	switch (*p->at) {
	case '{':
		v->type = JSON_OBJECT;
		return parse_container(p, v, depth);
	case '[':
		v->type = JSON_ARRAY;
		return parse_container(p, v, depth);
	case '"':
		v->type = JSON_STRING;
		return (v->string = parse_string(p)) != NULL;
	case 't':
	case 'f':
		v->type = JSON_BOOL;
		v->number = *p->at == 't';
		if (literal(p, "true") || literal(p, "false"))
			return 1;
		break;
	case 'n':
		v->type = JSON_NULL;
		if (literal(p, "null"))
			return 1;
		break;
	default:
		return parse_number(p, v);
	}
	fail(p, "unexpected word");
	return 0;
}

static void json_clear(struct json_value *v)
{
	free(v->string);
	for (size_t i = 0; i < v->count; i++) {
		json_clear(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
}

void json_free(struct json_value *value)
{
	if (!value)
		return;
	json_clear(value);
	free(value);
}

struct json_value *json_parse(const char *text, size_t len, char *error, size_t error_len)
{
	struct parser p = {text, text, text + len, error, error_len, 0};
	struct json_value *root = calloc(1, sizeof *root);
	if (!root) {
		snprintf(error, error_len, "out of memory");
		return NULL;
	}
	if (parse_value(&p, root, 0)) {
		skip_space(&p);
		if (p.at != p.end)
			fail(&p, "text after the document");
	}
	if (p.failed) {
		json_free(root);
		return NULL;
	}
	return root;
}

struct json_value *json_parse_file(const char *path, char *error, size_t error_len)
{
	FILE *in = fopen(path, "rb");
	if (!in) {
		snprintf(error, error_len, "%s", strerror(errno));
		return NULL;
	}
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	do {
		if (len + 65536 > cap) {
			char *grown = realloc(text, cap = 2 * cap + 65536);
			if (!grown) {
				free(text);
				fclose(in);
				snprintf(error, error_len, "out of memory");
				return NULL;
			}
			text = grown;
		}
		got = fread(text + len, 1, cap - len, in);
		len += got;
	} while (got > 0);
	int read_error = ferror(in);
	fclose(in);
	struct json_value *root = NULL;
	if (read_error)
		snprintf(error, error_len, "read error");
	else
		root = json_parse(text, len, error, error_len);
	free(text);
	return root;
}

const struct json_value *json_get(const struct json_value *object, const char *key)
{
	if (!object || object->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < object->count; i++)
		if (strcmp(object->keys[i], key) == 0)
			return &object->items[i];
	return NULL;
}

int json_number(const struct json_value *value, double *out)
{
	if (!value)
		return 0;
	if (value->type == JSON_NUMBER) {
		*out = value->number;
		return 1;
	}
	if (value->type != JSON_STRING || !value->string[0])
		return 0;
	char *stop;
	errno = 0;
	double v = strtod(value->string, &stop);
	if (*stop != '\0' || errno)
		return 0;
	*out = v;
	return 1;
}
