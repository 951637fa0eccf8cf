#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Header ABI check: Papillon's include/papi.h and papiStdEventDefs.h against one PAPI 7.x
# release's (7.0, 7.1 or 7.2: the reference's own version decides). Papillon's headers are
# compiled for that release's ABI: with PAPILLON_ABI_7_0 or PAPILLON_ABI_7_1 defined for 7.0
# and 7.1, with nothing for 7.2 (the default). check-releases.sh runs it once per release.
#
# 1. Hygiene: our headers compile alone, twice, as C11/GNU11 and C++ with warnings as errors,
#    and the functions have C linkage.
# 2. Values: gen-abi-check.pl lists every #define, enumerator, typedef, struct member and
#    function of PAPI's installed headers; one generated program prints all their values,
#    sizes, offsets and types. It is built against PAPI's headers and against ours; the two
#    outputs must be identical.
# 3. Prototypes: PAPI's own function prototypes, typedefs and struct tags are compiled after
#    our papi.h, as C and as C++; the compiler rejects any that are missing or conflict.
#
# Prints PASSED abi-headers / FAILED abi-headers / SKIPPED: reason; exits 0 / 1 / 77 (the
# automake "skipped" status); under CI=true a reason to skip is a failure instead. Environment: CC, CXX, PAPI_REF_INCLUDE (default /usr/include:
# Debian's libpapi-dev, installed here when missing and running as root), ABI_KEEP=1 keeps
# the work directory.
set -u

here=$(cd "$(dirname "$0")" && pwd)
include=$(cd "$here/../../include" && pwd)
ref=${PAPI_REF_INCLUDE:-/usr/include}
CC=${CC:-cc}
CXX=${CXX:-c++}
name=abi-headers

work=$(mktemp -d "${TMPDIR:-/tmp}/abi-headers.XXXXXX") || exit 1
if [ "${ABI_KEEP:-0}" = 1 ]; then
	echo "work directory: $work"
else
	trap 'rm -rf "$work"' EXIT
fi

# Under CI=true nothing may skip: CI runs as root with the network, where
# libpapi-dev installs and its papi.h compiles; if it did not, the machine
# is broken and the check must say so, not vanish among the skips.
skip() {
	if [ "${CI:-}" = true ]; then
		echo "FAILED $name: CI=true, where this check never skips: $*"
		exit 1
	fi
	echo "SKIPPED: $name: $*"
	exit 77
}

failures=0
fail() {
	echo "error: $*"
	failures=$((failures + 1))
}

# Shows a compiler log under a failure: its errors if it names any, else its start.
show_log() {
	if grep -q 'error' "$1"; then
		grep -A3 'error' "$1" | sed -n '1,40p'
	else
		sed -n '1,40p' "$1"
	fi | sed 's/^/    /'
}

# ---- the reference headers

have_ref() {
	[ -r "$ref/papi.h" ] && [ -r "$ref/papiStdEventDefs.h" ]
}

if ! have_ref; then
	if [ "$ref" != /usr/include ]; then
		skip "no papi.h and papiStdEventDefs.h in PAPI_REF_INCLUDE=$ref"
	elif [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		skip "PAPI 7.0 headers not installed (apt-get install libpapi-dev as root)"
	fi
	echo "installing libpapi-dev for the reference headers"
	apt_install() {
		apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends libpapi-dev \
			>>"$work/apt.log" 2>&1
	}
	# A fresh container may have no package lists yet.
	apt_install || { apt-get -o DPkg::Lock::Timeout=300 update >>"$work/apt.log" 2>&1 &&
		apt_install; } || {
		tail -5 "$work/apt.log"
		skip "apt-get install libpapi-dev failed"
	}
	have_ref || skip "libpapi-dev installed but $ref/papi.h is still missing"
fi

if grep -q PAPILLON "$ref/papi.h"; then
	skip "$ref/papi.h is Papillon's own header, not PAPI's (was Papillon installed there?)"
fi

printf '#include <papi.h>\n#include <stdio.h>\nint main(void)\n{\n\tprintf("%%d.%%d\\n", PAPI_VERSION_MAJOR(PAPI_VERSION), PAPI_VERSION_MINOR(PAPI_VERSION));\n\treturn 0;\n}\n' \
	>"$work/refversion.c"
"$CC" -I"$ref" "$work/refversion.c" -o "$work/refversion" 2>"$work/refversion.log" ||
	skip "cannot compile against $ref/papi.h: $(head -1 "$work/refversion.log")"
refversion=$("$work/refversion")
case $refversion in
7.0) abi_flags=-DPAPILLON_ABI_7_0 ;;
7.1) abi_flags=-DPAPILLON_ABI_7_1 ;;
7.2) abi_flags= ;;
*) skip "$ref/papi.h is PAPI $refversion, not a release this check knows (7.0, 7.1, 7.2)" ;;
esac
name="abi-headers-$refversion"
echo "reference: PAPI $refversion ($ref); Papillon's headers with: ${abi_flags:-no ABI define}"

# ---- 1. hygiene of our headers

cwarn="-Wall -Wextra -Werror -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes"

cat >"$work/hygiene.c" <<'EOF'
#include <papi.h>
#include <papi.h>

#if !defined(PAPILLON) || PAPILLON != 1
#error "PAPILLON must be 1"
#endif

const char *(*hygiene_reason)(void);
int (*hygiene_event_reason)(int, char *, int);
const char hygiene_version[] = PAPILLON_VERSION_STRING;

