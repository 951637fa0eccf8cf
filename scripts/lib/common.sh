# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Shared helpers for scripts/*: paths, logging, counting results.
# Sourced, never run; every script that sources it runs with set -euo pipefail.

# The source tree is two levels above this file, wherever the clone lives.
PAPILLON_SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Out-of-tree builds only: the integrator and other engineers share the tree.
PAPILLON_BUILD_DIR=${PAPILLON_BUILD_DIR:-$PAPILLON_SRC_DIR/_build}
# Nested under the main build dir by default because _build/ is git-ignored.
PAPILLON_SAN_BUILD_DIR=${PAPILLON_SAN_BUILD_DIR:-$PAPILLON_BUILD_DIR/_asan}
# Per-test time limit (seconds) for every runner below.
PAPILLON_TEST_TIMEOUT=${PAPILLON_TEST_TIMEOUT:-60}

# Colour only for a person at a terminal; CI logs stay plain.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${CI:-}" != true ]; then
	_c_bold=$'\e[1m' _c_red=$'\e[31m' _c_green=$'\e[32m' _c_yellow=$'\e[33m' _c_off=$'\e[0m'
else
	_c_bold='' _c_red='' _c_green='' _c_yellow='' _c_off=''
fi

log() { printf '%s\n' "$*"; }
step() { printf '%s==> %s%s\n' "$_c_bold" "$*" "$_c_off"; }
warn() { printf '%swarning:%s %s\n' "$_c_yellow" "$_c_off" "$*" >&2; }
die() {
	printf '%serror:%s %s\n' "$_c_red" "$_c_off" "$*" >&2
	exit 1
}

# Absolute path of a directory that may not exist yet.
abspath() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$PWD/$1" ;;
	esac
}

is_root() { [ "$(id -u)" -eq 0 ]; }

# Seconds since the epoch, for the "took Ns" lines.
now() { date +%s; }

# --- result counting ------------------------------------------------------
# Every runner keeps three counters and prints one line per test through
# result_line, then a closing "<part>: N passed, N failed, N skipped".
COUNT_PASS=0
COUNT_FAIL=0
COUNT_SKIP=0

counts_reset() { COUNT_PASS=0 COUNT_FAIL=0 COUNT_SKIP=0; }

# result_line VERDICT NAME [DETAIL]: VERDICT is PASSED, FAILED or SKIPPED.
result_line() {
	local verdict=$1 name=$2 detail=${3:-} colour
	case $verdict in
	PASSED) colour=$_c_green COUNT_PASS=$((COUNT_PASS + 1)) ;;
	SKIPPED) colour=$_c_yellow COUNT_SKIP=$((COUNT_SKIP + 1)) ;;
	*) verdict=FAILED colour=$_c_red COUNT_FAIL=$((COUNT_FAIL + 1)) ;;
	esac
	printf '  %s%-7s%s  %s%s\n' "$colour" "$verdict" "$_c_off" "$name" "${detail:+  ($detail)}"
}

# result_tool_missing NAME DETAIL: the result of a test whose tool (or the
# build's use of it) is missing. As root or under CI=true the setup step
# (scripts/setup, scripts/test's own) installs every tool the parts use
# before configure runs, so a tool still missing there is a broken install:
# FAILED. Elsewhere (a user without root) SKIPPED, which
# tests/expected-skips.txt allows for non-root runs only.
result_tool_missing() {
	if is_root || [ "${CI:-}" = true ]; then
		result_line FAILED "$1" "$2; missing after the setup step, which installs it as root"
	else
		result_line SKIPPED "$1" "$2"
	fi
}

# Indented tail of a log, shown under a failure so CI logs explain it.
show_tail() {
	local file=$1 lines=${2:-15}
	[ -s "$file" ] || return 0
	tail -n "$lines" "$file" | sed 's/^/      | /'
}

counts_line() {
	printf '%s: %d passed, %d failed, %d skipped\n' "$1" "$COUNT_PASS" "$COUNT_FAIL" "$COUNT_SKIP"
}

