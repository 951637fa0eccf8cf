# shellcheck shell=bash
# SPDX-License-Identifier: BSD-3-Clause
# What the benchmark scripts (bench/*.sh) share, sourced by each:
#
#   bench_top                the top of the source tree
#   bench_name               the running script's name, for its messages
#   bench_build_dir DIR      DIR made absolute (exits when it is not a folder)
#   bench_require_program P HINT
#                            exits 2 unless P is an executable (HINT: how to
#                            build it)
#   bench_require_valgrind   exits 2 unless valgrind is installed
#   bench_scratch            sets scratch to a new folder, removed at exit
#   bench_multiarch          the multiarch triplet (x86_64-linux-gnu), as
#                            Debian's library folders name it
#   bench_debian_libpapi     the path of Debian 12's libpapi.so.7.0: $PAPI_LIB
#                            (default: the installed one) when it is a file,
#                            else the one fetched from Debian's mirror
#                            (scripts/lib/debfetch.sh, cached)
#
# Each script keeps its own defaults (which build, which arguments); the
# functions exit with the script's name in the message, as the scripts did.

bench_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench_name=${0##*/}

bench_build_dir() {
	local dir
	if ! dir=$(cd "$1" 2>/dev/null && pwd); then
		echo "$bench_name: $1 is not a build folder" >&2
		exit 2
	fi
	echo "$dir"
}

bench_require_program() {
	if [ ! -x "$1" ]; then
		echo "$bench_name: $1 is not built ($2)" >&2
		exit 2
	fi
}

bench_require_valgrind() {
	if ! command -v valgrind >/dev/null; then
		echo "$bench_name: valgrind is not installed (apt-get install valgrind)" >&2
		exit 2
	fi
}

# The trap is the script's own EXIT trap: a script that sets another one
# removes the folder there itself.
bench_scratch() {
	scratch=$(mktemp -d)
	# shellcheck disable=SC2064 # the folder's name is fixed now
	trap "rm -rf '$scratch'" EXIT
}

bench_multiarch() {
	gcc -print-multiarch
}

bench_debian_libpapi() {
	local multiarch lib root
	multiarch=$(bench_multiarch) || return
	lib=${PAPI_LIB:-/usr/lib/$multiarch/libpapi.so.7.0}
	if [ ! -f "$lib" ]; then
		# shellcheck source=scripts/lib/debfetch.sh
		source "$bench_top/scripts/lib/debfetch.sh"
		# Called as $(...), where set -e does not hold: each step's
		# failure is returned.
		root=$(deb_sysroot debian-libpapi "$PAPI_SUITE" "$(host_debarch)" libpapi7.0 \
			libpapi-dev libsde1) || return
		lib=$root/usr/lib/$multiarch/libpapi.so.7.0
	fi
	echo "$lib"
}
