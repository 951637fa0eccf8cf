#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# components/perfctr/tests/rule-mutations.sh [CC]
#
# Checks that the driver's tests pin its rules: for each line of
# rule-mutations.txt (a check of kernel/x86_*.c deleted, loosened or made
# stricter), builds test_x86_driver on a copy of the sources with that one
# change and runs it; the test program must fail. Prints one line per
# mutation (killed / SURVIVED) and "N killed, N survived"; exit 1 if any
# survived or a mutation's text is no longer in its file. Needs a C
# compiler and CUnit (libcunit1-dev); takes about a minute.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
cc=${1:-${CC:-cc}}
work=$(mktemp -d "${TMPDIR:-/tmp}/perfctr-mutations.XXXXXX")
trap 'rm -rf "$work"' EXIT

# build_and_run: builds the test program from $work/kernel and runs it;
# 2 if it does not build, else the program's exit status.
build_and_run() {
	set --
	for source in "$work"/kernel/x86_*.c; do
		case $source in *_native.c) ;; *) set -- "$@" "$source" ;; esac
	done
	# The code both modules share (the rate limit, the privilege rule)
	# is not mutated here: its own tests are in the suite.
	"$cc" -std=gnu11 -w -I"$work/kernel" -I"$here" -I"$here/.." -I"$top/tests/unit" \
		-I"$top/components/kernel-common" \
		-I"$top/include" -I"$top/src" -DPERFCTR_PRESETS_FILE="\"$top/presets/perfctr.presets\"" \
		-o "$work/test" "$here"/test_*.c "$here/x86_sim.c" \
		"$here/x86_test.c" "$here/../perfctr_state_read.c" "$here/../perfctr_events.c" \
		"$here/../perfctr_control.c" "$here/../perfctr_imode.c" "$top/src/util/error.c" \
		"$work/kernel/perfctr_cpumask.c" "$work/kernel/perfctr_global.c" \
		"$work/kernel/perfctr_marshal.c" "$work/kernel/perfctr_throttle.c" \
		"$top/components/kernel-common/kthrottle.c" \
		"$@" -lcunit || return 2
	"$work/test" >/dev/null 2>&1
}

# The suite must build and pass on the driver as it is.
cp -R "$here/../kernel" "$work/kernel"
if ! build_and_run; then
	echo "rule-mutations: the unchanged driver's tests do not build or pass: nothing to compare" >&2
	exit 2
fi

killed=0 survived=0 line_number=0
tab=$(printf '\t')
while IFS="$tab" read -r file search replace; do
	line_number=$((line_number + 1))
	case $file in '#'* | '') continue ;; esac
	rm -rf "$work/kernel" && cp -R "$here/../kernel" "$work/kernel"
	target=$work/kernel/$file
	SEARCH=$(printf '%b' "$search") REPLACE=$(printf '%b' "$replace")
	export SEARCH REPLACE
	if ! grep -qF "$(printf '%s' "$SEARCH" | head -n 1)" "$target"; then
		printf 'MISSING  line %s: %s no longer has: %s\n' "$line_number" "$file" "$search"
		survived=$((survived + 1))
		continue
	fi
	perl -0pi -e 's/\Q$ENV{SEARCH}\E/$ENV{REPLACE}/' "$target"
	status=0
	build_and_run || status=$?
	case $status in
	0)
		printf 'SURVIVED line %s: %s: %s\n' "$line_number" "$file" "$search"
		survived=$((survived + 1))
		;;
	2)
		printf 'MISSING  line %s: %s does not build with: %s\n' "$line_number" "$file" "$replace"
		survived=$((survived + 1))
		;;
	*)
		printf 'killed   line %s: %s: %s\n' "$line_number" "$file" "$search"
		killed=$((killed + 1))
		;;
	esac
done <"$here/rule-mutations.txt"
echo "$killed killed, $survived survived"
[ "$survived" -eq 0 ]
