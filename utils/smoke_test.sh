#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Smoke test of the utilities, run by `make check` from the build directory:
# every utility answers --help, rejects a bad option with status 2, runs
# without crashing, and what papi_native_avail -c lists really counts.
# Counting checks are skipped only where the kernel refuses perf_event_open
# altogether (some containers), since then no event can count; an empty
# list anywhere else is a failure. Prints a verdict line last (the runners
# fail a test without one); a part left out prints 'SKIPPED case "PART": ...'.

failures=0
checks=0
output=$(mktemp) || exit 99
trap 'rm -f "$output"' EXIT

# shellcheck source=utils/perf_refused.sh
. "$(dirname "$0")/perf_refused.sh"

fail() {
	echo "FAIL: $*"
	sed 's/^/    | /' "$output" | head -20
	failures=$((failures + 1))
}

# expect STATUS PATTERN COMMAND...: runs COMMAND, wants exit status STATUS
# and a line of its output (stdout and stderr) matching the ERE PATTERN.
expect() {
	wanted_status=$1 pattern=$2
	shift 2
	checks=$((checks + 1))
	"$@" >"$output" 2>&1
	status=$?
	if [ "$status" -ne "$wanted_status" ]; then
		fail "$* exited $status, expected $wanted_status"
	elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$output"; then
		fail "$* printed nothing matching /$pattern/"
	fi
}

for utility in papi_avail papi_native_avail papi_component_avail papi_command_line \
	papi_hardware_avail papi_mem_info papi_event_chooser papi_version papi_cost \
	papi_clockres papi_decode papi_error_codes papi_multiplex_cost papi_xml_event_info; do
	expect 0 'Usage' ./$utility --help
	expect 2 "unknown option '--no-such-option'" ./$utility --no-such-option
done

expect 0 '^PAPI Version: [0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' ./papi_version
expect 0 '^Active components:' ./papi_component_avail
# Who delivers overflows (the component info's hardware_intr): perf_event
# by its interrupt and signal, sde by the library's software timer.
expect 0 '^   \\-> Overflow: the component.s interrupt \(signal [0-9]+\)$' ./papi_component_avail
expect 0 '^   \\-> Overflow: software \(a timer reads the counters\)$' ./papi_component_avail
expect 0 '^Compiled-in components:' ./papi_component_avail -d
expect 0 'PAPI Preset Events' ./papi_avail
expect 0 '^Of [0-9]+ available events' ./papi_avail -a

# papi_error_codes: the codes 0, -1, ... each with PAPI_strerror's text,
# and a total that matches the lines.
expect 0 '^Error code   -1: ' ./papi_error_codes
listed=$(grep -c '^Error code ' "$output")
if ! grep -q "^There are $listed error codes defined\$" "$output" ||
	! grep -q "^Error code  *-$((listed - 1)): " "$output" || [ "$listed" -lt 28 ]; then
	checks=$((checks + 1))
	fail "papi_error_codes: $listed lines do not run from 0 to -$((listed - 1)) or do not match its total"
fi
expect 0 '^PAPI_get_virt_usec : ' ./papi_clockres
for timer in real_cyc real_usec virt_cyc; do
	grep -q "^PAPI_get_${timer}: min [0-9.]*  max [0-9.]*" "$output" ||
		fail "papi_clockres printed no figures for PAPI_get_$timer"
done
# papi_decode lists the same presets as papi_avail, with and without -a.
for option in '' -a; do
	expect 0 '^name,derived,postfix,short_descr,long_descr,note,' ./papi_decode $option
	decoded=$(sed -n 's/^\(PAPI_[A-Z0-9_]*\),.*/\1/p' "$output")
	./papi_avail $option 2>/dev/null | sed -n 's/^\(PAPI_[A-Z0-9_]*\) .*/\1/p' >"$output"
	if [ "$decoded" != "$(cat "$output")" ]; then
		checks=$((checks + 1))
		fail "papi_decode $option and papi_avail $option list different presets"
	fi
done
expect 2 'unexpected argument' ./papi_decode PAPI_TOT_INS
expect 0 '^<\?xml version="1.0" encoding="UTF-8"\?>$' ./papi_xml_event_info -c 0
if grep -q '^  <eventset type="NATIVE">' "$output" && ! grep -q '^</eventinfo>$' "$output"; then
	fail "papi_xml_event_info: the document does not end"
fi
expect 0 '^  <eventset type="PRESET">' ./papi_xml_event_info -p -c 0
if grep -q 'type="NATIVE"' "$output"; then
	fail "papi_xml_event_info -p printed native events"
