#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The private 7.0 layout of the boundary (src/abi/layout_7_0.h) against PAPI 7.0's own
# papi.h (Debian 12's libpapi-dev, pinned, fetched by scripts/lib/debfetch.sh): layout_7_0.c
# built against each prints every offset, size, bit-field position, modifier number and
# the error table's size; the outputs must be identical. Exits 0, 1, or 77 when the package
# cannot be fetched (1 under CI=true). Environment: CC.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
name=abi-layout-7.0
CC=${CC:-cc}
fetched() {
	# shellcheck source=scripts/lib/debfetch.sh disable=SC1091 # a path relative to this file
	. "$top/scripts/lib/debfetch.sh" && deb_sysroot libpapi-dev-7.0 bookworm "$(host_debarch)" libpapi-dev
}
if ! root=$(fetched); then
	if [ "${CI:-}" = true ]; then
		echo "FAILED $name: CI=true and bookworm's libpapi-dev could not be fetched"
		exit 1
	fi
	echo "SKIPPED: $name: bookworm's libpapi-dev could not be fetched"
	exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/abi-layout.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
if ! "$CC" -std=c11 -Wall -Wextra -Werror -DLAYOUT_FROM_PAPI -I"$root/usr/include" \
	"$here/layout_7_0.c" -o "$work/papi" 2>"$work/papi.log" ||
	! "$CC" -std=c11 -Wall -Wextra -Werror -I"$top/include" -I"$top/src" \
		"$here/layout_7_0.c" -o "$work/papillon" 2>"$work/papillon.log"; then
	sed -n '1,20p' "$work/papi.log" "$work/papillon.log" 2>/dev/null
	echo "FAILED $name: layout_7_0.c does not build"
	exit 1
fi
if ! "$work/papi" >"$work/papi.out" || ! "$work/papillon" >"$work/papillon.out"; then
	echo "FAILED $name: layout_7_0.c failed to run"
	exit 1
fi
if ! diff -U0 "$work/papi.out" "$work/papillon.out"; then
	echo "FAILED $name: src/abi/layout_7_0.h differs from PAPI 7.0's papi.h (- PAPI, + Papillon)"
	exit 1
fi
echo "$(wc -l <"$work/papi.out") facts identical"
echo "PASSED $name"
