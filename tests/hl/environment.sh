#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The high-level API's environment: the default events (software events on
# a machine without a PMU), PAPI_EVENTS parsing (spaces, =instant/=delta,
# bad names skipped, all bad: the defaults), PAPI_HL_VERBOSE, PAPI_REPORT,
# PAPI_MULTIPLEX, and the output directory (parents made, an older one
# renamed, a file in the way refused).
# shellcheck source=tests/hl/common.sh
. "${srcdir:-.}/hl/common.sh"
unset PAPI_EVENTS PAPI_HL_VERBOSE PAPI_REPORT PAPI_MULTIPLEX

# True when the kernel exposes a core PMU (hardware events can count).
have_core_pmu() {
	for dev in /sys/bus/event_source/devices/*; do
		case ${dev##*/} in
		cpu | cpu_* | armv* | arm_cortex* | apple_*) return 0 ;;
		esac
		[ ! -f "$dev/cpus" ] || return 0
	done
	return 1
}

# Defaults: with no PMU, exactly the software fallback, counting.
run_workload "$scratch/defaults" basic 6 && {
	if have_core_pmu; then
		check_report "$scratch/defaults"
	else
		check_report "$scratch/defaults" --events perf::TASK-CLOCK,perf::PAGE-FAULTS,perf::CONTEXT-SWITCHES
	fi
}

# A list with spaces, a bad name, a duplicate and an instant event.
export PAPI_HL_VERBOSE=1
PAPI_EVENTS=' perf::TASK-CLOCK , bogus::NO_SUCH_EVENT,perf::PAGE-FAULTS=instant, perf::TASK-CLOCK=delta' \
	run_workload "$scratch/listed" basic 4 && {
	checks=$((checks + 1))
	if file=$(the_rank_file "$scratch/listed"); then
		python3 - "$file" <<'PY' || fail "PAPI_EVENTS list: $(cat "$scratch/listed/stdout")"
import json, sys
r = json.load(open(sys.argv[1]))
d = r["event_definitions"]
want = {"perf::TASK-CLOCK": {"component": "perf_event", "type": "delta"},
        "perf::PAGE-FAULTS": {"component": "perf_event", "type": "instant"}}
assert d == want, d
region = r["threads"]["0"]["regions"]["1"]  # "0" is the workload's warmup
assert region["name"] == "compute", region
# An instant event records the value read at the end: every fault of the
# thread since counting began, at least the 4 pages of the region.
assert int(region["perf::PAGE-FAULTS"]) >= 4, region
PY
	fi
	checks=$((checks + 1))
	grep -q '"bogus::NO_SUCH_EVENT" is skipped' "$scratch/listed/stdout" ||
		fail "PAPI_HL_VERBOSE did not name the skipped event: $(cat "$scratch/listed/stdout")"
}
unset PAPI_HL_VERBOSE

# Nothing usable in the list: the defaults, counting.
PAPI_EVENTS='bogus::ONE,,bogus::TWO' run_workload "$scratch/all_bad" basic 3 && {
	checks=$((checks + 1))
	if file=$(the_rank_file "$scratch/all_bad"); then
		python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["event_definitions"]; sys.exit(0 if "perf::TASK-CLOCK" in d else 1)' "$file" ||
			fail "a PAPI_EVENTS of bad names did not give the defaults"
	fi
}

# Multiplexed on request: the same numbers.
PAPI_MULTIPLEX=1 PAPI_EVENTS=perf::TASK-CLOCK,perf::PAGE-FAULTS run_workload "$scratch/multiplex" repeated &&
	check_report "$scratch/multiplex" --events perf::TASK-CLOCK,perf::PAGE-FAULTS

# PAPI_REPORT: the file's JSON on stdout after "PAPI-HL Output:".
PAPI_REPORT=1 PAPI_EVENTS=perf::PAGE-FAULTS run_workload "$scratch/report" basic 2 && {
	checks=$((checks + 1))
	if file=$(the_rank_file "$scratch/report"); then
		python3 - "$file" "$scratch/report/stdout" <<'PY' || fail "PAPI_REPORT output"
import json, sys
text = open(sys.argv[2]).read()
marker = "\n\nPAPI-HL Output:\n"
assert marker in text, text[:200]
printed = text.split(marker, 1)[1]
assert json.loads(printed) == json.load(open(sys.argv[1]))
PY
	fi
}

# Missing parents are made.
run_workload "$scratch/a/b/c" basic 1 && { the_rank_file "$scratch/a/b/c" >/dev/null || true; }

# An older measurement directory is renamed with its time, kept whole.
mkdir -p "$scratch/old/papi_hl_output"
echo earlier >"$scratch/old/papi_hl_output/marker"
touch -d '2 hours ago' "$scratch/old/papi_hl_output"
run_workload "$scratch/old" basic 1 && {
	checks=$((checks + 1))
	set -- "$scratch"/old/papi_hl_output-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]/marker
	[ -f "$1" ] || fail "the older papi_hl_output was not renamed: $(ls "$scratch/old")"
	[ ! -e "$scratch/old/papi_hl_output/marker" ] || fail "the new measurement shares the old directory"
	the_rank_file "$scratch/old" >/dev/null || true
}

# A file where the directory goes: the calls fail with PAPI_ESYS, nothing
# crashes, nothing is written.
mkdir -p "$scratch/blocked"
: >"$scratch/blocked/papi_hl_output"
checks=$((checks + 1))
if PAPI_OUTPUT_DIRECTORY=$scratch/blocked "$workload" basic 1 >/dev/null 2>"$scratch/blocked.err"; then
	fail "a file in place of papi_hl_output went unnoticed"
else
	grep -q "returned -3 " "$scratch/blocked.err" || fail "not PAPI_ESYS: $(cat "$scratch/blocked.err")"
fi
[ -f "$scratch/blocked/papi_hl_output" ] || fail "the file in the way was touched"

verdict
