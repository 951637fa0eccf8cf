# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# PAPI's own ctests (Debian's papi-examples of 7.0, 7.1 and 7.2) built against a PAPI library:
# the parts shared by the host run (scripts/conformance-papi-examples) and the
# emulated-PMU lab (lab/build-papi-examples, lab/lib/papi-examples.sh).
# Sourced, never run. It needs nothing from either side's helper files (their
# log/die differ): only bash, make, and the compiler and archiver it is given
# in PEX_CC and PEX_AR (a cross compiler in the lab).

# Where the examples sit inside the extracted package.
PEX_EXAMPLES_SUBDIR=usr/share/doc/papi-examples/examples

# Programs the examples' Makefile builds that are not tests: run by other
# tests (run_tests_exclude.txt says so too). Not run, not counted.
# shellcheck disable=SC2034 # read by the files that source this one
PEX_SUPPORT_PROGRAMS=" burn attach_target "

# The ctests the emulated-PMU lab runs (lab/lib/papi-examples.sh), here
# because the host run (scripts/conformance-papi-examples) names them too.
#
# PAPI's counting tests: start/stop/read/reset/accumulate, domains,
# derived presets, removal, fork and attach on instructions and cycles. On a
# host without a PMU they skip; in the lab every ctest it runs must pass
# (lab/expectations.txt: "pass pex/..."), except the skips that file allows
# per configuration with their reasons (tenth, branches and calibrate want
# events QEMU does not count).
# shellcheck disable=SC2034 # read by the files that source this one
LAB_PEX_COUNTING=(
	zero first second tenth low-level reset reset_multiplex remove_events
	derived describe calibrate johnmay2 zero_named zero_flip zero_fork
	zero_attach destroy all_events branches byte_profile mendes-alt
)

# The ctests run (shell patterns over the names of the examples' Makefile
# ALL): the multiplexing, overflow, profiling, attach, inheritance,
# fork/exec and thread tests, the high-level region tests (whose default
# events there include PAPI_TOT_INS and PAPI_TOT_CYC), and the counting
# tests, which need a real PMU to mean anything. clockres_pthreads measures timers only (no PMU), passes
# on the host, and spends minutes of emulated time in clock calls: not here.
LAB_PEX_TESTS=(
	multiplex1 multiplex2 'multiplex*_pthreads' max_multiplex kufrin 'sdsc*'
	'overflow*' child_overflow 'profile*' sprofile 'attach*' 'multiattach*'
	inherit 'fork*' 'exec*' '*_pthreads' thrspecific
	system_overflow system_child_overflow
	serial_hl pthread_hl
	"${LAB_PEX_COUNTING[@]}"
)
LAB_PEX_NOT_HERE=" clockres_pthreads "

# pex_wanted NAME: true if NAME is one of LAB_PEX_TESTS.
pex_wanted() {
	local p
	[[ $LAB_PEX_NOT_HERE != *" $1 "* ]] || return 1
	for p in "${LAB_PEX_TESTS[@]}"; do
		# shellcheck disable=SC2053 # p is a pattern
		[[ $1 == $p ]] && return 0
	done
	return 1
}

# The releases whose examples are built here: the Debian suite of each
# release's papi-examples and the architecture of its package ("host": the
# host's, for a package Debian builds per architecture; the examples are
# sources either way), and the define that gives Papillon's papi.h and
# fpapi.h that release's ABI (empty: the headers' default, today's API).
# shellcheck disable=SC2034 # read by the files that source this one
PEX_RELEASES=(7.0 7.1 7.2)
# shellcheck disable=SC2034
declare -gA PEX_RELEASE_SUITE=([7.0]=bookworm [7.1]=trixie [7.2]=sid)
# shellcheck disable=SC2034
declare -gA PEX_RELEASE_EXAMPLES_ARCH=([7.0]=all [7.1]=host [7.2]=host)
# shellcheck disable=SC2034
declare -gA PEX_RELEASE_DEFINE=([7.0]=-DPAPILLON_ABI_7_0 [7.1]=-DPAPILLON_ABI_7_1 [7.2]='')

PEX_CC=${PEX_CC:-cc}
PEX_AR=${PEX_AR:-ar}
# Preprocessor options for every C and Fortran file built here: the define
# that gives Papillon's papi.h and fpapi.h an older release's ABI
# (-DPAPILLON_ABI_7_0), or empty for the headers' default.
PEX_DEFINES=${PEX_DEFINES:-}
# Compiler options of the release's Makefiles (Debian's build flags, for the
# architecture it built the package on) that PEX_CC does not take, dropped
# from every CFLAGS used here: the lab's cross compilers refuse x86's
# -fcf-protection in 7.1's and 7.2's Makefiles.
PEX_DROP_CFLAGS=${PEX_DROP_CFLAGS:-}

