# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# apt helpers: install build dependencies (root). Debian packages the tests
# use without installing them (Debian's PAPI programs) come through
# debfetch.sh instead: pinned, verified, cached. Needs common.sh.

# Another apt (unattended-upgrades, a second script) may hold the lock.
APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Acquire::Retries=3)
export DEBIAN_FRONTEND=noninteractive

# What scripts/setup installs: the toolchain, autotools and the libraries
# configure.ac requires; python3 for make check's tests/hl, which read the
# high-level reports' JSON; pandoc writes the man pages (man/), cmake builds
# the CMake client of the installed library (scripts/test-install).
# shellcheck disable=SC2034 # used by the scripts that source this file
PAPILLON_BUILD_DEPS=(build-essential autoconf automake libtool pkg-config
	libpfm4-dev libhwloc-dev libcunit1-dev python3 pandoc cmake)

# What the mpi test part installs (scripts/test): Open MPI and MPICH side
# by side (each with its compiler wrappers, Fortran too), Chromium to render
# papi_hl_report's SVG, xmllint for its fallback check.
# shellcheck disable=SC2034 # used by the scripts that source this file
PAPILLON_MPI_TEST_DEPS=(openmpi-bin libopenmpi-dev mpich libmpich-dev gfortran chromium
	libxml2-utils)

# missing_packages PKG...: print those not installed.
missing_packages() {
	local p st
	for p in "$@"; do
		st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
		[ "$st" = "install ok installed" ] || printf '%s\n' "$p"
	done
}

# A fresh VM may never have run 'apt-get update': then there are no lists.
apt_lists_present() {
	compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null
}

APT_UPDATED=0
apt_update() {
	is_root || die "apt package lists are missing or stale; run 'apt-get update' as root"
	step "apt-get update"
	apt-get "${APT_OPTS[@]}" update -qq
	APT_UPDATED=1
}

apt_update_if_needed() {
	apt_lists_present || apt_update
}

# apt_install PKG...: install what is missing; update the lists first only
# when they are absent, or once more when apt cannot find a package in them.
apt_install() {
	local need=()
	mapfile -t need < <(missing_packages "$@")
	if [ ${#need[@]} -eq 0 ]; then
		log "already installed: $*"
		return 0
	fi
	is_root || die "need root to install: ${need[*]} (run scripts/setup as root)"
	apt_update_if_needed
	step "apt-get install ${need[*]}"
	if ! apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${need[@]}"; then
		[ "$APT_UPDATED" = 1 ] && die "apt-get install failed"
		warn "install failed; refreshing the package lists and trying once more"
		apt_update
		apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${need[@]}"
	fi
}

# The Debian multiarch directory name (x86_64-linux-gnu here).
multiarch() {
	gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH
}
