#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Test of configure's component choice (components/components.m4), in a
# scratch build directory: --with-components builds what it names and
# refuses a name the tree does not have; a component asked for whose
# dependencies are missing stops configure with the reason; by default such
# a component is left out with the reason (and configure stops only when no
# component is left); by default every component is built, in the list's
# order; sde alone builds without libpfm4. libpfm4 is made to look missing
# with configure's cache variable for its header. Prints a verdict line last.
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
failures=0
fail() {
	echo "error: $*"
	failures=$((failures + 1))
}

[ -x "$srcdir/configure" ] || {
	echo "SKIPPED: no configure script in $srcdir (run autoreconf -fi)"
	exit 77
}
[ ! -f "$srcdir/config.status" ] || {
	echo "SKIPPED: $srcdir is configured in place, which stops configure in another directory"
	exit 77
}
work=$(mktemp -d "${TMPDIR:-/tmp}/configure-components.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
no_libpfm=ac_cv_header_perfmon_pfmlib_perf_event_h=no
# The components of the tree, in list order.
known=$(sed -n 's|^m4_include(\[components/\([a-z_0-9]*\)/component.m4\]).*|\1|p' "$srcdir/components/list.m4" | tr '\n' ' ')
known=${known% }

# The runs share one cache, seeded with the results of the build this test
# runs in (its config.log lists them, run from its tests/ directory), so
# that they take seconds: every cached result but those of the precious
# variables (CC, CFLAGS, ...), which the build may have set otherwise, and
# in the ${name=value} form, which leaves those given on the command line.
if [ -f ../config.log ]; then
	sed -n '/^## Cache variables/,/^## Output variables/p' ../config.log |
		grep -E '^[A-Za-z_][A-Za-z0-9_]*_cv_[A-Za-z0-9_]*=' | grep -v '^ac_cv_env_' |
		sed 's/^\([^=]*\)=\(.*\)$/: ${\1=\2}/' >"$work/config.cache"
fi

# configure_in NAME ARG...: configure in $work/NAME with the shared cache,
# output in $work/NAME.out; returns configure's status.
configure_in() {
	name=$1
	shift
	mkdir -p "$work/$name"
	(cd "$work/$name" && "$srcdir/configure" --cache-file="$work/config.cache" "$@") \
		>"$work/$name.out" 2>&1
}
says() {
	grep -qF -- "$2" "$work/$1.out" || fail "$1: configure did not say '$2'; it ended with: $(tail -n 3 "$work/$1.out")"
}

# 1. Asked for explicitly, with its dependencies here: built, and listed in
#    config.h (the list src/registry/components.c is made from) and the Makefiles
#    (only those two are made: config.status takes long for all of them).
if configure_in asked --with-components=perf_event --no-create &&
	(cd "$work/asked" && ./config.status config.h components/Makefile) >>"$work/asked.out" 2>&1; then
	grep -qx '#define PAPILLON_FOR_EACH_COMPONENT(X)  *X(perf_event)' "$work/asked/config.h" ||
		fail "asked: config.h lists $(grep PAPILLON_FOR_EACH_COMPONENT "$work/asked/config.h")"
	grep -qx 'COMPONENTS = perf_event' "$work/asked/components/Makefile" ||
		fail "asked: components/Makefile has $(grep '^COMPONENTS =' "$work/asked/components/Makefile")"
	says asked "component perf_event: built (libpfm4: -lpfm)"
else
	fail "asked: configure --with-components=perf_event failed: $(tail -n 3 "$work/asked.out")"
fi

# 2. By default, with every dependency here: every component of the list,
#    in the list's order (perf_event stays component 0). Before the runs
#    that make libpfm4 look missing: configure keeps that in the cache.
if configure_in default --no-create &&
	(cd "$work/default" && ./config.status config.h) >>"$work/default.out" 2>&1; then
	want=''
	for component in $known; do
		want="$want X($component)"
	done
	grep -qx "#define PAPILLON_FOR_EACH_COMPONENT(X) *$want" "$work/default/config.h" ||
		fail "default: config.h lists $(grep PAPILLON_FOR_EACH_COMPONENT "$work/default/config.h"), expected$want"
else
	fail "default: configure failed: $(tail -n 3 "$work/default.out")"
fi

# 3. A name the tree does not have.
if configure_in unknown --with-components=perf_event,nosuch; then
	fail "unknown: configure accepted --with-components=perf_event,nosuch"
fi
says unknown "no component 'nosuch' in this tree (known: $known)"

# 4. No component at all.
if configure_in none --without-components; then
	fail "none: configure accepted --without-components"
fi
says none "the library needs at least one component"

# 5. Asked for, libpfm4 missing: configure stops with the reason.
if configure_in asked-missing --with-components=perf_event "$no_libpfm"; then
	fail "asked-missing: configure succeeded without libpfm4's header"
fi
says asked-missing "component perf_event was asked for (--with-components) but cannot be built: libpfm4's header perfmon/pfmlib_perf_event.h is missing"

# 6. By default, libpfm4 missing: perf_event is left out with the reason;
#    configure goes on with the others, or stops when there are none.
status=0
configure_in default-missing "$no_libpfm" || status=$?
says default-missing "component perf_event is left out: libpfm4's header perfmon/pfmlib_perf_event.h is missing"
if [ "$known" = perf_event ]; then
	[ "$status" -ne 0 ] || fail "default-missing: configure succeeded with no component"
	says default-missing "no component can be built here:"
else
	[ "$status" -eq 0 ] || fail "default-missing: configure failed: $(tail -n 3 "$work/default-missing.out")"
	! grep -q 'X(perf_event)' "$work/default-missing/config.h" || fail "default-missing: config.h still lists perf_event"
fi

# 7. sde alone (it needs no libpfm4): built even where libpfm4 is missing,
#    and then component 0.
case " $known " in
*" sde "*)
	if configure_in sde-alone --with-components=sde "$no_libpfm" --no-create &&
		(cd "$work/sde-alone" && ./config.status config.h) >>"$work/sde-alone.out" 2>&1; then
		grep -qx '#define PAPILLON_FOR_EACH_COMPONENT(X)  *X(sde)' "$work/sde-alone/config.h" ||
			fail "sde-alone: config.h lists $(grep PAPILLON_FOR_EACH_COMPONENT "$work/sde-alone/config.h")"
		says sde-alone "component sde: built"
	else
		fail "sde-alone: configure --with-components=sde failed: $(tail -n 3 "$work/sde-alone.out")"
	fi
	;;
esac

if [ "$failures" -eq 0 ]; then
	echo "PASSED: configure builds the components asked for, and leaves out or refuses those it cannot build, with the reason"
	exit 0
fi
echo "FAILED: $failures checks of configure's component choice failed"
exit 1
