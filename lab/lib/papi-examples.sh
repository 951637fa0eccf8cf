# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# PAPI's own ctests (Debian's papi-examples of PAPI 7.0 and 7.2, each
# built for its release's ABI) in the lab: which of them, in which
# configurations, how their guests are booted, and which failures are the
# emulator's rather than the library's. Requires lib/common.sh,
# lib/suite.sh and lib/results.sh. lab/build-papi-examples builds them; the
# parts shared with the host run are in scripts/lib/papi-examples.sh.
#
# Each release's get a guest of their own, booted in the background while the
# rest of the lab runs (QEMU uses one host core; the releases' guests one
# after the other), with -icount
# shift=LAB_PEX_ICOUNT_SHIFT: their workloads are calibrated in wall-clock
# seconds (do_stuff() loops for 2 s, fork_overflow counts interrupts per
# second over 14 s), and under shift=0 a guest second is 10^9 emulated
# instructions, ~4.5 real seconds (the list took 23 minutes). With shift=3 an
# instruction is 8 guest nanoseconds: instruction counts stay exact, cycles
# are 8 x instructions (a CPU at CPI 8), and the list runs in ~8 minutes.
# shift=4 is no faster: what is left is fixed work (multiplex3_pthreads
# alone, ~40e9 instructions) and kernel multiplexing's per-tick rotations.
#
# Results are named pex/NAME for PAPI 7.0's, pexR/NAME for release R's
# (pex7.2/NAME): lab/expectations.txt's "pex*/" lines cover all; a line of
# lab/test-options.txt for pex/NAME applies to every release's NAME.
# Layout in the guest: /pex/NAME, run in /pex (exec_overflow execs
# ./child_overflow) as "NAME TESTS_QUIET", like the host run; the support
# programs the tests exec through PATH (attach_target) also in /usr/bin.
# Presets come from lab/presets/qemu-ARCH.presets (PAPILLON_PRESETS_DIR):
# QEMU counts instructions and cycles only, and the tests' first choice,
# PAPI_FP_INS, would give them an event that never counts; without it they
# fall back to PAPI_TOT_INS. The few tests that need many presets get the
# library's tables back (lab/test-options.txt).

# shellcheck source=scripts/lib/papi-examples.sh
. "$LAB_DIR/../scripts/lib/papi-examples.sh"

# The configurations that run them. PAPILLON_LAB_PEX_CONFS overrides the
# list ("" runs them nowhere). aarch64-a57 runs them all with one CPU;
# aarch64-smp2 (two CPUs) runs those that need a second CPU (pex_only).
LAB_PEX_CONFS=" ${PAPILLON_LAB_PEX_CONFS-aarch64-a57 aarch64-smp2} "
# The releases whose ctests run there (PAPILLON_LAB_PEX_RELEASES overrides).
# 7.0's and 7.2's: the two layouts of the public structs and enums (7.1's
# layout is 7.0's, built from the same boundary objects; its ctests differ
# from 7.0's in thrspecific.c only, and scripts/test's conformance-7.1 runs
# them on the host).
# shellcheck disable=SC2034 # read by lab/check
LAB_PEX_RELEASES=${PAPILLON_LAB_PEX_RELEASES-7.0 7.2}
# The ctests only 7.0's guest runs: the three longest (about two thirds of
# the list's time, lab/README.md). What they do through the ABI boundary
# (library init, component records, error strings) the other multiplexing
# tests do in every release's guest (multiplex1, multiplex2, sdsc-mpx,
# sdsc2-mpx...); what they add is load on the one core under kernel
# multiplexing, which 7.0's guest tests.
LAB_PEX_FIRST_RELEASE_ONLY=" multiplex1_pthreads multiplex3_pthreads sdsc4-mpx "
# The library archive each release's ctests link, in a cross-built tree:
# that of the release's soname (src/Makefile.am: abi7_0 and abi7_1 beside
# the default, 7.2's).
# shellcheck disable=SC2034 # read by lab/build-papi-examples
declare -gA PEX_RELEASE_ARCHIVE=([7.0]=src/abi7_0/.libs/libpapi.a [7.1]=src/abi7_1/.libs/libpapi.a
	[7.2]=src/.libs/libpapi.a)
LAB_PEX_ICOUNT_SHIFT=${PAPILLON_LAB_PEX_ICOUNT_SHIFT:-3}
# The configuration's CPUs (lib/qemu.sh's conf_smp) unless
# PAPILLON_LAB_PEX_SMP says otherwise. With two CPUs for the whole list (QEMU
# runs them in turn under -icount) it takes over 20 minutes: the two-CPU
# guest runs only the tests that need them.
LAB_PEX_SMP=${PAPILLON_LAB_PEX_SMP:-}
# Host limit (real seconds) on their guest, which runs them one by one: it
# only catches a guest that hangs (each test has its own limit in guest
# seconds). About 490 s on a quiet machine before the 21 counting ctests
# joined (about 9 minutes with them); more than 1200 s when the host is
# loaded and QEMU gets a third of a core (seen with load 12 on 2 cores).
LAB_PEX_BOOT_TIMEOUT=${PAPILLON_LAB_PEX_BOOT_TIMEOUT:-2400}

