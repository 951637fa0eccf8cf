#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The kernel module's native CSR layer (kernel/rv_csr_native.h) with the
# counter driver (rv_pmu.c), compiled freestanding for RV32 and RV64 with
# Debian's riscv64 cross compiler: no kernel tree (tests/native_stubs
# stands in for the two kernel headers the layer includes), compile and
# assemble only, warnings as errors. Checks that the RV32 build really
# executes the high halves, csrr and csrw of sireg4 (0x155) and sireg5
# (0x156) and csrr of cycleh..hpmcounter31h (0xc80-0xc9f), and that the
# RV64 build has none of them (illegal there). A missing case would not
# fail the compile (the layer answers an unknown CSR as illegal), hence
# the look at the generated code. The throttle's logic (rv_throttle.c,
# the overflow interrupt's rate limit, with ../kernel-common/kthrottle.c,
# the budget both modules share) compiles the same way, and must
# call no libgcc helper (an RV32 kernel has none). Prints a verdict.
set -u
srcdir=${srcdir:-.}
cc=${RISCV_CROSS_CC:-riscv64-linux-gnu-gcc}
command -v "$cc" >/dev/null 2>&1 || {
	echo "SKIPPED: no $cc (Debian's gcc-riscv64-linux-gnu; lab/deps riscv64 installs it)"
	exit 77
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
	echo "error: $*"
	failures=$((failures + 1))
}

# compile XLEN MARCH MABI: rv_pmu.c to $tmp/rvXLEN.s and .o.
compile() {
	for out in s o; do
		flag=-S
		[ "$out" = o ] && flag=-c
		"$cc" -std=gnu11 -ffreestanding -nostdinc -isystem "$("$cc" -print-file-name=include)" \
			-march="$2" -mabi="$3" -O2 -Wall -Wextra -Werror -DRV_CSR_NATIVE \
			-I"$srcdir/tests/native_stubs" -I"$srcdir/kernel" -I"$srcdir" \
			"$flag" "$srcdir/rv_pmu.c" -o "$tmp/rv$1.$out" || {
			fail "rv$1: $cc $2/$3 failed"
			return 1
		}
	done
	# The throttle's logic (rv_throttle.c, and the budget and window
	# both modules share, ../kernel-common/kthrottle.c), freestanding
	# too: no call out (an RV32 64-bit division would need libgcc's
	# __udivdi3).
	for source in "$srcdir/rv_throttle.c" "$srcdir/../kernel-common/kthrottle.c"; do
		name=$(basename "$source" .c)
		"$cc" -std=gnu11 -ffreestanding -nostdinc -isystem "$("$cc" -print-file-name=include)" \
			-march="$2" -mabi="$3" -O2 -Wall -Wextra -Werror -DRV_CSR_NATIVE \
			-I"$srcdir/tests/native_stubs" -I"$srcdir/kernel" -I"$srcdir" -I"$srcdir/../kernel-common" \
			-S "$source" -o "$tmp/rv$1-$name.s" || {
			fail "rv$1: $name.c: $cc $2/$3 failed"
			return 1
		}
		if grep -Eq '(call|tail)[[:space:]]+__' "$tmp/rv$1-$name.s"; then
			fail "rv$1: $name.c calls a libgcc helper"
		fi
	done
}

# has XLEN INSN CSR: the RV<XLEN> code has INSN (csrr, csrw) of CSR.
has() {
	case $2 in
	csrr) grep -Eq "^[[:space:]]*1: csrr [a-z0-9]+, $3\$" "$tmp/rv$1.s" ;;
	csrw) grep -Eq "^[[:space:]]*1: csrw $3, [a-z0-9]+\$" "$tmp/rv$1.s" ;;
	esac
}

if compile 32 rv32imac_zicsr ilp32; then
	for csr in 0x155 0x156; do
		has 32 csrr $csr || fail "rv32: no csrr of $csr"
		has 32 csrw $csr || fail "rv32: no csrw of $csr"
	done
	i=0
	while [ $i -lt 32 ]; do
		csr=$(printf '0x%x' $((0xc80 + i)))
		has 32 csrr "$csr" || fail "rv32: no csrr of $csr"
		i=$((i + 1))
	done
	has 32 csrw 0x151 || fail "rv32: no csrw of sireg (0x151): the layer is not in the code"
fi
if compile 64 rv64imac_zicsr lp64; then
	for csr in 0x155 0x156 0xc80 0xc83 0xc9f; do
		has 64 csrr $csr && fail "rv64: csrr of $csr, illegal on RV64"
		has 64 csrw $csr && fail "rv64: csrw of $csr, illegal on RV64"
	done
	has 64 csrw 0x151 || fail "rv64: no csrw of sireg (0x151): the layer is not in the code"
fi
if [ "$failures" -ne 0 ]; then
	echo "FAILED: $failures checks of the native CSR layer's RV32/RV64 code"
	exit 1
fi
echo "PASSED: the native CSR layer, the driver and the throttle compile for RV32 (sireg4, sireg5, 0xc80-0xc9f in the code) and RV64 (none of them)"