# The make variables through which a release's test Makefiles link helper
# objects by path (7.1 and later: "calibrate.c $(TESTLIB) $(DOLOOPS)");
# 7.0's Debian copy leaves them empty and the archive provides the helpers.
PEX_OBJECT_VARS=(DOLOOPS CLOCKCORE TESTFLOPS TESTINS TESTCYCLES DISPLAYERROR)

# pex_linked_objects WORK: the file names (do_loops.o ...) of the helper
# objects the ctests and ftests Makefiles link by path, one a line. Those
# stay out of libtestlib.a: a test pulling one from the archive and naming
# it again would define its functions twice.
pex_linked_objects() {
	local dir var
	for dir in "$1/ctests" "$1/ftests"; do
		[ -f "$dir/Makefile" ] || continue
		for var in "${PEX_OBJECT_VARS[@]}"; do
			pex_make_var "$dir" "$var"
		done
	done | tr ' ' '\n' | awk 'NF { sub(".*/", ""); print }' | sort -u
}

# pex_examples_dir ROOT: the examples directory of a papi-examples package
# extracted into ROOT; status 1 if its layout is not the expected one.
pex_examples_dir() {
	local dir=$1/$PEX_EXAMPLES_SUBDIR
	[ -d "$dir/ctests" ] && [ -d "$dir/testlib" ] || return 1
	printf '%s\n' "$dir"
}

# pex_prepare WORK EXAMPLES: a fresh, writable copy of the three directories
# the ctests build from, and of the Fortran tests (ftests) when the package has them.
pex_prepare() {
	local work=$1 examples=$2
	rm -rf "$work"
	mkdir -p "$work"
	cp -r "$examples/testlib" "$examples/ctests" "$examples/validation_tests" "$work/"
	[ ! -d "$examples/ftests" ] || cp -r "$examples/ftests" "$work/"
	chmod -R u+w "$work"
	# dh_compress may leave a source compressed in some package versions.
	find "$work" -name '*.gz' -exec gunzip -f {} +
}

# pex_make_var DIR VAR: the value of VAR in DIR/Makefile, as make sees it
# (without MPI, which the tests are never built with). Runs free of any
# make that called us: its MAKEFLAGS would carry that make's variables.
pex_make_var() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		make --no-print-directory -s -C "$1" -f Makefile -f - "print-$2" MPICC= <<'EOF'
print-%:
	@echo '$($*)'
EOF
}

# pex_cflags DIR: DIR/Makefile's CFLAGS without PEX_DROP_CFLAGS's options.
pex_cflags() {
	local flag kept=()
	for flag in $(pex_make_var "$1" CFLAGS); do
		[[ " $PEX_DROP_CFLAGS " == *" $flag "* ]] || kept+=("$flag")
	done
	echo "${kept[*]}"
}

# pex_all_tests WORK: every program of the ctests Makefile's ALL, sorted.
pex_all_tests() {
	pex_make_var "$1/ctests" ALL | tr ' ' '\n' | awk 'NF' | sort -u
}

# pex_excluded EXAMPLES: the ctests run_tests_exclude.txt leaves out, as
# " name name ... " (for a match on " $name ").
pex_excluded() {
	printf ' %s ' "$(sed -n 's|^ctests/\([^[:space:]]*\).*|\1|p' "$1/run_tests_exclude.txt" 2>/dev/null | tr '\n' ' ')"
}

# The skip-reason shim. PAPI's test_skip() prints a bare "SKIPPED" and drops
# the call and error it was given. In our scratch copy of test_utils.c its
# definition is renamed papi_examples_test_skip, and this test_skip prints
# the call and error first, then hands over: every caller, the tests and
# test_utils.c itself, goes through it and test logic is untouched.
# PAPI_strerror is weak so the shim never causes a link failure.
pex_write_skip_shim() {
	cat >"$1" <<'EOF'
#include <stdio.h>
#include <string.h>
extern char *PAPI_strerror(int) __attribute__((weak));
extern void papi_examples_test_skip(const char *, int, const char *, int) __attribute__((noreturn));
void test_skip(const char *file, int line, const char *call, int retval) __attribute__((noreturn));
void test_skip(const char *file, int line, const char *call, int retval)
{
	const char *why = NULL, *slash = file ? strrchr(file, '/') : NULL;
	if (slash)
		file = slash + 1;
	if (retval < 0 && PAPI_strerror)
		why = PAPI_strerror(retval);
	fprintf(stdout, "skip reason: %s%s%s (%s:%d, retval %d)\n", call ? call : "",
	        why ? ": " : "", why ? why : "", file ? file : "?", line, retval);
	papi_examples_test_skip(file, line, call, retval);
}
EOF
}

