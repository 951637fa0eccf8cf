#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# papi_stat, run by `make check` from the build directory: the default
# events count `sleep 1`; the command's exit status (and 128 + signal) comes
# back; PAGE-FAULTS of touch_pages grow by exactly the pages touched; CSV,
# JSON, -r and --per-thread (one line per thread) print what they should;
# each event's share of the time it counted: none shown (and 1.0000 in CSV
# and JSON) when not multiplexed, "(NN.NN%)" adding up to about 100% for
# events the software multiplexer rotates, "<not counted>" (0.0000) for
# those whose turn never came. Skipped only where the kernel refuses
# perf_event_open altogether (asked of the kernel, not of papi_stat).

failures=0
out=$(mktemp) || exit 99
trap 'rm -f "$out"' EXIT

# shellcheck source=utils/perf_refused.sh
. "$(dirname "$0")/perf_refused.sh"

fail() {
	echo "FAIL: $*"
	sed 's/^/    | /' "$out" | head -30
	failures=$((failures + 1))
}

if why=$(perf_refused); then
	echo "SKIPPED: papi_stat: the kernel refuses perf_event_open here ($why)"
	exit 77
fi

./papi_stat -- sleep 1 >"$out" 2>&1
status=$?
[ "$status" -eq 0 ] || fail "papi_stat -- sleep 1 exited $status"
grep -Eq '^ +[0-9,]+ +perf::TASK-CLOCK' "$out" || fail "no TASK-CLOCK line for sleep 1"
grep -Eq '^ +(1\.0|0\.99)[0-9]* seconds time elapsed' "$out" ||
	fail "sleep 1 did not take about a second"
if grep -q '%)\|<not counted>\|[Mm]ultiplexed' "$out"; then
	fail "sleep 1, not multiplexed, shows a share of time counted"
fi

./papi_stat -- sh -c 'exit 3' >"$out" 2>&1
status=$?
[ "$status" -eq 3 ] || fail "exit 3 came back as $status"
./papi_stat -- sh -c 'kill -TERM $$' >"$out" 2>&1
status=$?
[ "$status" -eq 143 ] || fail "a command killed by SIGTERM came back as $status, not 143"
./papi_stat -- /nonexistent/command >"$out" 2>&1
status=$?
[ "$status" -eq 127 ] || fail "a missing command came back as $status, not 127"
./papi_stat -e NO_SUCH_EVENT -- true >"$out" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "an unknown event exited $status, not 1"

./papi_stat -x , -e perf::TASK-CLOCK,perf::PAGE-FAULTS -- true >"$out" 2>&1
counted=$(awk -F, '$4 == "1.0000" { n++ } END { print n + 0 }' "$out")
[ "$counted" -eq 2 ] || fail "CSV: $counted events, not 2, counted all the time (last field 1.0000)"

# The software multiplexer gives each event one slice of 10 ms in turn.
./papi_stat --multiplex software -e perf::TASK-CLOCK,perf::PAGE-FAULTS -- sleep 0.5 >"$out" 2>&1
status=$?
[ "$status" -eq 0 ] || fail "--multiplex software exited $status"
shares=$(sed -n 's/^ *[0-9,]* *perf::[A-Z-]* *(\([0-9.]*\)%)$/\1/p' "$out")
if [ "$(echo "$shares" | grep -c .)" -ne 2 ]; then
	fail "--multiplex software: not two events with a share of time counted"
elif ! echo "$shares" | awk '{ sum += $1 } END { exit !(sum >= 95 && sum <= 100.01) }'; then
	fail "--multiplex software: the shares add up to $(echo "$shares" | awk '{ s += $1 } END { print s }')%"
fi
grep -q 'Multiplexed (--multiplex)' "$out" || fail "--multiplex software: no note on multiplexing"

