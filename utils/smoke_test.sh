#!/bin/sh
# Smoke test of the utilities, run by `make check` from the build directory:
# every utility answers --help, rejects a bad option with status 2, runs
# without crashing, and what papi_native_avail -c lists really counts.
# Counting checks are skipped where perf_event_open is refused altogether
# (some containers), since then no event can count.

failures=0
checks=0
output=$(mktemp) || exit 99
trap 'rm -f "$output"' EXIT

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
	papi_hardware_avail papi_mem_info papi_event_chooser papi_version papi_cost; do
	expect 0 'Usage' ./$utility --help
	expect 2 "unknown option '--no-such-option'" ./$utility --no-such-option
done

expect 0 '^PAPI Version: [0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' ./papi_version
expect 0 '^Active components:' ./papi_component_avail
expect 0 '^Compiled-in components:' ./papi_component_avail -d
expect 0 'PAPI Preset Events' ./papi_avail
expect 0 '^Of [0-9]+ available events' ./papi_avail -a
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
	echo "SKIP: unit-mask checks use libpfm4's x86 table amd64_fam19h_zen4 (this is $(uname -m))"
fi

# Counting: only where this machine counts something at all.
./papi_native_avail -c --noqual >"$output" 2>&1
countable=$(sed -n 's/^| \([^ ][^ ]*\) *|$/\1/p' "$output" | head -3)
if [ -z "$countable" ]; then
	echo "SKIP: no event can count here; counting checks left out"
else
	first=$(echo "$countable" | head -1)
	# shellcheck disable=SC2086 # one argument per listed event
	expect 0 "^$first : " ./papi_command_line $countable
	expect 1 "^$first : " ./papi_command_line "$first" no_such_event
	expect 0 "^$first :[[:space:]]*0X" ./papi_command_line -x "$first"
	expect 0 '^Total events reported: [0-9]+' ./papi_event_chooser NATIVE "$first"
	expect 0 '^Total cost for PAPI_read' ./papi_cost -t 200 -s -d -p -b 5
	expect 0 'can be counted here' ./papi_native_avail -e "$first"
fi

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
