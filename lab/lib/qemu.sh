# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# QEMU command lines of the lab's guest configurations (the facts behind
# them are in lab/README.md). Requires lib/common.sh.
#
# Every guest runs under -icount: without it instruction counters are
# missing (arm64) or count host time (ppc, riscv). With shift=0 (the
# default) one guest instruction is one virtual nanosecond, counts are exact
# and cycles equal instructions. LAB_ICOUNT_SHIFT=N makes an instruction
# 2^N virtual nanoseconds: instruction counts stay exact, cycles are 2^N x
# instructions, and a guest second costs 2^N times fewer instructions (the
# PAPI 7.0 ctests, whose workloads last seconds of wall time, run so).
# Guests have one CPU (aarch64-smp2 two, x86_64-smp4 four, conf_smp); LAB_SMP=N gives N
# (QEMU runs them in turn, so counts stay exact under icount). The
# kernel unpacks the initramfs into half of the guest's memory: the x86_64
# suite's static programs (133 of about 3.3 MB: glibc, libpfm4 and, for the
# Fortran tests, libgfortran linked in) came to 449 MB, over what 1 GiB
# leaves ("Initramfs unpacking failed: write error", the programs packed
# last missing): 2 GiB, which QEMU allocates only as the guest touches it. panic=-1 plus -no-reboot turns a guest panic into a QEMU exit
# (seen by the host as a console without LAB-DONE) instead of a hang, and
# oops=panic does the same for an oops that a test might trigger.

QEMU_APPEND_COMMON="rdinit=/init panic=-1 oops=panic quiet"

# conf_qemu_binary CONF
conf_qemu_binary() {
	case $(conf_arch "$1") in
	aarch64) echo qemu-system-aarch64 ;;
	ppc64le) echo qemu-system-ppc64 ;;
	riscv64)
		case $1 in
		riscv64-?*) echo "$("$LAB_DIR/fetch-qemu-deleg")/usr/bin/qemu-system-riscv64" ;;
		*) echo qemu-system-riscv64 ;;
		esac
		;;
	x86_64) echo qemu-system-x86_64 ;;
	esac
}

# The delegation guests' hart (QEMU 10): Sscofpmf, Smstateen and the
# indirect CSRs, with Smcdeleg/Ssccfg on or off. Smcntrpmf stays off:
# with it OpenSBI sets MINH in minstretcfg as in every selector it
# programs, and no counter would see M-mode, where an SBI call's cost is
# (the benchmark's meter is instret, components/riscv/tests/lab/riscv_deleg.c).
RISCV_DELEG_CPU=rv64,sscofpmf=true,smstateen=true,smcsrind=true,sscsrind=true,smcntrpmf=false

# conf_cpu CONF: the -cpu model (empty: QEMU's default).
conf_cpu() {
	case $1 in
	aarch64-a57 | aarch64-smp2) echo cortex-a57 ;;
	aarch64-n1) echo neoverse-n1 ;;
	ppc64le) echo power9 ;;
	ppc64le-p8) echo power8 ;;
	ppc64le-p10) echo power10 ;;
	# Sscofpmf gives counter overflow and mode filtering: without it
	# every exclude_kernel=1 event fails with EINVAL.
	riscv64) echo rv64,sscofpmf=true ;;
	riscv64-deleg | riscv64-deleg-smp4) echo "$RISCV_DELEG_CPU,smcdeleg=true,ssccfg=true" ;;
	riscv64-nodeleg | riscv64-nodeleg-smp4 | riscv64-nomodule) echo "$RISCV_DELEG_CPU,smcdeleg=false,ssccfg=false" ;;
	# No counter overflow interrupt: Sscofpmf off (delegation still on).
	riscv64-nosscofpmf) echo "${RISCV_DELEG_CPU/sscofpmf=true/sscofpmf=false},smcdeleg=true,ssccfg=true" ;;
	x86_64 | x86_64-smp4) echo "" ;;
	esac
}

# conf_smp CONF: the guest's CPUs, unless LAB_SMP says otherwise.
conf_smp() {
	case $1 in
	aarch64-smp2) echo 2 ;;
	# The riscv module's counters across harts (lab/README.md).
	riscv64-deleg-smp4 | riscv64-nodeleg-smp4) echo 4 ;;
	x86_64-smp4) echo 4 ;;
	*) echo 1 ;;
	esac
}

# conf_clock CONF: -icount, except in x86_64-smp4: QEMU 7.2's x86_64
# guest with more than one CPU under -icount hangs at "x86: Booting SMP
# configuration" (seen with qemu64 and Haswell, with and without sleep=off;
# QEMU's round-robin of the vCPUs never starts the second one), so that
# guest runs on single-threaded TCG (one host thread, the vCPUs in turn)
# with the host's clock: its tests, on the TSC, hold bounds, not exact
# counts (lab/README.md, "Four x86_64 CPUs").
conf_clock() {
	case $1 in
	x86_64-smp4) printf '%s\n' -accel tcg,thread=single ;;
	*) printf '%s\n' -icount "shift=${LAB_ICOUNT_SHIFT:-0}" ;;
	esac
}

# conf_append CONF: the configuration's own kernel arguments, each after a
# blank. Without -icount the guest's timer check at boot runs on the
# host's clock, and on a loaded host it found the 8254 timer too slow and
# panicked ("IO-APIC + timer doesn't work"): x86_64-smp4 skips the check.
conf_append() {
	case $1 in
	x86_64-smp4) printf ' %s' no_timer_check ;;
	esac
}

# conf_qemu_args CONF KERNEL INITRD: print the full argv, one per line.
conf_qemu_args() {
	local conf=$1 kernel=$2 initrd=$3 cpu
	cpu=$(conf_cpu "$conf")
	conf_qemu_binary "$conf"
	case $(conf_arch "$conf") in
	aarch64 | riscv64) printf '%s\n' -M virt ;;
	ppc64le) printf '%s\n' -M pseries ;;
	esac
	[ -z "$cpu" ] || printf '%s\n' -cpu "$cpu"
	printf '%s\n' -smp "${LAB_SMP:-$(conf_smp "$conf")}" -m 2G -nographic -no-reboot
	conf_clock "$conf"
	case $(conf_arch "$conf") in
	# Without recommends QEMU has no ROMs for default NICs or VGA: ask
	# for none.
	ppc64le) printf '%s\n' -vga none -net none ;;
	*) printf '%s\n' -nic none ;;
	esac
	case $(conf_arch "$conf") in
	riscv64)
		case $conf in
		# OpenSBI 1.5.1 (bookworm-backports), which enables delegation.
		riscv64-?*)
			printf '%s\n' -bios "$("$LAB_DIR/fetch-qemu-deleg")/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin"
			;;
		*) printf '%s\n' -bios /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin ;;
		esac
		;;
	esac
	printf '%s\n' -kernel "$kernel" -initrd "$initrd" -append "console=$(conf_console "$conf") $QEMU_APPEND_COMMON$(conf_append "$conf")"
}

# conf_console CONF: the guest's console device.
conf_console() {
	case $(conf_arch "$1") in
	aarch64) echo ttyAMA0 ;;
	ppc64le) echo hvc0 ;;
	*) echo ttyS0 ;;
	esac
}
