// SPDX-License-Identifier: BSD-3-Clause
/* The fuzz targets' contract, libFuzzer's: LLVMFuzzerTestOneInput takes one
 * input and returns 0; a broken rule aborts (fuzz_fail), which libFuzzer
 * reports with the input saved, and fuzz_replay.c (the make check run)
 * reports as a failure. LLVMFuzzerInitialize, if any, runs once first. */
#ifndef PAPILLON_FUZZ_TARGET_H
#define PAPILLON_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "FUZZ FAILURE: <why>" on stderr and aborts. */
_Noreturn void fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
