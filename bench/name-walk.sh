#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# What an event name crosses (issue 28): for each case of bench/name_walk.c
# (PAPI_event_name_to_code and PAPI_add_named_event of a native and of a
# preset), the calls into Papillon's functions, how many functions and
# which files of src/ and components/ they are in, counted by callgrind.
# Each case is dumped alone (--dump-before=walk_*: the counts restart at
# every case). Functions the compiler inlined are not calls and are not
# counted; the figures are the -O2 build's. doc/architecture.md holds them.
#
# usage: bench/name-walk.sh [BUILD_DIR]
#   BUILD_DIR  the configured build tree (default: $BUILD_DIR or _build)
set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
top=$bench_top
build=${1:-${BUILD_DIR:-$top/_build}}
program="$build/bench/name_walk"
bench_require_program "$program" "make -C $build/bench name_walk"
bench_require_valgrind
bench_scratch
# PAPI_TOT_CYC from a software event, so that the preset counts anywhere.
printf 'table name_walk\nmatch always\nPAPI_TOT_CYC, NOT_DERIVED, perf::TASK-CLOCK\n' \
	>"$scratch/walk.presets"
if ! PAPI_USER_EVENTS_FILE="$scratch/walk.presets" "$build/libtool" --mode=execute \
	valgrind --tool=callgrind --callgrind-out-file="$scratch/cg" --dump-before='walk_*' \
	"$program" >"$scratch/stdout" 2>"$scratch/stderr"; then
	echo "$bench_name: the run under valgrind failed:" >&2
	cat "$scratch/stderr" >&2
	exit 1
fi

# One dump: the calls (callgrind's "calls=" lines) into functions whose file
# is under the tree's src/ or components/, summed per file.
summarize() {
	awk -v top="$top/" '
	function named(table, spec,   id, rest) {
		id = spec
		sub(/\).*/, "", id)
		rest = spec
		if (sub(/^\([0-9]+\) /, "", rest))
			table[id] = rest
		return table[id]
	}
	/^fl=/ { file = named(files, substr($0, 4)); base = file; next }
	/^f[ie]=/ { file = named(files, substr($0, 4)); next }
	/^fn=/ { named(functions, substr($0, 4)); callee_file = ""; next }
	/^cf[il]=/ { callee_file = named(files, substr($0, 5)); next }
	/^cfn=/ { callee = named(functions, substr($0, 5)); next }
	/^calls=/ {
		split(substr($0, 7), count, " ")
		f = callee_file != "" ? callee_file : base
		callee_file = ""
		if (index(f, top) != 1)
			next
		f = substr(f, length(top) + 1)
		if (f !~ /^(src|components)\//)
			next
		per_file[f] += count[1]
		total += count[1]
		if (!((f, callee) in seen)) {
			seen[f, callee] = 1
			distinct++
		}
	}
	END {
		listed = ""
		file_count = 0
		for (f in per_file) {
			file_count++
			listed = listed sprintf("\n    %6d  %s", per_file[f], f)
		}
		printf "%d calls into %d functions of %d files:%s\n", total, distinct, file_count, listed
	}' "$1"
}

echo "Calls into Papillon per case (callgrind; inlined functions are not calls)"
cases=()
for dump in "$scratch"/cg.*; do
	trigger=$(sed -n 's/^desc: Trigger: --dump-before=//p' "$dump")
	[ -n "$trigger" ] || continue
	# The dump made before a case holds the case before it: name each by
	# the next trigger.
	case $trigger in
	walk_native_first) continue ;; # library_init and the sets: no case
	esac
	cases+=("$dump")
done
names=(walk_native_first walk_native_again walk_preset_name walk_add_native
	walk_add_preset_first walk_add_preset_again)
index=0
for dump in $(printf '%s\n' "${cases[@]}" | sort -t. -k2,2n); do
	echo
	echo "${names[$index]}:"
	summarize "$dump" | sort -k1,1nr
	index=$((index + 1))
done