# pex_rename_test_skip FILE: rename test_skip's definition (its name starts
# a line, K&R style) and nothing else. Returns 1 if the package's layout
# changed; then the shim is left out and skips carry no reason.
pex_rename_test_skip() {
	local file=$1
	[ "$(grep -c '^test_skip *(' "$file")" = 1 ] || return 1
	sed -i 's/^test_skip *(/papi_examples_test_skip(/' "$file"
}

# pex_make_object DIR INCDIR OBJECT: OBJECT built by DIR's own Makefile rule
# (7.1's testlib compiles do_loops.c at -O0, for one), with PEX_CC and
# PEX_DEFINES, against the papi.h in INCDIR and the testlib beside DIR.
pex_make_object() {
	local cflags=()
	[ -z "$PEX_DROP_CFLAGS" ] || cflags=("CFLAGS=$(pex_cflags "$1")")
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		make --no-print-directory -C "$1" "CC=$PEX_CC" "${cflags[@]}" \
		"INCLUDE=$PEX_DEFINES -I. -I$2 -I$1/../testlib" "$3"
}

# pex_build_testlib WORK INCDIR: WORK/testlib/libtestlib.a = testlib + the
# validation helpers some ctests link + the skip shim, compiled with PEX_CC
# and PEX_DEFINES against the papi.h in INCDIR. As an archive, each test
# pulls only what it uses. Where the release's Makefiles link a helper by
# path (pex_linked_objects: 7.1's DOLOOPS, TESTFLOPS...), the object is
# built at that path and left out of the archive, as the release's own
# build does; 7.0's Debian copy names none, and the archive has them all.
pex_build_testlib() {
	local work=$1 inc=$2 f obj cflags_t cflags_v objs=() linked
	cflags_t="$(pex_cflags "$work/testlib") $PEX_DEFINES"
	cflags_v="$(pex_cflags "$work/validation_tests") $PEX_DEFINES"
	linked=" $(pex_linked_objects "$work" | tr '\n' ' ') "
	local testlib_srcs=(test_utils do_loops clockcore)
	if pex_rename_test_skip "$work/testlib/test_utils.c"; then
		pex_write_skip_shim "$work/testlib/papillon_skip_reason.c"
		testlib_srcs+=(papillon_skip_reason)
	else
		echo "warning: test_skip() not found where expected: skips will carry no reason"
	fi
	for f in "${testlib_srcs[@]}"; do
		obj=$work/testlib/$f.o
		if [[ $linked == *" $f.o "* ]]; then
			pex_make_object "$work/testlib" "$inc" "$f.o" || return 1
			continue
		fi
		# shellcheck disable=SC2086 # CFLAGS is a list of options
		$PEX_CC $cflags_t -I"$work/testlib" -I"$inc" -c "$work/testlib/$f.c" -o "$obj" || return 1
		objs+=("$obj")
	done
	for f in busy_work instructions_testcode flops_testcode branches_testcode \
		cache_testcode display_error cache_helper matrix_multiply; do
		[ -f "$work/validation_tests/$f.c" ] || continue
		obj=$work/validation_tests/$f.o
		if [[ $linked == *" $f.o "* ]]; then
			pex_make_object "$work/validation_tests" "$inc" "$f.o" || return 1
			continue
		fi
		# shellcheck disable=SC2086
		$PEX_CC $cflags_v -I"$work/validation_tests" -I"$work/testlib" -I"$inc" \
			-c "$work/validation_tests/$f.c" -o "$obj" || return 1
		objs+=("$obj")
	done
	rm -f "$work/testlib/libtestlib.a"
	$PEX_AR rcs "$work/testlib/libtestlib.a" "${objs[@]}"
}

PEX_FC=${PEX_FC:-gfortran}

