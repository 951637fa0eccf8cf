#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds the overhead benchmark if needed and runs all of it: the timing table
# (PAPI calls beside the raw perf_event syscalls), the syscalls per call, the
# user-space instructions per PAPI_read under callgrind, and, on a machine
# with a hardware PMU, the instructions and cycles per PAPI_read through
# user-space counter reads and through read() (ctests/hw_read_cost).
#
# usage: bench/run.sh [papi_overhead options]     (e.g. --blocks 301 --calls 50)
# environment:
#   BUILD_DIR      out-of-tree build directory (default /tmp/bench-build); it
#                  is configured there when it has not been
#   CALLGRIND_N    reads per callgrind figure (default 100000; 0 skips callgrind)
#   FORCE_STRACE=1 count syscalls with strace even where the tracepoint works
#   HW_READ_COST=0 skips the hardware PAPI_read figures (they need a hardware
#                  PMU, and perf_event_paranoid <= 1 or root for the kernel's
#                  side; without a PMU the program only says SKIPPED)
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

source_dir=$bench_top
build=${BUILD_DIR:-/tmp/bench-build}
callgrind_n=${CALLGRIND_N:-100000}
program="$build/bench/papi_overhead"

# ------------------------------------------------------------------- build
if [ ! -f "$build/config.status" ]; then
	if [ "$(cd "$build" 2>/dev/null && pwd)" = "$source_dir" ]; then
		echo "$bench_name: BUILD_DIR must be outside the source tree" >&2
		exit 2
	fi
	mkdir -p "$build"
	echo "$bench_name: configuring in $build" >&2
	(cd "$build" && "$source_dir/configure" >configure.log 2>&1) || {
		echo "$bench_name: configure failed, see $build/configure.log" >&2
		exit 1
	}
fi
# Only what the benchmark needs: the components and the library (which links
# them in), then the benchmark (and the hardware read-cost program, a ctest).
hw_read_cost=${HW_READ_COST:-1}
if ! { make -s -C "$build/components" -j"$(nproc)" && make -s -C "$build/src" -j"$(nproc)" &&
	make -s -C "$build/bench" &&
	{ [ "$hw_read_cost" = 0 ] || make -s -C "$build/ctests" hw_read_cost; }; } \
	>"$build/bench-make.log" 2>&1; then
	echo "$bench_name: the build failed, see $build/bench-make.log" >&2
	tail -20 "$build/bench-make.log" >&2
	exit 1
fi

# --------------------------------------------- the sys_enter tracepoint id
tracepoint=events/raw_syscalls/sys_enter/id
sys_enter=""
for root in /sys/kernel/tracing /sys/kernel/debug/tracing; do
	if [ -r "$root/$tracepoint" ]; then
		sys_enter=$(cat "$root/$tracepoint")
		break
	fi
done
# tracefs not mounted: mount it in a private mount namespace, which leaves
# the machine's mounts as they are.
if [ -z "$sys_enter" ] && [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
	sys_enter=$(unshare --mount --propagation private sh -c \
		"mount -t tracefs nodev /sys/kernel/tracing && cat /sys/kernel/tracing/$tracepoint" \
		2>/dev/null) || sys_enter=""
fi
if [ "${FORCE_STRACE:-0}" = 1 ]; then
	sys_enter=""
fi

# ------------------------------------------------------- timing + syscalls
if [ -n "$sys_enter" ]; then
	"$program" --sys-enter-id "$sys_enter" "$@"
else
	"$program" --no-syscalls "$@"
fi

# ------------------------------------ strace fallback for the syscall count
# Each operation runs N and 2N times under strace -c; the difference divided
# by N is what one call costs (start/stop are counted as pairs: they cannot
# run alone).
strace_count() { # op events n raw(0/1) -> "reads ioctls"
	local op=$1 events=$2 n=$3 raw=$4 out
	out=$(mktemp)
	local extra=()
	[ "$raw" = 1 ] && extra=(--raw)
	"$build/libtool" --mode=execute strace -f -c -e trace=read,ioctl -o "$out" \
		"$program" --loop "$op" "$n" --events "$events" "${extra[@]}" >/dev/null
	awk '$NF == "read" { r = $4 } $NF == "ioctl" { i = $4 }
		END { print (r ? r : 0), (i ? i : 0) }' "$out"
	rm -f "$out"
}

if [ -z "$sys_enter" ]; then
	if ! command -v strace >/dev/null; then
		echo "Syscalls per call: not counted (no raw_syscalls:sys_enter tracepoint, no strace)"
	else
		n=1000
		echo "Syscalls per call (strace -c, fallback: $n and $((2 * n)) calls, difference / $n)"
		echo
		printf '%-6s %-11s %-24s %s\n' events op PAPI raw
		for events in 1 4 8; do
			for op in start read accum reset; do
				line=()
				for raw in 0 1; do
					read -r r1 i1 < <(strace_count "$op" "$events" "$n" "$raw")
					read -r r2 i2 < <(strace_count "$op" "$events" $((2 * n)) "$raw")
					line+=("$(awk -v r=$((r2 - r1)) -v i=$((i2 - i1)) -v n="$n" \
						'BEGIN { printf "read %.2f, ioctl %.2f", r / n, i / n }')")
				done
				label=$op
				[ "$op" = start ] && label="start+stop"
				printf '%-6s %-11s %-24s %s\n' "$events" "$label" "${line[0]}" "${line[1]}"
			done
		done
		echo
	fi
fi

# ---------------------------------------------------------------- callgrind
if [ "$callgrind_n" != 0 ]; then
	if command -v valgrind >/dev/null; then
		"$source_dir/bench/callgrind-read.sh" "$build" "$callgrind_n" 1 4 8
	else
		echo "Instructions per PAPI_read: not measured (valgrind is not installed)"
	fi
fi

# ------------------------------------------- PAPI_read on hardware counters
# User-space reads (rdpmc, mrs, csrr) against read() of the same hardware
# events, kernel included, measured by a pinned cycles+instructions counter
# (the method is in ctests/hw_read_cost.c; the lab's exact figures come from
# bench/lab-read-cost.sh).
if [ "$hw_read_cost" != 0 ]; then
	echo
	echo "PAPI_read through user space and through read(), hardware events (ctests/hw_read_cost)"
	echo
	"$build/ctests/hw_read_cost" || echo "hw_read_cost failed (exit status $?)"
fi