# parse_counts FILE [PREFIX]: print "P F S" from the last counts line of FILE
# ("[prefix: ]N passed, N failed, N skipped"); nothing if there is none.
parse_counts() {
	local file=$1 prefix=${2:-}
	local re='^([A-Za-z0-9_.-]+: )?([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?[[:space:]]*$'
	local line found=''
	while IFS= read -r line; do
		line=${line%$'\r'}
		# Colour codes would defeat the match; strip them.
		line=$(printf '%s' "$line" | sed 's/\x1b\[[0-9;]*m//g')
		if [[ $line =~ $re ]]; then
			if [ -z "$prefix" ] || [ "${BASH_REMATCH[1]}" = "$prefix: " ]; then
				found="${BASH_REMATCH[2]} ${BASH_REMATCH[3]} ${BASH_REMATCH[5]:-0}"
			fi
		fi
	done <"$file"
	[ -n "$found" ] && printf '%s\n' "$found"
	return 0
}

# --- running one test program ---------------------------------------------
# Sanitizer reports that make a run fail even when the exit status is 0.
SANITIZER_REPORT_RE='ERROR: (AddressSanitizer|LeakSanitizer|ThreadSanitizer|MemorySanitizer)|runtime error:|SUMMARY: (AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer)'

# run_ctest LOG CWD CMD...: run a PAPI-style test program under the timeout,
# stdin closed, stdout+stderr to LOG; then classify it the way PAPI's own
# run_tests.sh reader would. Sets RUN_VERDICT (PASSED/SKIPPED/FAILED) and
# RUN_DETAIL (skip reason or failure cause). With CHECK_SANITIZERS=1 any
# sanitizer report fails the test.
# shellcheck disable=SC2034 # RUN_* are read by the callers
run_ctest() {
	local log=$1 cwd=$2 rc=0 last t0=${EPOCHREALTIME/[.,]/}
	shift 2
	# The outer 2>/dev/null only silences bash's own "Segmentation fault"
	# notice; the test's output goes to the log.
	{ (cd "$cwd" && exec timeout -k 5 "$PAPILLON_TEST_TIMEOUT" "$@") </dev/null >"$log" 2>&1; } 2>/dev/null || rc=$?
	RUN_MS=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
	RUN_VERDICT=FAILED RUN_DETAIL=''
	if [ "${CHECK_SANITIZERS:-0}" = 1 ] && grep -Eq "$SANITIZER_REPORT_RE" "$log"; then
		RUN_DETAIL="sanitizer report: $(grep -Em1 "$SANITIZER_REPORT_RE" "$log" | cut -c1-160)"
		return 0
	fi
	case $rc in
	0) ;;
	124 | 137) RUN_DETAIL="timed out after ${PAPILLON_TEST_TIMEOUT}s" && return 0 ;;
	*)
		if [ "$rc" -gt 128 ]; then
			RUN_DETAIL="killed by signal $((rc - 128))"
		else
			RUN_DETAIL="exit status $rc"
		fi
		return 0
		;;
	esac
	# The verdict is the last line that states one; earlier ones may come
	# from forked children or sub-steps.
	last=$(grep -E '(^|[^[:alnum:]])(PASSED|SKIPPED|FAILED)' "$log" | tail -n 1 || true)
	case $last in
	*FAILED*) RUN_DETAIL="reported FAILED" ;;
	*SKIPPED*)
		RUN_VERDICT=SKIPPED
		RUN_DETAIL=$(skip_reason "$log" "$last")
		;;
	*PASSED*) RUN_VERDICT=PASSED ;;
	*) RUN_DETAIL="exit 0 without PASSED/SKIPPED" ;;
	esac
}

# run_detail: RUN_DETAIL, plus the run time when it is worth noticing.
run_detail() {
	local d=$RUN_DETAIL
	if [ "${RUN_MS:-0}" -ge 2000 ] && [[ $d != "timed out"* ]]; then
		d+="${d:+; }$((RUN_MS / 1000)).$((RUN_MS % 1000 / 100))s"
	fi
	printf '%s' "$d"
}

# The most useful reason a skipped test gave: a "skip reason:" line (our
# shim around PAPI's test_skip), else the text after SKIPPED on its line.
skip_reason() {
	local log=$1 last=$2 why
	why=$(grep -m1 '^skip reason: ' "$log" | sed 's/^skip reason: //' || true)
	if [ -z "$why" ]; then
		why=$(printf '%s' "$last" | sed -E 's/.*SKIPPED[[:space:]:!-]*//')
	fi
	printf '%s' "${why:-no reason given}" | cut -c1-200
}
