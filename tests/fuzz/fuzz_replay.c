// SPDX-License-Identifier: BSD-3-Clause
/* The fuzz targets' run in make check, without libFuzzer: every input of
 * the target's corpus in the tree (the seeds and every input a long run
 * found to break a rule, kept as regression tests), then a fixed number of
 * mutations of them (bytes changed, inserted, deleted, items spliced from
 * another input) from a fixed random seed, so that the run is the same
 * each time. scripts/fuzz runs the same targets under libFuzzer.
 *
 *   fuzz_replay_TARGET [MUTATIONS]   (default 20000; the corpus is built in) */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_target.h"

#ifndef FUZZ_CORPUS
#error "FUZZ_CORPUS: the directory of the target's corpus"
#endif

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

#define MAX_INPUTS 256
#define MAX_SIZE   4096

static unsigned char *inputs[MAX_INPUTS];
static size_t sizes[MAX_INPUTS];
static int input_count;

static unsigned long long rng = 0x2545F4914F6CDD1Dull;

static unsigned next_random(unsigned bound)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return bound ? (unsigned)((rng >> 11) % bound) : 0;
}

/* Names in order for qsort. */
static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_corpus(void)
{
	DIR *dir = opendir(FUZZ_CORPUS);
	struct dirent *entry;
	if (!dir) {
		/* The lab's guests run the tests/ programs without the source
		 * tree; make check always has it (FUZZ_CORPUS is in srcdir). */
		printf("SKIPPED: no corpus at %s (a machine without the source tree)\n",
		       FUZZ_CORPUS);
		exit(77);
	}
	/* Sorted by name, so the mutations are the same on every file system. */
	char *names[MAX_INPUTS];
	int count = 0;
	while ((entry = readdir(dir)) && count < MAX_INPUTS)
		if (entry->d_name[0] != '.')
			names[count++] = strdup(entry->d_name);
	closedir(dir);
	qsort(names, (size_t)count, sizeof names[0], compare_names);
	for (int i = 0; i < count; i++) {
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", FUZZ_CORPUS, names[i]);
		FILE *file = fopen(path, "rb");
		free(names[i]);
		if (!file)
			continue;
		unsigned char *data = malloc(MAX_SIZE);
		size_t size = data ? fread(data, 1, MAX_SIZE, file) : 0;
		fclose(file);
		if (!data)
			continue;
		inputs[input_count] = data;
		sizes[input_count++] = size;
	}
}

static size_t mutate(unsigned char *out, const unsigned char *in, size_t size)
{
	memcpy(out, in, size);
	for (unsigned edits = 1 + next_random(4); edits > 0; edits--) {
		unsigned at = size ? next_random((unsigned)size) : 0;
		switch (next_random(5)) {
		case 0: /* change a byte */
			if (size)
				out[at] = (unsigned char)next_random(256);
			break;
		case 1: /* a byte in */
			if (size < MAX_SIZE) {
				memmove(out + at + 1, out + at, size - at);
				out[at] =
				    (unsigned char)" ,:=-0123456789aux\n\t:::"[next_random(23)];
				size++;
			}
			break;
		case 2: /* a byte out */
			if (size) {
				memmove(out + at, out + at + 1, size - at - 1);
				size--;
			}
			break;
		case 3: { /* a piece of another input */
			int other = (int)next_random((unsigned)input_count);
			size_t from = sizes[other] ? next_random((unsigned)sizes[other]) : 0;
			size_t length = next_random(16);
			if (from + length > sizes[other])
				length = sizes[other] - from;
			if (size + length <= MAX_SIZE) {
				memmove(out + at + length, out + at, size - at);
				memcpy(out + at, inputs[other] + from, length);
				size += length;
			}
			break;
		}
		default: /* cut */
			size = at;
			break;
		}
	}
	return size;
}

int main(int argc, char **argv)
{
	long mutations = argc > 1 ? atol(argv[1]) : 20000;
	static unsigned char buffer[MAX_SIZE];

	load_corpus(); /* first: without one the target is not even set up */
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	if (input_count == 0) {
		printf("FAILED: the corpus %s is empty\n", FUZZ_CORPUS);
		return 1;
	}
	for (int i = 0; i < input_count; i++)
		LLVMFuzzerTestOneInput(inputs[i], sizes[i]);
	for (long m = 0; m < mutations; m++) {
		int from = (int)next_random((unsigned)input_count);
		size_t size = mutate(buffer, inputs[from], sizes[from]);
		LLVMFuzzerTestOneInput(buffer, size);
	}
	for (int i = 0; i < input_count; i++)
		free(inputs[i]);
	printf("PASSED: %d corpus inputs and %ld mutations\n", input_count, mutations);
	return 0;
}