# Eight events, 10 ms each in turn: a command of a few ms leaves the last
# ones "<not counted>" (unless the machine is too busy to run it that fast).
events=perf::TASK-CLOCK,perf::CPU-CLOCK,perf::PAGE-FAULTS,perf::MINOR-FAULTS
events=$events,perf::MAJOR-FAULTS,perf::CONTEXT-SWITCHES,perf::CPU-MIGRATIONS
events=$events,perf::TASK-CLOCK:u
./papi_stat --multiplex software -e "$events" -- true >"$out" 2>&1
if grep -Eq '^ +0\.0[0-5][0-9]* seconds time elapsed' "$out"; then
	grep -q '^ *<not counted> *perf::TASK-CLOCK:u$' "$out" ||
		fail "--multiplex software -- true: the last event is not '<not counted>'"
	grep -Eq '^ +[0-9,]+ +perf::TASK-CLOCK' "$out" ||
		fail "--multiplex software -- true: the first event did not count"
else
	echo "SKIPPED case \"not counted\": 'true' took more than 50 ms under papi_stat (a loaded machine), so every event had a turn"
fi
./papi_stat --multiplex software -x , -e "$events" -- true >"$out" 2>&1
awk -F, '$4 == "" || $4 < 0 || $4 > 1 { bad = 1 } END { exit bad }' "$out" ||
	fail "CSV: a fraction counted missing or outside [0, 1]"
if grep -Eq ',perf::TASK-CLOCK:u,scaled,' "$out"; then
	grep -q ',perf::TASK-CLOCK:u,scaled,0.0000$' "$out" ||
		echo "SKIPPED case \"not counted (CSV)\": TASK-CLOCK:u had a turn in the CSV run (a slow 'true' on a loaded machine)"
else
	fail "CSV: no scaled line for perf::TASK-CLOCK:u"
fi
./papi_stat --multiplex bogus -- true >"$out" 2>&1
status=$?
[ "$status" -eq 2 ] || fail "--multiplex bogus exited $status, not 2"

faults() { # faults PAGES: PAGE-FAULTS of touch_pages PAGES, CSV
	./papi_stat -x , -e perf::PAGE-FAULTS -- ./touch_pages "$1" 2>&1 >/dev/null |
		awk -F, '$2 == "perf::PAGE-FAULTS" { print $1 }'
}
small=$(faults 100)
large=$(faults 10100)
if [ -z "$small" ] || [ -z "$large" ]; then
	fail "no PAGE-FAULTS value in the CSV output"
else
	extra=$((large - small))
	echo "touch_pages: $small faults for 100 pages, $large for 10100: +$extra"
	if [ "$extra" -lt 9950 ] || [ "$extra" -gt 10100 ]; then
		fail "10000 more pages gave $extra more faults"
	fi
fi

./papi_stat --json -r 3 -e perf::TASK-CLOCK,perf::PAGE-FAULTS -- ./touch_pages 10 >"$out" 2>&1
if ! grep -q '"runs": 3' "$out" ||
	! grep -q '"event": "perf::PAGE-FAULTS", "value": [0-9]*, "scaled": false, "stddev"' "$out"; then
	fail "JSON with -r 3 lacks runs or events"
fi
grep -q '"stddev": [0-9.]*, "counted": 1.0000}' "$out" || fail 'JSON lacks "counted": 1.0000'

./papi_stat --per-thread -x , -e perf::PAGE-FAULTS -- ./touch_pages 1000 4 >"$out" 2>&1
status=$?
[ "$status" -eq 0 ] || fail "--per-thread exited $status"
threads=$(awk -F, '$3 == "perf::PAGE-FAULTS" && $2 >= 1000 { n++ } END { print n + 0 }' "$out")
[ "$threads" -eq 4 ] || fail "--per-thread: $threads tasks with >= 1000 faults, expected the 4 threads"
total=$(awk -F, '$2 == "perf::PAGE-FAULTS" { print $1 }' "$out")
if [ -z "$total" ] || [ "$total" -lt 4000 ]; then
	fail "--per-thread total is '$total'"
fi

if [ "$failures" -ne 0 ]; then
	echo "FAILED: papi_stat_test.sh, $failures checks failed"
	exit 1
fi
echo "PASSED: papi_stat_test.sh"
