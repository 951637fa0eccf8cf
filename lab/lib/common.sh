# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Variables set here are used by the scripts that source this file.
# shellcheck disable=SC2034
# Shared helpers for the emulated-PMU lab scripts. Sourced, never executed.
#
# A "configuration" (CONF) is one guest we boot: an architecture plus a CPU
# model. aarch64 has two (cortex-a57 and neoverse-n1) because libpfm4 knows
# both under different PMU names; every other arch has one.

LAB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Every Debian package comes through debfetch (pinned in
# lab/debian-packages.lock, verified, cached), shared with scripts/.
# shellcheck source=scripts/lib/debfetch.sh
. "$LAB_DIR/../scripts/lib/debfetch.sh"
# The cache survives between runs on one machine: kernels and target .debs
# are 50-110 MB each and must not be downloaded by every CI run. It is the
# test suite's one cache (PAPILLON_LAB_CACHE, see debfetch.sh).
LAB_CACHE=$(papillon_cache_root)
# Build products live under lab/build (git-ignored) unless told otherwise, so
# the source tree is never configured in place.
LAB_BUILD=${PAPILLON_LAB_BUILD:-$LAB_DIR/build}
LAB_ARCHES=(aarch64 ppc64le riscv64 x86_64)

log() { printf 'lab: %s\n' "$*" >&2; }
die() {
	printf 'lab: error: %s\n' "$*" >&2
	exit 1
}

# Seconds since the epoch, for the per-step timings the lab prints.
now() { date +%s; }

# conf_list ARCH|CONF...: expand arch names into their configurations.
conf_list() {
	local a
	for a in "$@"; do
		case $a in
		aarch64) echo aarch64-a57 aarch64-n1 ;;
		aarch64-a57 | aarch64-n1 | ppc64le | riscv64 | x86_64) echo "$a" ;;
		# A cortex-a57 guest with two CPUs, for the test that takes one
		# offline: lab/check adds it to aarch64 (check_conf_list).
		aarch64-smp2) echo "$a" ;;
		# An x86_64 guest with four CPUs, for the perfctr module on
		# many CPUs: lab/check adds it to x86_64 (check_conf_list).
		x86_64-smp4) echo "$a" ;;
		# POWER8 and POWER10 CPU models (the EBB tests, lab/README.md):
		# ppc64le alone is the POWER9 guest; lab/check adds these two
		# to it (check_conf_list).
		ppc64le-p8 | ppc64le-p10) echo "$a" ;;
		# QEMU 10 with counter delegation on and off, without the
		# module, and without Sscofpmf (lab/README.md): lab/check adds
		# them to riscv64 (check_conf_list).
		riscv64-deleg | riscv64-nodeleg | riscv64-nomodule | riscv64-nosscofpmf) echo "$a" ;;
		# The same two with 4 harts, for the module's counters across
		# harts and CPU hotplug (lab/README.md).
		riscv64-deleg-smp4 | riscv64-nodeleg-smp4) echo "$a" ;;
		all) conf_list "${LAB_ARCHES[@]}" ;;
		*) die "unknown arch or configuration '$a' (want one of: ${LAB_ARCHES[*]} aarch64-a57 aarch64-n1 aarch64-smp2 all)" ;;
		esac
	done
}

# check_conf_list ARCH|CONF...: the configurations lab/check runs for its
# arguments: conf_list's, except that the arch ppc64le (alone or through
# "all") also brings its POWER8 and POWER10 guests, which run the EBB tests
# only (conf_only), riscv64 its QEMU 10 guests, aarch64 its two-CPU
# guest and x86_64 its four-CPU one. Each configuration once, in order.
check_conf_list() {
	local a
	for a in "$@"; do
		case $a in
		aarch64) echo aarch64-a57 aarch64-n1 aarch64-smp2 ;;
		x86_64) echo x86_64 x86_64-smp4 ;;
		ppc64le) echo ppc64le ppc64le-p8 ppc64le-p10 ;;
		riscv64) echo riscv64 riscv64-deleg riscv64-nodeleg riscv64-nomodule riscv64-nosscofpmf riscv64-deleg-smp4 riscv64-nodeleg-smp4 ;;
		all) check_conf_list "${LAB_ARCHES[@]}" ;;
		*) conf_list "$a" ;;
		esac
	done | tr ' ' '\n' | awk 'NF && !seen[$0]++'
}

