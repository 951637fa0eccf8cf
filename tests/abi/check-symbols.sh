#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-symbols.sh RELEASE: the names Papillon's libpapi.so.RELEASE exports
# (nm -D --defined-only) against those of Debian's library of that release (7.0: bookworm's
# libpapi7.0, 7.1: trixie's libpapi7.1t64, 7.2: sid's libpapi7.2; pinned in
# lab/debian-packages.lock, fetched by scripts/lib/debfetch.sh). Every difference must be
# one symbol-differences.txt allows; and the check fails when a rule there matches nothing
# (a stale allowance). check-symbols-RELEASE.sh are its make check names; the library is
# PAPILLON_LIB_DIR's, else ../src/.libs from the working directory (make check's).
# Exits 0, 1, or 77 when the Debian package cannot be fetched (1 under CI=true).
set -u
here=$(cd "$(dirname "$0")" && pwd)
release=${1:?usage: check-symbols.sh 7.0|7.1|7.2}
name=abi-symbols-$release
case $release in
7.0) suite=bookworm package=libpapi7.0 ;;
7.1) suite=trixie package=libpapi7.1t64 ;;
7.2) suite=sid package=libpapi7.2 ;;
*)
	echo "FAILED $name: no Debian suite is known for PAPI $release"
	exit 1
	;;
esac
ours=${PAPILLON_LIB_DIR:-$PWD/../src/.libs}/libpapi.so.$release
[ -e "$ours" ] || {
	echo "FAILED $name: $ours does not exist"
	exit 1
}
fetched() {
	# shellcheck source=scripts/lib/debfetch.sh disable=SC1091 # a path relative to this file
	. "$here/../../scripts/lib/debfetch.sh" &&
		deb_sysroot "libpapi-$release" "$suite" "$(host_debarch)" "$package"
}
if ! root=$(fetched); then
	if [ "${CI:-}" = true ]; then
		echo "FAILED $name: CI=true and $suite's $package could not be fetched"
		exit 1
	fi
	echo "SKIPPED: $name: $suite's $package could not be fetched"
	exit 77
fi
theirs=$(find "$root" -name "libpapi.so.$release" | head -n 1)
[ -n "$theirs" ] || {
	echo "FAILED $name: $suite's $package has no libpapi.so.$release"
	exit 1
}

exported() { nm -D --defined-only "$1" | awk 'NF >= 3 { print $NF }' | sort -u; }
rules() { sed -n "s/^$1 //p" "$here/symbol-differences.txt"; }

failures=0
used_rules=''
# judge KIND NAMES...: each name must match a rule of KIND.
judge() {
	local kind=$1 symbol rule matched
	shift
	for symbol in "$@"; do
		matched=''
		while read -r rule; do
			if [[ $symbol =~ ^($rule)$ ]]; then
				matched=$rule
				break
			fi
		done < <(rules "$kind")
		if [ -n "$matched" ]; then
			used_rules+="$kind $matched"$'\n'
		else
			local whose="PAPI's"
			[ "$kind" = absent ] || whose="Papillon's"
			echo "error: $symbol: only in $whose libpapi.so.$release, and no '$kind' rule allows it"
			failures=$((failures + 1))
		fi
	done
}
mapfile -t only_ours < <(comm -13 <(exported "$theirs") <(exported "$ours"))
mapfile -t only_theirs < <(comm -23 <(exported "$theirs") <(exported "$ours"))
judge extra "${only_ours[@]}"
judge absent "${only_theirs[@]}"
while read -r kind rule; do
	grep -qxF "$kind $rule" <<<"$used_rules" || {
		echo "error: the rule '$kind $rule' matches no difference of libpapi.so.$release"
		failures=$((failures + 1))
	}
done < <(grep -E '^(extra|absent) ' "$here/symbol-differences.txt")
echo "libpapi.so.$release: $(exported "$ours" | wc -l) names, PAPI's $(exported "$theirs" | wc -l); ${#only_ours[@]} only Papillon's, ${#only_theirs[@]} only PAPI's"
if [ $failures -eq 0 ]; then
	echo "PASSED $name"
	exit 0
fi
echo "FAILED $name"
exit 1
