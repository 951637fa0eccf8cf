# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Building the lab's own programs (/init and lab/tests/*.c) for a target.
# Requires lib/common.sh.

# lab_out ARCH: where the lab's own programs for ARCH go.
lab_out() { echo "$LAB_BUILD/$1/lab"; }

# compile_if_stale ARCH SRC OUT: cross-compile one static C11 program,
# unless OUT is newer than SRC (and than this file's flags, and the lab
# tests' shared headers, lab/tests/*.h).
compile_if_stale() {
	local arch=$1 src=$2 out=$3 cc header fresh=1
	for header in "$LAB_DIR"/tests/*.h; do
		[ ! -e "$header" ] || [ "$out" -nt "$header" ] || fresh=0
	done
	if [ "$fresh" = 1 ] && [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "${BASH_SOURCE[0]}" ]; then
		return 0
	fi
	cc=$(arch_cc "$arch")
	mkdir -p "$(dirname "$out")"
	"$cc" "${LAB_CFLAGS[@]}" -o "$out.tmp" "$src"
	mv "$out.tmp" "$out"
}

# build_lab_programs ARCH: build /init and every lab/tests/*.c for ARCH;
# print the test programs' paths, one per line.
build_lab_programs() {
	local arch=$1 out src name
	out=$(lab_out "$arch")
	compile_if_stale "$arch" "$LAB_DIR/init.c" "$out/init"
	for src in "$LAB_DIR"/tests/*.c; do
		name=$(basename "$src" .c)
		compile_if_stale "$arch" "$src" "$out/tests/$name"
		echo "$out/tests/$name"
	done
}