# conf_only CONF: the tests lab/check runs in CONF, a shell glob on their
# full names (e.g. ctests/hw_ebb_*); empty: all of them. The POWER8 and
# POWER10 guests exist for the component that differs between the three
# CPU models (ebb): the rest of the suite runs once, in the POWER9 guest,
# which keeps the extra boots short. lab/run ignores it (it runs what it
# is told).
conf_only() {
	case $1 in
	ppc64le-p8 | ppc64le-p10) echo 'ctests/hw_ebb_*' ;;
	# The one test that needs a second CPU (to take it offline under a
	# set counting it, issue 20); the one-CPU guests run the rest.
	aarch64-smp2) echo 'ctests/hw_fault_taken' ;;
	# The perfctr module on four CPUs (issue 30): its own test, which
	# runs the component's perfctr ctests too, and the migration and
	# hotplug test, which needs more than one CPU (the one-CPU guest
	# leaves it out).
	x86_64) echo '!(lab/perfctr_smp)' ;;
	x86_64-smp4) echo '@(lab/perfctr_module|lab/perfctr_smp|ctests/perfctr_*)' ;;
	# The kernel module's test runs in the two QEMU 10 guests, with and
	# without delegation, beside the riscv component's ctest (which uses
	# the module when it is loaded); the QEMU 7.2 guest runs the rest
	# (its SBI PMU reads a stopped counter as 0 once time has passed,
	# lab/README.md); the module's robustness test (issue 20) goes with
	# it. Globs with bash's extended patterns.
	riscv64) echo '!(lab/riscv_deleg|lab/riscv_module_robust|lab/riscv_task_counters|lab/riscv_migrate)' ;;
	riscv64-deleg | riscv64-nodeleg) echo '@(lab/riscv_deleg|lab/riscv_module_robust|lab/riscv_task_counters|ctests/riscv_csr)' ;;
	# 4 harts: the module's counters across harts and CPU hotplug.
	riscv64-deleg-smp4 | riscv64-nodeleg-smp4) echo 'lab/riscv_migrate' ;;
	# QEMU 10 without the module: the riscv component's perf-managed
	# mode (perf sampling's overflow) and legacy mode. Without Sscofpmf:
	# the module with no overflow interrupt, and the component's
	# kernel-module mode on it (the core's software overflow; counts of
	# every mode, the least of three with the console drained).
	riscv64-nomodule) echo 'ctests/riscv_csr?(_legacy)' ;;
	riscv64-nosscofpmf) echo '@(lab/riscv_deleg|ctests/riscv_csr)' ;;
	esac
}

# conf_arch CONF: the architecture a configuration belongs to.
conf_arch() {
	case $1 in
	aarch64*) echo aarch64 ;;
	ppc64le*) echo ppc64le ;;
	riscv64*) echo riscv64 ;;
	x86_64*) echo x86_64 ;;
	*) echo "$1" ;;
	esac
}

# Per-architecture facts. One function per fact keeps the table greppable.
arch_debarch() {
	case $1 in
	aarch64) echo arm64 ;; ppc64le) echo ppc64el ;; riscv64) echo riscv64 ;; x86_64) echo amd64 ;;
	*) die "unknown arch '$1'" ;;
	esac
}
arch_triplet() {
	case $1 in
	aarch64) echo aarch64-linux-gnu ;; ppc64le) echo powerpc64le-linux-gnu ;;
	riscv64) echo riscv64-linux-gnu ;; x86_64) echo x86_64-linux-gnu ;;
	*) die "unknown arch '$1'" ;;
	esac
}
# Debian 12 has no riscv64 kernel; trixie does (lab/README.md).
arch_suite() {
	case $1 in
	riscv64) echo trixie ;;
	*) echo bookworm ;;
	esac
}
# The kernel flavour metapackage whose Depends names the current ABI.
arch_kernel_meta() {
	case $1 in
	aarch64) echo linux-image-arm64 ;; ppc64le) echo linux-image-powerpc64le ;;
	riscv64) echo linux-image-riscv64 ;; x86_64) echo linux-image-amd64 ;;
	*) die "unknown arch '$1'" ;;
	esac
}
# The C compiler for the target; x86_64 is the host's own.
arch_cc() {
	local t
	t=$(arch_triplet "$1")
	if [ "$1" = "$(uname -m)" ] && command -v gcc >/dev/null; then
		echo gcc
	else
		echo "$t-gcc"
	fi
}

# Directory holding one arch's cached kernel and sysroot.
arch_cache() { echo "$LAB_CACHE/$1"; }

# with_lock FILE CMD...: run CMD holding an exclusive lock on FILE, so two
# lab runs at once (make -j check-lab-aarch64 check-lab-ppc64le) do not
# download into, or rebuild, the same place together.
with_lock() {
	local file=$1
	shift
	mkdir -p "$(dirname "$file")"
	(
		flock 9
		"$@"
	) 9>"$file"
}

# host_cc_flags: the flags every lab C program is built with.
LAB_CFLAGS=(-std=c11 -O2 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -static)

# is_static ARCH FILE: true if FILE is an executable without an ELF
# interpreter, i.e. one that runs without ld.so in the initramfs.
is_static() {
	local readelf headers
	readelf=$(arch_triplet "$1")-readelf
	command -v "$readelf" >/dev/null || readelf=readelf
	# Captured first: grep -q on a pipe could SIGPIPE readelf, and
	# pipefail would turn a match into a failure.
	headers=$("$readelf" -hlW "$2" 2>/dev/null) || return 1
	case $headers in
	*"Requesting program interpreter"*) return 1 ;;
	*"Type:"*EXEC* | *"Type:"*DYN*) return 0 ;;
	*) return 1 ;;
	esac
}