int main(void)
{
	hygiene_reason = PAPI_strreason;
	hygiene_event_reason = PAPI_event_reason;
	return PAPI_VER_CURRENT == PAPI_VERSION_NUMBER(7, PAPILLON_ABI_MINOR, 0, 0) ? 0 : 1;
}
EOF
cat >"$work/stdalone.c" <<'EOF'
#include <papiStdEventDefs.h>
#include <papi.h>
int stdalone(void);
int stdalone(void)
{
	return PAPI_TOT_CYC;
}
EOF
# Redeclaring with C linkage is an error if papi.h had given them C++ linkage.
cat >"$work/hygiene.cc" <<'EOF'
#include <papi.h>
extern "C" int PAPI_library_init(int);
extern "C" const char *PAPI_strreason(void);
extern "C" int PAPI_event_reason(int, char *, int);
int main()
{
	PAPI_event_info_t info = PAPI_event_info_t();
	return static_cast<int>(info.event_code) + (IS_PRESET(PAPI_TOT_CYC) ? 0 : 1);
}
EOF

for std in c11 gnu11; do
	for src in hygiene.c stdalone.c; do
		# shellcheck disable=SC2086 # cwarn is a list of flags
		"$CC" -std=$std $cwarn $abi_flags -I"$include" -c "$work/$src" -o "$work/hygiene.o" \
			>"$work/hygiene.log" 2>&1 ||
			{ fail "$src does not compile cleanly with $CC -std=$std"; show_log "$work/hygiene.log"; }
	done
done
if command -v "$CXX" >/dev/null 2>&1; then
	for std in c++11 c++17; do
		# shellcheck disable=SC2086 # abi_flags is empty or one flag
		"$CXX" -std=$std -Wall -Wextra -Werror -Wpedantic $abi_flags -I"$include" -c "$work/hygiene.cc" \
			-o "$work/hygiene.o" >"$work/hygiene.log" 2>&1 ||
			{ fail "papi.h does not compile cleanly as $CXX -std=$std"; show_log "$work/hygiene.log"; }
	done
else
	echo "note: no C++ compiler ($CXX); C++ hygiene not checked"
fi

# ---- 2 and 3. generate the checks from the reference headers

printf '#include <papi.h>\n' >"$work/ref.c"
if ! "$CC" -std=c11 -I"$ref" -dM -E "$work/ref.c" >"$work/ref.macros" 2>"$work/gen.log" ||
	! "$CC" -std=c11 -I"$ref" -E "$work/ref.c" >"$work/ref.i" 2>>"$work/gen.log"; then
	show_log "$work/gen.log"
	echo "FAILED $name"
	exit 1
fi
if ! perl "$here/gen-abi-check.pl" "$ref" "$work/ref.macros" "$work/ref.i" \
	"$here/members.list" "$here/macro-calls.list" "$work" 2>"$work/gen.log"; then
	fail "the check could not be generated completely"
	show_log "$work/gen.log"
fi
[ -f "$work/values.c" ] || { echo "FAILED $name"; exit 1; }
echo "checking: $(cat "$work/summary.txt")"

build_values() { # $1 = include directory, $2 = output name, $3 = ABI flags (or nothing)
	# shellcheck disable=SC2086 # $3 is empty or one flag
	"$CC" -std=c11 -Wall -Wextra $3 -I"$1" "$work/values.c" -o "$work/$2" >"$work/$2.log" 2>&1
}

if ! build_values "$ref" values-ref ""; then
	fail "the generated program does not build against $ref (bug in the check)"
	show_log "$work/values-ref.log"
elif ! build_values "$include" values-papillon "$abi_flags"; then
	fail "the generated program does not build against $include"
	show_log "$work/values-papillon.log"
else
	"$work/values-ref" >"$work/ref.out"
	"$work/values-papillon" >"$work/papillon.out"
	if ! diff -U0 "$work/ref.out" "$work/papillon.out" >"$work/values.diff"; then
		fail "values differ (- PAPI $refversion, + Papillon):"
		grep -v '^@@' "$work/values.diff" | sed -n '3,200p' | sed 's/^/    /'
	else
		echo "values: $(wc -l <"$work/ref.out") lines identical"
	fi
fi

# As C++ too: there, two C-linkage declarations that differ at all are an error.
for side in ref papillon; do
	if [ $side = ref ]; then dir=$ref flags=''; else dir=$include flags=$abi_flags; fi
	# shellcheck disable=SC2086 # flags is empty or one flag
	"$CC" -std=c11 -Wall -Wextra $flags -I"$dir" -fsyntax-only "$work/protos.c" \
		>"$work/protos-$side.log" 2>&1 ||
		{ fail "PAPI's declarations are missing from or conflict with $dir/papi.h (C)"
		  show_log "$work/protos-$side.log"; }
	command -v "$CXX" >/dev/null 2>&1 || continue
	# shellcheck disable=SC2086 # flags is empty or one flag
	"$CXX" -std=c++11 -Wall -Wextra $flags -I"$dir" -fsyntax-only -x c++ "$work/protos.c" \
		>"$work/protos-$side.log" 2>&1 ||
		{ fail "PAPI's declarations are missing from or conflict with $dir/papi.h (C++)"
		  show_log "$work/protos-$side.log"; }
done

# ---- information: names we define that PAPI does not

printf '#include <papi.h>\n' >"$work/ours.c"
# shellcheck disable=SC2086 # abi_flags is empty or one flag
"$CC" -std=c11 $abi_flags -I"$include" -dM -E "$work/ours.c" 2>/dev/null |
	sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' | sort -u >"$work/ours.names"
sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$work/ref.macros" | sort -u >"$work/ref.names"
extra=$(comm -23 "$work/ours.names" "$work/ref.names" |
	grep -E '^(PAPI|PAPILLON|papi|IS_|_PAPI)' | tr '\n' ' ')
[ -n "$extra" ] && echo "note: macros only Papillon defines: $extra"

if [ $failures -eq 0 ]; then
	echo "PASSED $name"
	exit 0
fi
echo "FAILED $name"
exit 1
