# shellcheck shell=sh
# SPDX-License-Identifier: BSD-3-Clause
# Shared by the high-level API's output tests: run from the build's tests
# directory by make check, with srcdir set. Each test prints one verdict.
here=${srcdir:-.}/hl
workload=./hl/hl_workload
scratch=$(mktemp -d "${TMPDIR:-/tmp}/papillon-hl.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
failures=0
checks=0
fail() {
	echo "failed: $*"
	failures=$((failures + 1))
}

# run_workload DIR SCENARIO [PAGES]: the workload with its report under DIR
# (environment as given by the caller); its expectations in DIR/expected.json.
run_workload() {
	dir=$1
	shift
	mkdir -p "$dir"
	checks=$((checks + 1))
	if ! PAPI_OUTPUT_DIRECTORY=$dir "$workload" "$@" >"$dir/stdout" 2>"$dir/stderr"; then
		fail "hl_workload $* failed: $(cat "$dir/stderr")"
		return 1
	fi
	# Its last line; PAPI_HL_VERBOSE and PAPI_REPORT print on stdout too.
	grep '^{"scenario"' "$dir/stdout" >"$dir/expected.json"
}

# the_rank_file DIR: the one rank file under DIR/papi_hl_output.
the_rank_file() {
	set -- "$1"/papi_hl_output/rank_*.json
	if [ $# -ne 1 ] || [ ! -f "$1" ]; then
		fail "expected one rank file, found: $*"
		return 1
	fi
	printf '%s\n' "$1"
}

# check_report DIR [--events LIST]: the layout and numbers of DIR's report.
check_report() {
	dir=$1
	shift
	checks=$((checks + 1))
	file=$(the_rank_file "$dir") || return 1
	python3 "$here/check_report.py" "$file" "$dir/expected.json" "$@" ||
		fail "report of $dir"
}

verdict() {
	if [ "$failures" -eq 0 ]; then
		echo "PASSED ($checks checks)"
		exit 0
	fi
	echo "FAILED: $failures of $checks checks"
	exit 1
}

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIPPED: python3 is needed to read the JSON reports"
	exit 77
fi
