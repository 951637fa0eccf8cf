#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# doc/robustness.md's bad-input table is the one scripts/robustness-table
# generates from ctests/bad_input.def (the rows ctests/bad_input_matrix
# runs), and every PAPI_* function the built library exports has a row.
# Run by make check from the build's tests directory; prints a verdict line.
library=../src/.libs/libpapi.so
script=${srcdir:-.}/../scripts/robustness-table
if [ ! -f "$library" ]; then
	echo "SKIPPED: $library was not built (a build without shared libraries)"
	exit 77
fi
if ! command -v nm >/dev/null 2>&1; then
	echo "SKIPPED: nm (binutils) is not installed: the exported functions cannot be listed"
	exit 77
fi
if bash "$script" --check "$library"; then
	echo "PASSED"
else
	echo "FAILED: see above"
	exit 1
fi
