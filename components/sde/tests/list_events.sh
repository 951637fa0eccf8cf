#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# papi_native_avail -sde FILE (PAPI 7's option) lists the software-defined
# events that the shared library FILE declares in papi_sde_hook_list_events,
# with their descriptions, without running the library; a name declared
# without a variable is listed but cannot count, a created counter can.
# Run by make check from the build's components/sde/tests; prints a verdict line.
library=.libs/libsde_listed.so
avail=../../../utils/papi_native_avail
if [ ! -f "$library" ]; then
	echo "SKIPPED: $library was not built (a build without shared libraries)"
	exit 77
fi

failures=0
checks=0
fail() {
	echo "failed: $*"
	failures=$((failures + 1))
}

# expect STATUS PATTERN COMMAND...: the command exits with STATUS and its
# output (stdout and stderr) matches the extended regular expression PATTERN.
expect() {
	want=$1 pattern=$2
	shift 2
	checks=$((checks + 1))
	out=$("$@" 2>&1)
	got=$?
	[ "$got" = "$want" ] || fail "$* exited with $got, expected $want"
	printf '%s\n' "$out" | grep -Eq -- "$pattern" || fail "$* printed no line matching '$pattern'"
}

for name in requests retries wait wait:CNT wait:MIN wait:Q1 wait:MED wait:Q3 wait:MAX clients; do
	expect 0 "^\\| sde:::Listed::$name " "$avail" -sde "$library" -i sde:::Listed
done
# Software-defined events have no qualifiers and no groups.
checks=$((checks + 1))
if "$avail" -sde "$library" -i sde:::Listed 2>&1 | grep -Eq 'Groups:|^\|     :'; then
	fail "papi_native_avail prints groups or qualifiers for software-defined events"
fi
# -e describes it, and exits 1: a declared name cannot count.
expect 1 'Requests served' "$avail" -sde "$library" -e sde:::Listed::requests
expect 0 'Description: +Listed::retries' "$avail" -sde "$library" -e sde:::Listed::retries
# -c tries each event: the declared name has nothing to count.
expect 0 'sde:::Listed::retries' "$avail" -sde "$library" -c -i sde:::Listed
checks=$((checks + 1))
if "$avail" -sde "$library" -c -i sde:::Listed 2>&1 | grep -q '^| sde:::Listed::requests '; then
	fail "papi_native_avail -c lists sde:::Listed::requests, which was only declared"
fi
# Without -sde the library is not there; a file that is no library fails.
checks=$((checks + 1))
if "$avail" -i sde:::Listed 2>&1 | grep -q 'sde:::Listed::'; then
	fail "papi_native_avail lists sde:::Listed events without -sde"
fi
expect 1 'cannot load' "$avail" -sde ./no_such_library.so
expect 1 'defines no papi_sde_hook_list_events' "$avail" -sde ../.libs/libsde.so

if [ "$failures" -eq 0 ]; then
	echo "PASSED: list_events.sh, $checks checks"
	exit 0
fi
echo "FAILED: list_events.sh, $failures of $checks checks failed"
exit 1
