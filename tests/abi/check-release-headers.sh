#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check-release-headers.sh RELEASE: the header ABI check (check-headers.sh) against one PAPI
# release's own headers, Debian's libpapi-dev of the suite that ships it, fetched pinned
# (lab/debian-packages.lock) by scripts/lib/debfetch.sh and cached. RELEASE is 7.0
# (bookworm), 7.1 (trixie) or 7.2 (sid). check-headers-RELEASE.sh are its make check names.
# Exits as check-headers.sh does; a download that fails skips (77), under CI=true it fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
release=${1:?usage: check-release-headers.sh 7.0|7.1|7.2}
case $release in
7.0) suite=bookworm ;;
7.1) suite=trixie ;;
7.2) suite=sid ;;
*)
	echo "FAILED abi-headers-$release: no Debian suite is known for PAPI $release"
	exit 1
	;;
esac
fetcher=$here/../../scripts/lib/debfetch.sh
fetched() {
	# shellcheck source=scripts/lib/debfetch.sh disable=SC1091 # a path relative to this file
	. "$fetcher" && deb_sysroot "libpapi-dev-$release" "$suite" "$(host_debarch)" libpapi-dev
}
if ! root=$(fetched); then
	if [ "${CI:-}" = true ]; then
		echo "FAILED abi-headers-$release: CI=true and $suite's libpapi-dev could not be fetched"
		exit 1
	fi
	echo "SKIPPED: abi-headers-$release: $suite's libpapi-dev could not be fetched"
	exit 77
fi
PAPI_REF_INCLUDE=$root/usr/include exec sh "$here/check-headers.sh"