# pex_build_ftestlib WORK FINCDIR: WORK/testlib/libftestlib.a = the ctests'
# libtestlib.a (pex_build_testlib first) + testlib/ftests_util.F, the Fortran
# helpers every ftest calls, compiled with PEX_FC against the fpapi.h in
# FINCDIR and the ftests Makefile's FFLAGS.
pex_build_ftestlib() {
	local work=$1 finc=$2 fflags
	fflags="$(pex_make_var "$work/ftests" FFLAGS) $PEX_DEFINES"
	# shellcheck disable=SC2086 # FFLAGS is a list of options
	$PEX_FC $fflags -I"$work/testlib" -I"$finc" -c "$work/testlib/ftests_util.F" \
		-o "$work/testlib/ftests_util.o" || return 1
	cp "$work/testlib/libtestlib.a" "$work/testlib/libftestlib.a"
	$PEX_AR rs "$work/testlib/libftestlib.a" "$work/testlib/ftests_util.o"
}

# pex_ftest_make_args WORK FINCDIR LIBRARY LDFLAGS: the make arguments (one per
# line) that point the ftests Makefile at libftestlib.a, PEX_FC, the Fortran
# include files in FINCDIR and the library under test.
pex_ftest_make_args() {
	local work=$1 finc=$2 lib=$3 ldflags=$4
	printf '%s\n' "F77=$PEX_FC" "INCLUDE=$PEX_DEFINES -I. -I$finc -I$work/testlib" \
		"testlibdir=$work/testlib" "TESTLIB=$work/testlib/libftestlib.a" \
		"PAPILIB=$lib" "LDFLAGS=$ldflags"
}

# pex_make_args WORK INCDIR LIBRARY LDFLAGS: the make arguments (one per
# line) that point the examples' Makefile at our testlib, PEX_CC and the
# library under test. Every rule links "... $(PAPILIB) $(LDFLAGS) ...", so
# LDFLAGS can carry what a static library needs after it.
pex_make_args() {
	local work=$1 inc=$2 lib=$3 ldflags=$4
	[ -z "$PEX_DROP_CFLAGS" ] || echo "CFLAGS=$(pex_cflags "$work/ctests")"
	printf '%s\n' MPICC= "CC=$PEX_CC" \
		"INCLUDE=$PEX_DEFINES -I. -I$inc -I$work/testlib -I$work/validation_tests" \
		"testlibdir=$work/testlib" "validationlibdir=$work/validation_tests" \
		"TESTLIB=$work/testlib/libtestlib.a" "PAPILIB=$lib" "LDFLAGS=$ldflags"
}

# pex_classify_build_failure LOG: set PEX_VERDICT and PEX_DETAIL for a test
# that did not build (LOG: its build alone): always FAILED. When the only
# errors are undefined PAPI functions, the detail names them: PAPI 7.0 has
# them and its own test calls them, so a library that lacks one is not
# compatible, and a skip would hide the gap (issue 27).
# shellcheck disable=SC2034 # PEX_* are read by the callers
pex_classify_build_failure() {
	local log=$1 syms others
	syms=$(grep -oE "undefined reference to [\`'][A-Za-z0-9_]+'" "$log" |
		sed -E "s/.*[\`']([A-Za-z0-9_]+)'$/\\1/" | sort -u | tr '\n' ' ' || true)
	syms=${syms% }
	# shellcheck disable=SC2086 # one symbol per word
	others=$(printf '%s\n' $syms | grep -vE '^(PAPI|PAPIF|papif|papi)_' || true)
	if [ -n "$syms" ] && [ -z "$others" ] &&
		! grep -E ': (fatal )?error: ' "$log" | grep -qv 'ld returned'; then
		PEX_VERDICT=FAILED PEX_DETAIL="does not link: Papillon lacks ${syms// /, }, which PAPI 7.0 has"
	else
		PEX_VERDICT=FAILED PEX_DETAIL="build failed${others:+: undefined $others}"
	fi
}

# pex_known_failure NAME LOG ENTRY...: print the reason when a failure of
# test NAME, whose output is in LOG, is one of the ENTRYs
# ("name|output regex|reason"): a failure known to come from the
# environment, recognised by its exact output. The regex may be several
# joined by "&&": every one must match a line. Status 1 otherwise.
pex_known_failure() {
	local entry name res re why test=$1 log=$2 all
	shift 2
	for entry in "$@"; do
		IFS='|' read -r name res why <<<"$entry"
		[ "$name" = "$test" ] || continue
		all=1
		while [ -n "$res" ]; do
			if [[ $res == *'&&'* ]]; then
				re=${res%%&&*} res=${res#*&&}
			else
				re=$res res=''
			fi
			grep -Eq -- "$re" "$log" || all=0
		done
		if [ "$all" = 1 ]; then
			printf '%s\n' "$why"
			return 0
		fi
	done
	return 1
}
