#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# components/perfctr/tests/fuzz-long.sh [RUNS] [JOBS]
#
# The long fuzz run of the x86 driver's control validator: builds the fuzz
# target (fuzz_x86_control.c) with libFuzzer, ASan and UBSan (Debian:
# apt-get install clang) in a temporary directory and runs RUNS inputs
# (default 10000000) in one process, or JOBS processes of RUNS each. A
# control accepted against a rule, or a refused one that wrote a register,
# aborts the run with the input saved as crash-*; the last lines give the
# executions and how many controls were accepted and refused.
set -eu

runs=${1:-10000000}
jobs=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
kernel=$here/../kernel
work=$(mktemp -d "${TMPDIR:-/tmp}/perfctr-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
CLANG=${CLANG:-clang}

echo "fuzz-long: building in $work"
# The driver's sources as the user-space tests build them: all but the
# module's native register layer (the privilege rule includes the modules'
# shared kpriv.h, in components/kernel-common).
set --
for source in "$kernel"/x86_*.c; do
	case $source in
	*_native.c) ;;
	*) set -- "$@" "$source" ;;
	esac
done
"$CLANG" -std=gnu11 -O2 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-DFUZZ_REPORT_AT_EXIT -I"$kernel" -I"$here/../../kernel-common" -I"$here" \
	-o "$work/fuzz_x86_control" \
	"$here/fuzz_x86_control.c" "$here/fuzz_oracle.c" "$here/fuzz_seeds.c" "$here/x86_sim.c" "$@"

mkdir -p "$work/corpus"
cd "$work"
echo "fuzz-long: $runs runs x $jobs job(s)"
if [ "$jobs" -gt 1 ]; then
	./fuzz_x86_control -runs="$runs" -jobs="$jobs" -workers="$jobs" -use_value_profile=1 \
		-max_len=1024 -print_final_stats=1 corpus
	cat fuzz-*.log
else
	./fuzz_x86_control -runs="$runs" -use_value_profile=1 -max_len=1024 -print_final_stats=1 \
		corpus
fi