# The ctests run (LAB_PEX_TESTS, pex_wanted) are listed in
# scripts/lib/papi-examples.sh: the host run names them in its skips.

# Tests that run their helper through system(), which needs /bin/sh: the
# guest gets Debian's static busybox as its shell (lab/fetch-busybox), and
# without it they are skipped with that reason.
LAB_PEX_NEED_SHELL=" system_overflow system_child_overflow "

# pex_runs_in CONF: true if CONF runs the papi-examples ctests.
pex_runs_in() { [[ $LAB_PEX_CONFS == *" $1 "* ]]; }

# pex_prefix RELEASE: the first part of its ctests' names (see above).
pex_prefix() {
	if [ "$1" = 7.0 ]; then echo pex; else echo "pex$1"; fi
}

# pex_only CONF: the ctests CONF runs, a glob on their full names (pex*/NAME);
# empty: all of them. The attach-to-CPU validation tests attach an event
# set to each CPU in turn and skip themselves with fewer than two
# (totalcpus < 2, "num_cpus"): the two-CPU guest runs them, and only them,
# which keeps its boot short.
pex_only() {
	case $1 in
	aarch64-smp2) echo 'pex*/attach_cpu_?(sys_)validate' ;;
	esac
}

# pex_selection CONF: the tests CONF's guest runs: pex_only's, and of them
# only those PAPILLON_LAB_PEX_ONLY (a glob on pex*/NAME, for a run of a few
# of them) matches when it is set; empty: all.
pex_selection() {
	local mine want=${PAPILLON_LAB_PEX_ONLY:-}
	mine=$(pex_only "$1")
	if [ -n "$mine" ] && [ -n "$want" ]; then
		# Both: a name neither glob refuses.
		echo "!(!($mine)|!($want))"
	else
		echo "$mine$want"
	fi
}

# pex_arch_runs ARCH: true if a configuration of ARCH runs them.
pex_arch_runs() {
	local c
	for c in $(check_conf_list "$1"); do
		! pex_runs_in "$c" || return 0
	done
	return 1
}

# pex_guest_skip OUT NAME: print why NAME cannot run in the guest (OUT:
# lab/build-papi-examples' results), if it cannot.
pex_guest_skip() {
	[[ $LAB_PEX_NEED_SHELL == *" $2 "* ]] || return 1
	[ ! -s "$1/shell" ] || return 1
	echo "runs its helper through system(), and the guest has no /bin/sh (lab/fetch-busybox failed)"
}

# pex_smp CONF: the CPUs of CONF's guest for these ctests.
pex_smp() { echo "${LAB_PEX_SMP:-$(conf_smp "$1")}"; }

# pex_out ARCH RELEASE: where lab/build-papi-examples puts its results.
pex_out() { echo "$LAB_BUILD/$1/pex-$2"; }

# suite_pex_files DIR ARCH RELEASE: the built programs of RELEASE's ctests, into /pex (and the support
# programs also into /usr/bin, on the guest's PATH), and busybox as /bin/sh.
suite_pex_files() {
	local dir=$1 arch=$2 out kind name path
	out=$(pex_out "$arch" "$3")
	[ -f "$out/programs.txt" ] || return 0
	[ ! -s "$out/shell" ] || suite_file "$dir" "$(cat "$out/shell")" /bin/sh
	# Every program, even where the guest runs only some of them (pex_only,
	# PAPILLON_LAB_PEX_ONLY): tests run others (exec_overflow and
	# system_child_overflow run ./child_overflow, which prints their
	# verdict).
	while read -r kind name path; do
		suite_file "$dir" "$path" "/pex/$name"
		[ "$kind" != support ] || suite_file "$dir" "$path" "/usr/bin/$name"
	done <"$out/programs.txt"
}

# suite_pex_presets DIR ARCH: where lab/presets/qemu-ARCH.presets exists,
# the library in the guest takes its presets from it alone: what QEMU
# models (see that file), so that the ctests choose events that count.
suite_pex_presets() {
	local dir=$1 file=$LAB_DIR/presets/qemu-$2.presets
	[ -f "$file" ] || return 0
	suite_file "$dir" "$file" "/lab/presets/${file##*/}"
	echo "env PAPILLON_PRESETS_DIR=/lab/presets" >>"$dir/manifest"
}

