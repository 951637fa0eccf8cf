# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Building the lab's own programs (/init, lab/tests/*.c and the
# components' lab tests, components/NAME/tests/lab/*.c) for a target.
# Requires lib/common.sh.

# lab_out ARCH: where the lab's own programs for ARCH go.
lab_out() { echo "$LAB_BUILD/$1/lab"; }

# lab_test_sources: the lab's test programs' sources, the lab's own then
# each component's, one per line. A component's lab tests live in its
# folder (components/NAME/tests/lab/) and are named lab/NAME like the
# lab's own (test names are program names: they must differ).
lab_test_sources() {
	local src
	for src in "$LAB_DIR"/tests/*.c "$LAB_DIR"/../components/*/tests/lab/*.c; do
		[ ! -e "$src" ] || echo "$src"
	done
}

# compile_if_stale ARCH SRC OUT: cross-compile one static C11 program,
# unless OUT is newer than SRC (and than this file's flags, and the lab
# tests' shared headers, lab/tests/*.h and those beside SRC). The lab's
# shared headers (module_checks.h) are on the include path of every one.
compile_if_stale() {
	local arch=$1 src=$2 out=$3 cc header fresh=1
	for header in "$LAB_DIR"/tests/*.h "$(dirname "$src")"/*.h; do
		[ ! -e "$header" ] || [ "$out" -nt "$header" ] || fresh=0
	done
	if [ "$fresh" = 1 ] && [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "${BASH_SOURCE[0]}" ]; then
		return 0
	fi
	cc=$(arch_cc "$arch")
	mkdir -p "$(dirname "$out")"
	"$cc" "${LAB_CFLAGS[@]}" -I"$LAB_DIR/tests" -o "$out.tmp" "$src"
	mv "$out.tmp" "$out"
}

# build_lab_programs ARCH: build /init and every lab test program for ARCH;
# print the test programs' paths, one per line.
build_lab_programs() {
	local arch=$1 out src name
	out=$(lab_out "$arch")
	compile_if_stale "$arch" "$LAB_DIR/init.c" "$out/init"
	while read -r src; do
		name=$(basename "$src" .c)
		compile_if_stale "$arch" "$src" "$out/tests/$name"
		echo "$out/tests/$name"
	done < <(lab_test_sources)
}
