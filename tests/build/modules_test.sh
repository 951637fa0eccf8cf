#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Test of components/build-modules, the script behind `make modules`: on a
# made-up tree of two components, one with a kernel/ directory, and a fake
# kernel tree whose Makefile records how it was called, it must build
# exactly the component that has a module, in the build directory (sources
# copied with the code every module shares, kernel-common/*.[ch]; source
# tree untouched), clean it, say when there is nothing to
# build, and fail with the reason on a bad KDIR or a failing kernel build.
# Prints a verdict line last.
set -u
here=$(cd "$(dirname "$0")" && pwd)
script=$here/../../components/build-modules
failures=0
work=$(mktemp -d "${TMPDIR:-/tmp}/modules-test.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

fail() {
	echo "error: $*"
	failures=$((failures + 1))
}

# The made-up components: withmod has a module, nomod none.
mkdir -p "$work/src/withmod/kernel" "$work/src/nomod" "$work/src/kernel-common" "$work/kdir" "$work/build"
echo 'obj-m := papillon_fake.o' >"$work/src/withmod/kernel/Kbuild"
echo '/* a module source */' >"$work/src/withmod/kernel/papillon_fake.c"
echo '/* the code modules share */' >"$work/src/kernel-common/shared.c"
echo '# not a source' >"$work/src/kernel-common/Makefile.am"
# The fake kernel tree: records "TARGET M=DIR" and whether Kbuild is in M.
cat >"$work/kdir/Makefile" <<'MAKEFILE'
modules clean:
	@test -z "$(FAIL)"
	@test -f "$(M)/Kbuild" && echo "$@ M=$(M)" >>"$(LOG)"
MAKEFILE
log=$work/calls.log

run() {
	env -u MAKEFLAGS -u MAKELEVEL MAKE=make LOG="$log" sh "$script" "$@" >"$work/out" 2>&1
}

# 1. Only the component with a kernel/ is built, in the build tree.
: >"$log"
run modules "$work/src" "$work/build" "$work/kdir" nomod withmod || fail "modules: exit status $?: $(cat "$work/out")"
[ "$(cat "$log")" = "modules M=$work/build/withmod/kernel" ] ||
	fail "modules: the kernel build was called as '$(cat "$log")', expected 'modules M=$work/build/withmod/kernel'"
[ -f "$work/build/withmod/kernel/papillon_fake.c" ] || fail "modules: the module's sources were not copied to the build tree"
[ -f "$work/build/withmod/kernel/shared.c" ] || fail "modules: kernel-common's sources were not copied beside the module's"
[ ! -e "$work/build/withmod/kernel/Makefile.am" ] || fail "modules: copied kernel-common's Makefile.am, not a module source"
[ ! -e "$work/build/nomod" ] || fail "modules: made a directory for nomod, which has no module"
[ "$(find "$work/src" -type f | wc -l)" -eq 4 ] || fail "modules: files appeared in the source tree"

# 2. modules-clean cleans the same, in the build tree.
: >"$log"
run modules-clean "$work/src" "$work/build" "$work/kdir" nomod withmod || fail "modules-clean: exit status $?"
[ "$(cat "$log")" = "clean M=$work/build/withmod/kernel" ] || fail "modules-clean: the kernel build was called as '$(cat "$log")'"

# 3. No component built here has a module: nothing to do, and said so.
: >"$log"
run modules "$work/src" "$work/build" "$work/kdir" nomod || fail "modules with no module: exit status $?"
grep -q 'nothing to do' "$work/out" || fail "modules with no module said: $(cat "$work/out")"
[ ! -s "$log" ] || fail "modules with no module called the kernel build: $(cat "$log")"

# 4. A KDIR that is no kernel tree: status 1 and the reason.
status=0
run modules "$work/src" "$work/build" "$work/nowhere" withmod || status=$?
[ "$status" -eq 1 ] || fail "modules with a bad KDIR: exit status $status, expected 1"
grep -q "KDIR=$work/nowhere is not a kernel build tree" "$work/out" || fail "modules with a bad KDIR said: $(cat "$work/out")"

# 5. A failing kernel build fails make modules.
status=0
FAIL=1 run modules "$work/src" "$work/build" "$work/kdir" withmod || status=$?
[ "$status" -ne 0 ] || fail "modules: a failing kernel build still exited 0"

# 6. An unknown action is refused.
status=0
run install "$work/src" "$work/build" "$work/kdir" withmod || status=$?
[ "$status" -eq 2 ] || fail "an unknown action: exit status $status, expected 2"

if [ "$failures" -eq 0 ]; then
	echo "PASSED: make modules builds and cleans exactly the components' kernel/ directories"
	exit 0
fi
echo "FAILED: $failures checks of components/build-modules failed"
exit 1
