#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# What starting the library costs, as whole processes (issue 28): the CPU
# time (user + system of the child, wait4's rusage) and the system calls of
#   1. bench/lifecycle.c (PAPI_library_init, PAPI_create_eventset,
#      PAPI_destroy_eventset, PAPI_shutdown) against Papillon's libpapi and
#      against Debian 12's PAPI 7.0: the same binary, LD_LIBRARY_PATH choosing
#      the library;
#   2. papi_stat -e 4 software events -- /bin/true against perf stat -e the
#      same events -- /bin/true.
# Each is bench/process_cost: alternated pairs, medians. The system calls are
# strace -f -c's total for one run of each (the dynamic loader's included:
# both sides load theirs). Figures: doc/performance.md.
#
# usage: bench/startup.sh [BUILD-DIR]   (default: the _build of this tree)
# environment:
#   PAIRS      pairs per comparison (default 21)
#   PAPI_LIB   Debian's libpapi.so.7.0 (default: the installed one, else
#              fetched with scripts/lib/debfetch.sh)
set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source_dir=$bench_top
build=$(bench_build_dir "${1:-$source_dir/_build}")
pairs=${PAIRS:-21}
bench_scratch

papillon_lib=$build/src/.libs
if [ ! -f "$papillon_lib/libpapi.so.7" ]; then
	echo "$bench_name: no libpapi.so.7 in $papillon_lib: build first (scripts/build)" >&2
	exit 1
fi
papi_lib=$(bench_debian_libpapi)
# The binary needs libpapi.so.7 (Papillon's soname); a directory of its own
# gives Debian's library that name.
mkdir "$scratch/papi"
ln -s "$papi_lib" "$scratch/papi/libpapi.so.7"
make -s -C "$build/bench" process_cost >/dev/null
gcc -O2 -std=gnu11 -I"$source_dir/include" -o "$scratch/lifecycle" \
	"$source_dir/bench/lifecycle.c" -L"$papillon_lib" -lpapi
cost=$build/bench/process_cost

# syscalls LD_LIBRARY_PATH COMMAND...: strace -f -c's total for one run.
syscalls() {
	local path=$1
	shift
	LD_LIBRARY_PATH=$path strace -f -c -o "$scratch/strace" "$@" >/dev/null 2>&1
	awk '$NF == "total" { print ($5 ~ /^[0-9]+$/) ? $4 : $3 }' "$scratch/strace"
}

echo "== init + create + destroy + shutdown: Papillon (A) against $papi_lib (B)"
"$cost" --pairs "$pairs" LD_LIBRARY_PATH="$papillon_lib" "$scratch/lifecycle" \
	--vs LD_LIBRARY_PATH="$scratch/papi" "$scratch/lifecycle"
echo "system calls: Papillon $(syscalls "$papillon_lib" "$scratch/lifecycle")," \
	"PAPI 7.0 $(syscalls "$scratch/papi" "$scratch/lifecycle")"

events=task-clock,context-switches,cpu-migrations,page-faults
papi_stat=$build/utils/.libs/papi_stat
echo "== papi_stat (A) against perf stat (B), -e $events -- /bin/true"
"$cost" --pairs "$pairs" LD_LIBRARY_PATH="$papillon_lib" "$papi_stat" -e "$events" -- /bin/true \
	--vs perf stat -e "$events" -- /bin/true
echo "system calls: papi_stat $(syscalls "$papillon_lib" "$papi_stat" -e "$events" -- /bin/true)," \
	"perf stat $(syscalls "" perf stat -e "$events" -- /bin/true)"
