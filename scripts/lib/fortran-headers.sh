# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Papillon's fpapi.h against a PAPI release's own (Debian's libpapi-dev):
# every constant the release's file defines must be defined by Papillon's,
# preprocessed with the define that selects that release's ABI, with the
# same value. Values are compared as numbers: the files spell them
# differently ("((-2147483647) - 1)", "(-2147483647-1)"). Sourced, never run;
# needs cpp (the C compiler's preprocessor, PEX_CC or cc).

# fortran_constant_values FPAPI DEFINES...: "NAME VALUE" a line, sorted,
# each #define of FPAPI that holds with DEFINES (a file may define a name in
# some blocks only), VALUE evaluated by the shell's arithmetic (64-bit, as
# Fortran's INTEGER*8).
fortran_constant_values() {
	local fpapi=$1 names name value
	shift
	names=$(sed -n 's/^#[[:space:]]*define[[:space:]]\{1,\}\(PAPIF\{0,1\}_[A-Z0-9_]*\)[[:space:]].*/\1/p' "$fpapi" | sort -u)
	[ -n "$names" ] || return 1
	# One '"NAME" = NAME' line each: the preprocessor expands the second
	# (never a string's contents).
	for name in $names; do printf '"%s" = %s\n' "$name" "$name"; done |
		"${PEX_CC:-cc}" -E -P -x c "$@" -include "$fpapi" - |
		sed -n 's/^"\(PAPIF\{0,1\}_[A-Z0-9_]*\)" = /\1 /p' | # not the file's comment lines
		while read -r name value; do
			# A Fortran kind suffix (12_8) is not C's; a name left as it
			# was is not defined under DEFINES (another ABI's block).
			value=${value//_8/}
			[[ $value != *[A-Za-z_]* ]] || continue
			printf '%s %s\n' "$name" "$((value))"
		done | sort
}

# fortran_header_differences RELEASE_FPAPI PAPILLON_FPAPI DEFINES...: one
# line per constant of RELEASE_FPAPI that PAPILLON_FPAPI (with DEFINES)
# lacks or gives another value; nothing when they agree. Status 2 when
# either file cannot be read as a list of constants.
fortran_header_differences() {
	local release=$1 ours=$2 theirs mine
	shift 2
	theirs=$(fortran_constant_values "$release") || return 2
	mine=$(fortran_constant_values "$ours" "$@") || return 2
	join -a1 -e MISSING -o 0,1.2,2.2 <(printf '%s\n' "$theirs") <(printf '%s\n' "$mine") |
		awk '$3 == "MISSING" { print $1 ": missing (the release has " $2 ")"; next }
			$2 != $3 { print $1 ": " $3 " (the release has " $2 ")" }'
}