fi
expect 2 'no component 99' ./papi_xml_event_info -c 99
expect 1 'no_such_event' ./papi_xml_event_info no_such_event
expect 2 'is more than -x' ./papi_multiplex_cost -m 3 -x 2
expect 0 'PAPI Preset Events' ./papi_avail --br --cache -d
expect 1 "could not be found" ./papi_avail -e no_such_event
expect 0 '^Total events reported: [0-9]+' ./papi_native_avail
expect 0 '^Total events reported: [0-9]+' ./papi_native_avail --noqual -i CLOCK -x CPU
expect 1 "could not be found" ./papi_native_avail -e no_such_event
expect 2 'needs an argument' ./papi_native_avail -e
expect 0 'Device (Summary|Information)' ./papi_hardware_avail
expect 0 'Cache Information' ./papi_mem_info
expect 2 'Usage' ./papi_event_chooser
expect 2 'Usage' ./papi_event_chooser SOMETHING PAPI_TOT_CYC
expect 1 "can't be found" ./papi_event_chooser NATIVE no_such_event
expect 1 '^Failed adding: no_such_event$' ./papi_command_line no_such_event
expect 0 'No events specified' ./papi_command_line

# An event whose unit mask is mandatory is listed like any other, and every
# use names the unit masks to add. The PMU model is forced, so that the
# result is the same whatever CPU runs this; its table is x86's.
if [ "$(uname -m)" = x86_64 ]; then
	zen4=amd64_fam19h_zen4::RETIRED_X87_FP_OPS
	masks='needs a unit mask: add one of :ADD_SUB_OPS, :MUL_OPS, :DIV_SQRT_OPS'
	export LIBPFM_FORCE_PMU=amd64_fam19h_zen4
	expect 0 "cannot count alone: add one of its unit masks" ./papi_native_avail -i RETIRED_X87
	expect 0 "^\\| +:MUL_OPS " ./papi_native_avail -i RETIRED_X87
	expect 1 "Status: +cannot be counted here: $zen4 $masks" ./papi_native_avail -e $zen4
	expect 1 "^reason: $zen4 $masks" ./papi_command_line $zen4
	# Each kind of reason is named, with an example where the details differ.
	expect 0 "^ +[0-9]+ x the event needs a unit mask, e.g. amd64_fam19h_zen4::" ./papi_component_avail
	if grep -q "other reasons" "$output"; then
		fail "papi_component_avail lumps reasons together"
	fi
	unset LIBPFM_FORCE_PMU
else
	echo "SKIPPED case \"unit-mask checks\": they use libpfm4's x86 table amd64_fam19h_zen4 (this is $(uname -m))"
fi

# Counting: every machine whose kernel lets this process open a perf event
# counts at least its software events.
./papi_native_avail -c --noqual >"$output" 2>&1
countable=$(sed -n 's/^| \([^ ][^ ]*\) *|$/\1/p' "$output" | head -3)
if [ -z "$countable" ]; then
	checks=$((checks + 1))
	if why=$(perf_refused); then
		echo "SKIPPED case \"counting checks\": the kernel refuses perf_event_open here ($why)"
	else
		fail "papi_native_avail -c lists no countable event, yet the kernel opens a software event here"
	fi
else
	first=$(echo "$countable" | head -1)
	# shellcheck disable=SC2086 # one argument per listed event
	expect 0 "^$first : " ./papi_command_line $countable
	expect 1 "^$first : " ./papi_command_line "$first" no_such_event
	expect 0 "^$first :[[:space:]]*0X" ./papi_command_line -x "$first"
	expect 0 '^Total events reported: [0-9]+' ./papi_event_chooser NATIVE "$first"
	expect 0 '^Total cost for PAPI_read' ./papi_cost -t 200 -s -d -p -b 5
	expect 0 'can be counted here' ./papi_native_avail -e "$first"
	# What counts is listed by papi_xml_event_info; with an event given,
	# what counts beside it, which is not the event itself (a duplicate).
	expect 0 "<event index=\"[0-9]+\" name=\"$first\"" ./papi_xml_event_info -n -c 0
	second=$(echo "$countable" | sed -n 2p)
	if [ -n "$second" ]; then
		expect 0 "<event index=\"[0-9]+\" name=\"$second\"" ./papi_xml_event_info -n -c 0 "$first"
		if grep -q "name=\"$first\"" "$output"; then
			fail "papi_xml_event_info lists $first as countable beside itself"
		fi
	fi
	# Both multiplexers, one and two events, a few calls each.
	expect 0 '^PAPI_read:' ./papi_multiplex_cost -t 20 -x 2
	for kind in kernel software; do
		sed -n "/, $kind multiplexing,/,/^\$/p" "$output" | grep -Eq '^ +2 +[0-9]+ +[0-9]+ ' ||
			fail "papi_multiplex_cost: no figure for 2 events with $kind multiplexing"
	done
fi

if [ "$failures" -eq 0 ]; then
	echo "PASSED: smoke_test.sh, $checks checks"
	exit 0
fi
echo "FAILED: smoke_test.sh, $failures of $checks checks failed"
exit 1
