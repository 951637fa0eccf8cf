#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Instructions per PAPI_read through the user-space path and through read(),
# measured in the emulated-PMU lab, where QEMU's -icount shift=0 makes the
# count exact: ctests/hw_read_cost (see its header for the method) runs in
# each configuration's guest with perf_user_access=1 and prints its table.
#
# usage: bench/lab-read-cost.sh [--no-build] [CONF...]
#   CONF         lab configurations (default: aarch64-a57 aarch64-n1; riscv64
#                works too). The first one cross-builds the tree unless
#                --no-build is given; the others reuse that build.
# environment:   PAPILLON_LAB_BUILD, PAPILLON_LAB_CACHE as for lab/run.
# Exit status: 0 when every run passed (the 5x target for one event met), 1
# otherwise.
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

source_dir=$bench_top
build=1
if [ "${1:-}" = --no-build ]; then
	build=0
	shift
fi
confs=("$@")
[ ${#confs[@]} -gt 0 ] || confs=(aarch64-a57 aarch64-n1)

status=0
for conf in "${confs[@]}"; do
	opts=(--user-access 1)
	[ "$build" = 1 ] || opts+=(--no-build)
	build=0
	out=$(mktemp)
	code=0
	"$source_dir/lab/run" "${opts[@]}" "$conf" -- hw_read_cost >"$out" 2>"$out.err" || code=$?
	echo "== $conf"
	# The test's own lines: the table and its verdict.
	grep -v '^lab/run' "$out" || true
	if [ "$code" != 0 ]; then
		echo "$bench_name: hw_read_cost exited with $code on $conf" >&2
		tail -n 20 "$out.err" >&2
		status=1
	fi
	echo
	rm -f "$out" "$out.err"
done
exit "$status"
