# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# What a guest runs: the manifest for /init (lab/init.c), the files of the
# initramfs, and the results known on the host before booting (programs
# that did not build). Requires lib/common.sh, lib/qemu.sh, lib/build.sh.
#
# Layout in the guest: /lab/tests/NAME (the lab's own tests), /bin/NAME
# (utilities), /ctests/NAME, /unit/NAME (CUnit unit tests); PAPI's own
# ctests are added by lib/papi-examples.sh (/pex/NAME, named pex*/NAME).

# conf_has_pmu CONF: true where the guest has a hardware PMU.
conf_has_pmu() {
	case $1 in
	x86_64*) return 1 ;;
	*) return 0 ;;
	esac
}

# test_options CONF NAME: the options lab/test-options.txt gives the test
# NAME (e.g. ctests/hw_cycles) in CONF (lines marked "pmu" apply only where
# the guest has a PMU, lines marked "conf=GLOB" only in the configurations
# the shell glob matches). A line names a test by its program name, or by
# its full name: PAPI's own ctests (pex/..., pex7.2/...) share program
# names with ours and are named in full, as pex/NAME.
test_options() {
	local pmu=0 base=${2##*/} conf=$1 line words=() i
	! conf_has_pmu "$conf" || pmu=1
	# Every release's copy (pex7.2/NAME) takes pex/NAME's line.
	[[ $2 != pex*/* ]] || base=pex/${2#*/}
	while IFS= read -r line; do
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		read -r -a words <<<"$line"
		[ "${words[0]}" = "$2" ] || [ "${words[0]}" = "$base" ] || continue
		i=1
		if [ "${words[1]:-}" = pmu ]; then
			[ "$pmu" = 1 ] || continue
			i=2
		elif [[ ${words[1]:-} == conf=* ]]; then
			# shellcheck disable=SC2053 # a glob
			[[ $conf == ${words[1]#conf=} ]] || continue
			i=2
		fi
		for (( ; i < ${#words[@]}; i++)); do printf ' %s' "${words[i]}"; done
	done <"$LAB_DIR/test-options.txt"
}

# suite_begin DIR CONF [SHIFT]: start a suite in DIR (manifest, files,
# expected, host-results) for a guest booted with -icount shift=SHIFT
# (default 0; see lib/qemu.sh).
suite_begin() {
	local dir=$1 conf=$2 icount=${3:-0}
	mkdir -p "$dir"
	echo "$conf" >"$dir/conf"
	{
		echo "# lab manifest for $conf, written by lab/lib/suite.sh"
		echo "env LAB_CONF=$conf"
		echo "env LAB_ARCH=$(conf_arch "$conf")"
		# The hardware ctests expect exact counts only under icount 0.
		echo "env PAPILLON_LAB_ICOUNT_SHIFT=$icount"
		# Debian guests boot with perf_event_paranoid=3 (no perf at all
		# for unprivileged users); the build machines have 2, which the
		# tests that drop to "nobody" expect.
		echo "default timeout=120 paranoid=2"
	} >"$dir/manifest"
	: >"$dir/files"
	: >"$dir/expected"
	: >"$dir/host-results"
}

# suite_only DIR GLOB: the suite runs only the tests whose full name GLOB
# matches (lab/check, from conf_only), and its initramfs holds only their
# programs; a result decided on the host for another test is left out too,
# except a failed build of the whole tree.
suite_only() { [ -z "$2" ] || echo "$2" >"$1/only"; }

# suite_wants DIR NAME: true if the suite runs the test NAME.
suite_wants() {
	local g
	[ -f "$1/only" ] || return 0
	g=$(cat "$1/only")
	# shellcheck disable=SC2053 # a glob
	[[ $2 == $g ]]
}

# suite_file DIR SRC DEST: put SRC in the initramfs at DEST.
suite_file() { echo "$2=$3" >>"$1/files"; }

# suite_test DIR NAME OPTIONS -- ARGV...: one test for the guest to run.
suite_test() {
	local dir=$1 name=$2 opts=$3
	shift 3
	[ "$1" = -- ] && shift
	suite_wants "$dir" "$name" || return 0
	echo "test $name$opts$(test_options "$(cat "$dir/conf")" "$name") -- $*" >>"$dir/manifest"
	echo "$name" >>"$dir/expected"
}

# suite_host_result DIR STATUS NAME REASON: a result decided on the host.
suite_host_result() {
	[ "$3" = tree/build ] || suite_wants "$1" "$3" || return 0
	echo "$2 $3 - $4" >>"$1/host-results"
}

# suite_lab_tests DIR CONF LIST: the lab's own tests (LIST: their built
# programs, one per line). Whether they must pass here (a SKIP meaning a
# broken lab) is lab/expectations.txt's to say, like for every hardware test.
suite_lab_tests() {
	local dir=$1 list=$3 prog name
	while read -r prog; do
		name=${prog##*/}
		suite_wants "$dir" "lab/$name" || continue
		suite_file "$dir" "$prog" "/lab/tests/$name"
		suite_test "$dir" "lab/$name" "" -- "/lab/tests/$name"
	done <"$list"
}

# suite_tree_files DIR ARCH: every program of the cross-built tree.
suite_tree_files() {
	local dir=$1 arch=$2 kind name path
	[ -f "$LAB_BUILD/$arch/programs.txt" ] || return 0
	while read -r kind name path; do
		case $kind in
		# Utilities are run by guest-commands.txt's tests (utils/NAME,
		# not always the program's name): a suite that runs none of
		# them needs none.
		utils)
			if suite_wants "$dir" "utils/$name"; then
				suite_file "$dir" "$path" "/bin/$name"
			fi
			;;
		ctests)
			suite_wants "$dir" "ctests/$name" || continue
			suite_file "$dir" "$path" "/ctests/$name"
			# Its PAPI_USER_EVENTS_FILE (lab/test-options.txt).
			if [ "$name" = hw_ebb_preset ]; then
				suite_file "$dir" "$LAB_DIR/../presets/ebb.presets" /lab/presets/ebb.presets
			fi
			# And riscv_csr's (lab/test-options.txt, the delegation guests).
			if [ "$name" = riscv_csr ]; then
				suite_file "$dir" "$LAB_DIR/../presets/riscvcsr.presets" /lab/presets/riscvcsr.presets
			fi
			;;
		ftests) ! suite_wants "$dir" "ftests/$name" || suite_file "$dir" "$path" "/ftests/$name" ;;
		tests) ! suite_wants "$dir" "tests/$name" || suite_file "$dir" "$path" "/unit/$name" ;;
		esac
	done <"$LAB_BUILD/$arch/programs.txt"
}

# built ARCH KIND NAME: true if the tree's program was built.
built() { grep -q "^$2 $3 " "$LAB_BUILD/$1/programs.txt" 2>/dev/null; }

# suite_tree_tests DIR CONF ARCH: utilities runs, ctests and unit tests;
# what did not build is reported, not silently dropped.
suite_tree_tests() {
	local dir=$1 conf=$2 arch=$3 status line name flags cmd opts kind why w words=()
	status=$(cat "$LAB_BUILD/$arch/status" 2>/dev/null || echo "failed: not built")
	if [ "$status" != ok ]; then
		suite_host_result "$dir" "$(tree_missing_status)" "tree/build" "$status"
		return 0
	fi
	while IFS= read -r line; do
		line=${line%%#*}
		[ -n "${line// /}" ] || continue
		name=${line%% *}
		flags=${line#"$name"}
		flags=${flags%%--*}
		cmd=${line#*-- }
		opts=""
		read -r -a words <<<"$flags"
		# "pmu" only says where it runs; that it must pass there is
		# lab/expectations.txt's rule.
		for w in "${words[@]}"; do
			[ "$w" = pmu ] || opts="$opts $w"
		done
		case " $flags " in
		*" pmu "*)
			if ! conf_has_pmu "$conf"; then
				suite_host_result "$dir" SKIPPED "utils/$name" "no hardware PMU in this guest"
				continue
			fi
			;;
		esac
		if built "$arch" utils "${cmd%% *}"; then
			# shellcheck disable=SC2086 # the command's words
			suite_test "$dir" "utils/$name" "$opts" -- $cmd
		else
			suite_host_result "$dir" "$(tree_missing_status)" "utils/$name" "${cmd%% *} did not build"
		fi
	done <"$LAB_DIR/guest-commands.txt"
	while read -r kind name why; do
		suite_host_result "$dir" "$(tree_missing_status)" "$kind/$name" "$why"
	done <"$LAB_BUILD/$arch/missing.txt"
	while read -r kind name _; do
		case $kind in
		ctests) suite_test "$dir" "ctests/$name" "" -- "/ctests/$name" ;;
		ftests) suite_test "$dir" "ftests/$name" "" -- "/ftests/$name" ;;
		tests) suite_test "$dir" "tests/$name" "" -- "/unit/$name" ;;
		esac
	done <"$LAB_BUILD/$arch/programs.txt"
	# The riscv component's legacy mode: its ctest once more, under a
	# name of its own that lab/test-options.txt gives perf_user_access=2
	# (init restores the setting after it).
	if [ "$arch" = riscv64 ] && built "$arch" ctests riscv_csr &&
		suite_wants "$dir" ctests/riscv_csr_legacy; then
		suite_test "$dir" ctests/riscv_csr_legacy "" -- /ctests/riscv_csr
	fi
}

# tree_missing_status: how a program that did not cross-build counts: a
# failure (a broken cross build must not turn the lab's tests into skips).
# Only an explicit PAPILLON_LAB_REQUIRE_TREE=0 makes it a SKIP (with its
# reason): make check-lab passes 0 when this build has no library at all,
# whose failure scripts/test counts already.
tree_missing_status() {
	if [ "${PAPILLON_LAB_REQUIRE_TREE:-1}" = 0 ]; then echo SKIPPED; else echo FAILED; fi
}

# boot_in_background DIR CONF [BOOT_OPTION...]: boot DIR/initrd.cpio.gz as
# CONF in the lab's background lane, one guest at a time (each waits for
# the lane's lock, and its time counts from then), console in
# DIR/console.log, "OK SECONDS" in DIR/boot-status (OK: 1 when lab/boot
# succeeded). Sets BACKGROUND_PID, the job to wait for. Variables set on
# the call (LAB_ICOUNT_SHIFT=...) reach lab/boot.
boot_in_background() {
	local dir=$1 conf=$2
	shift 2
	(
		flock 9
		t0=$(now)
		ok=1
		"$LAB_DIR/boot" "$@" --log "$dir/console.log" "$conf" "$dir/initrd.cpio.gz" || ok=0
		echo "$ok $(($(now) - t0))" >"$dir/boot-status"
	) 9>"$LAB_BUILD/runs/background.lock" &
	# shellcheck disable=SC2034 # read by the callers
	BACKGROUND_PID=$!
}
