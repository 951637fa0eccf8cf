#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# User-space instructions per PAPI_read, counted by callgrind (which counts
# only instructions executed in user space: the kernel's side of read() is
# not in the figures).
#
# papi_overhead --callgrind-read N runs N PAPI_read in bench_papi_read_loop()
# and then N raw read() of a group of the same events in bench_raw_read_loop().
# Each is collected alone (--toggle-collect), so a figure is everything the
# loop executes per iteration: the loop itself, PAPI_read or the libc read()
# wrapper, and all they call in user space.
#
# usage: bench/callgrind-read.sh [BUILD_DIR] [N] [SIZES...]
#   BUILD_DIR  the configured build tree (default: $BUILD_DIR or /tmp/bench-build)
#   N          reads per figure (default 100000)
#   SIZES      event-set sizes (default: 1 4 8)
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build=${1:-${BUILD_DIR:-/tmp/bench-build}}
count=${2:-100000}
shift $(($# > 2 ? 2 : $#))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 4 8)
target=150

program="$build/bench/papi_overhead"
bench_require_program "$program" "run bench/run.sh"
bench_require_valgrind
bench_scratch

# Instructions per iteration of one marked function, to two decimals.
collect() {
	local function=$1 events=$2 out="$scratch/callgrind.$1.$2"
	if ! "$build/libtool" --mode=execute valgrind --tool=callgrind \
		--callgrind-out-file="$out" --toggle-collect="$function" \
		"$program" --callgrind-read "$count" --events "$events" \
		>"$scratch/stdout" 2>"$scratch/stderr"; then
		echo "$bench_name: the run under valgrind failed:" >&2
		cat "$scratch/stderr" >&2
		exit 1
	fi
	local total
	total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
	if [ -z "$total" ] || [ "$total" -eq 0 ]; then
		echo "$bench_name: callgrind collected nothing in $function" >&2
		exit 1
	fi
	awk -v t="$total" -v n="$count" 'BEGIN { printf "%.2f", t / n }'
}

echo "User-space instructions per read (callgrind, $count reads per figure, one loop iteration each)"
echo
printf '%-6s  %12s  %12s  %12s  %s\n' events "PAPI_read" "raw read()" "difference" \
	"target (PAPI_read <= $target)"
for events in "${sizes[@]}"; do
	papi=$(collect bench_papi_read_loop "$events")
	raw=$(collect bench_raw_read_loop "$events")
	verdict=$(awk -v p="$papi" -v t="$target" 'BEGIN { print (p <= t) ? "met" : "MISSED" }')
	diff=$(awk -v p="$papi" -v r="$raw" 'BEGIN { printf "%.2f", p - r }')
	printf '%-6s  %12s  %12s  %12s  %s\n' "$events" "$papi" "$raw" "$diff" "$verdict"
done
echo
echo "PAPI_read: the caller's loop + PAPI_read and all it calls (perf_event makes the system"
echo "call itself on x86_64, aarch64, riscv64 and ppc64le, elsewhere through libc's read());"
echo "raw read(): the caller's loop + libc's read() wrapper; difference: what Papillon adds."
