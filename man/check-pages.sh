#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Checks the man pages, run by `make check` in man/:
#   - every PAPI_* and PAPIF_* symbol the built libpapi exports, and every
#     papi_sde_* symbol of libsde, has a page (man3/NAME.3.md) or an alias
#     line in aliases.txt;
#   - every utility built in utils/ (papi_*) has a page man1/NAME.1.md;
#   - every page starts with its title line and has the sections of its
#     kind; every alias names a page that exists and is listed in its NAME;
#   - with pandoc (PANDOC_PAGES=yes), every built page renders with
#     groff -man -ww -z without a warning; without it, that part is skipped.
# Needs srcdir (the harness sets it), top_builddir and PAGES (Makefile.am).
# Prints a verdict line last.

srcdir=${srcdir:-.}
top_builddir=${top_builddir:-..}
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

aliases=$srcdir/aliases.txt
# "ALIAS TARGET" lines, comments and blank lines out.
alias_lines=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$aliases")

has_page() {
	[ -f "$srcdir/man$2/$1.$2.md" ] && return 0
	printf '%s\n' "$alias_lines" | grep -q "^$1\.$2[[:space:]]"
}

# 1. Exported functions.
lib=$top_builddir/src/.libs/libpapi.so
if [ ! -e "$lib" ]; then
	fail "no $lib: build the library first"
else
	symbols=$(nm -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $NF); print $NF }' |
		grep -E '^PAPIF?_' | sort -u)
	count=0
	for symbol in $symbols; do
		count=$((count + 1))
		has_page "$symbol" 3 || fail "exported $symbol has no man page (man/man3/$symbol.3.md or a line in man/aliases.txt)"
	done
	[ "$count" -gt 0 ] || fail "$lib exports no PAPI_* symbol"
	echo "checked $count exported functions"
fi

# 1b. libsde's API, where the sde component (which builds libsde) is built.
sde=$top_builddir/components/sde/.libs/libsde.so
if [ -e "$sde" ]; then
	count=0
	for symbol in $(nm -D --defined-only "$sde" | awk '{ sub(/@.*/, "", $NF); print $NF }' |
		grep -E '^papi_sde_' | sort -u); do
		count=$((count + 1))
		has_page "$symbol" 3 || fail "libsde's $symbol has no man page (man/man3/$symbol.3.md or a line in man/aliases.txt)"
	done
	[ "$count" -gt 0 ] || fail "$sde exports no papi_sde_* symbol"
	echo "checked $count functions of libsde"
else
	echo "no $sde (the sde component is not built): its pages are not checked"
fi

# 2. Utilities.
count=0
for program in "$top_builddir"/utils/papi_*; do
	if [ ! -f "$program" ] || [ ! -x "$program" ]; then
		continue
	fi
	name=$(basename "$program")
	count=$((count + 1))
	has_page "$name" 1 || fail "utility $name has no man page (man/man1/$name.1.md)"
done
[ "$count" -gt 0 ] || fail "no utility built in $top_builddir/utils"
echo "checked $count utilities"

# 3. The sources' form.
for source in "$srcdir"/man1/*.1.md "$srcdir"/man3/*.3.md; do
	[ -f "$source" ] || continue
	file=$(basename "$source" .md)
	name=${file%.*} section=${file##*.}
	first=$(head -n 1 "$source")
	case $section in
	1) title="% $name(1) Papillon 7.0 | Papillon User Commands"
	   sections='NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES' ;;
	*) title="% $name(3) Papillon 7.0 | Papillon Programmer's Manual"
	   sections='NAME SYNOPSIS DESCRIPTION RETURN.VALUE ERRORS' ;;
	esac
	[ "$first" = "$title" ] || fail "$source: the first line is not '$title'"
	for heading in $sections 'SEE.ALSO'; do
		grep -Eq "^# $heading\$" "$source" || fail "$source: no '# $(echo "$heading" | tr . ' ')' section"
	done
	sed -n '/^# NAME$/,/^# /p' "$source" | grep -q -- "$name" ||
		fail "$source: its NAME section does not name $name"
done
printf '%s\n' "$alias_lines" | while read -r alias target; do
	source=$srcdir/man${target##*.}/$target.md
	if [ ! -f "$source" ]; then
		echo "FAIL: aliases.txt: $alias names $target, which has no source $source"
		continue
	fi
	[ -f "$srcdir/man${alias##*.}/$alias.md" ] && echo "FAIL: aliases.txt: $alias has a page of its own too"
	# Fortran names are not case-sensitive: PAPIF_start is PAPIF_START.
	case $alias in
	PAPIF_*) match=-qi ;;
	*) match=-q ;;
	esac
	sed -n '/^# NAME$/,/^# /p' "$source" | grep "$match" -- "${alias%.*}" ||
		echo "FAIL: aliases.txt: $alias is not listed in the NAME section of $target"
done >alias-check.out
if [ -s alias-check.out ]; then
	cat alias-check.out
	failures=$((failures + $(wc -l <alias-check.out)))
fi
rm -f alias-check.out

# 4. Rendering.
if [ "${PANDOC_PAGES:-no}" != yes ]; then
	echo 'SKIPPED case "rendering": configure found no pandoc (apt-get install pandoc): no page was built'
elif ! command -v groff >/dev/null 2>&1; then
	echo 'SKIPPED case "rendering": groff is not installed (apt-get install groff-base)'
else
	count=0
	for page in $PAGES; do
		count=$((count + 1))
		if [ ! -f "$page" ]; then
			fail "$page was not built"
			continue
		fi
		warnings=$(LC_ALL=C.UTF-8 groff -man -ww -z "$page" 2>&1)
		[ -z "$warnings" ] || fail "$page: groff -man -ww: $(echo "$warnings" | head -n 3)"
	done
	echo "rendered $count pages with groff -man -ww"
fi

if [ "$failures" -eq 0 ]; then
	echo "PASSED: man pages"
else
	echo "FAILED: $failures problems in the man pages"
	exit 1
fi