# suite_pex_tests DIR ARCH RELEASE: RELEASE's tests, and the results known
# on the host (not built, cannot run in the guest).
suite_pex_tests() {
	local dir=$1 arch=$2 out status kind name path verdict why prefix
	out=$(pex_out "$arch" "$3")
	prefix=$(pex_prefix "$3")
	status=$(cat "$out/status" 2>/dev/null || echo "failed: not built")
	case $status in
	ok) ;;
	# The library did not cross-build: tree/build says so already.
	skipped:*)
		suite_host_result "$dir" "$(tree_missing_status)" "$prefix/build" "${status#skipped: }"
		return 0
		;;
	*)
		suite_host_result "$dir" FAILED "$prefix/build" "${status#failed: }"
		return 0
		;;
	esac
	while read -r verdict name why; do
		suite_host_result "$dir" "$verdict" "$prefix/$name" "$why"
	done <"$out/missing.txt"
	# Whether each must pass (a skip failing) is lab/expectations.txt's
	# to say, with the skip reason the shim prints (pex_refine_results).
	while read -r kind name path; do
		[ "$kind" = test ] || continue
		[ "$3" = 7.0 ] || [[ $LAB_PEX_FIRST_RELEASE_ONLY != *" $name "* ]] || continue
		suite_test "$dir" "$prefix/$name" " cwd=/pex" -- "/pex/$name" TESTS_QUIET
	done <"$out/programs.txt"
}

# pex_refine_results SUITE_DIR LOG: in SUITE_DIR/results, give the skips
# that ran in the guest the reason the skip shim printed ("skip reason:
# ..."), the one lab/expectations.txt's lines match.
pex_refine_results() {
	local dir=$1 log=$2 st name code why out reason
	out=$(mktemp)
	while read -r st name code why; do
		# Only skips that ran in the guest have a shim's reason to find.
		if [[ $name == pex*/* ]] && [ "$code" != - ] && [ "$st" = SKIPPED ]; then
			reason=$(results_output "$log" "$name" | sed -n 's/^skip reason: //p' | head -n 1)
			[ -z "$reason" ] || why=$reason
		fi
		echo "$st $name $code${why:+ $why}"
	done <"$dir/results" >"$out"
	mv "$out" "$dir/results"
}

# pex_results SUITE_DIR LOG BOOT_OK: results_parse for these ctests: the
# shim's reasons first (pex_refine_results), which lab/expectations.txt's
# lines match.
pex_results() {
	results_collect "$@"
	pex_refine_results "$1" "$2"
	results_expect "$1"
}

# The guests booted in the background: "CONF RELEASE DIR PID" per line.
LAB_PEX_BOOTS=()

# pex_boot_start CONF ARCH RELEASE: pack the guest of RELEASE's ctests for
# CONF and boot it in the background (lab/check collects it with
# pex_boot_finish).
pex_boot_start() {
	local conf=$1 arch=$2 release=$3 dir files=()
	dir=$LAB_BUILD/runs/$conf-pex-$release
	rm -rf "$dir"
	suite_begin "$dir" "$conf" "$LAB_PEX_ICOUNT_SHIFT"
	suite_only "$dir" "$(pex_selection "$conf")"
	suite_pex_presets "$dir" "$arch"
	suite_pex_files "$dir" "$arch" "$release"
	suite_pex_tests "$dir" "$arch" "$release"
	mapfile -t files <"$dir/files"
	"$LAB_DIR/mkinitramfs" "$dir/initrd.cpio.gz" "$(lab_out "$arch")/init" "$dir/manifest" "${files[@]}"
	log "check: $conf: booting PAPI $release's $(wc -l <"$dir/expected") ctests in the background" \
		"(-icount shift=$LAB_PEX_ICOUNT_SHIFT, -smp $(pex_smp "$conf"), $(du -h "$dir/initrd.cpio.gz" | cut -f1) initramfs)"
	LAB_ICOUNT_SHIFT=$LAB_PEX_ICOUNT_SHIFT LAB_SMP=$LAB_PEX_SMP \
		boot_in_background "$dir" "$conf" --timeout "$LAB_PEX_BOOT_TIMEOUT"
	LAB_PEX_BOOTS+=("$conf $release $dir $BACKGROUND_PID")
}

# pex_boot_finish: wait for the background guests, then report each like a
# configuration. Uses lab/check's add_totals and TIMINGS.
pex_boot_finish() {
	local entry conf release dir pid ok seconds t0
	for entry in "${LAB_PEX_BOOTS[@]}"; do
		read -r conf release dir pid <<<"$entry"
		t0=$(now)
		wait "$pid" || true
		read -r ok seconds <"$dir/boot-status" 2>/dev/null || ok=0 seconds='?'
		pex_results "$dir" "$dir/console.log" "$ok"
		echo "== $conf: PAPI $release ctests (-icount shift=$LAB_PEX_ICOUNT_SHIFT, -smp $(pex_smp "$conf"), console: $dir/console.log)"
		results_show "$dir" "$conf" "$dir/console.log"
		add_totals "$dir/results"
		TIMINGS+=("$conf PAPI $release ctests: pack+boot+tests $seconds s in the background (then waited $(($(now) - t0)) s); $(results_count "$dir/results" PASSED) passed, $(results_count "$dir/results" FAILED) failed, $(results_count "$dir/results" SKIPPED) skipped; slowest: $(results_slowest "$dir/console.log.times" 5)")
	done
	LAB_PEX_BOOTS=()
}
