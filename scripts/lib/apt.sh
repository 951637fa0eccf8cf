# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# apt helpers: install build dependencies (root). Debian packages the tests
# use without installing them (Debian's PAPI programs) come through
# debfetch.sh instead: pinned, verified, cached. Needs common.sh.

# Another apt (unattended-upgrades, a second script) may hold the lock.
APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Acquire::Retries=3)
export DEBIAN_FRONTEND=noninteractive

# Every package the build and the suite use: scripts/lib/packages.txt,
# one a line, "#" comments. Installed before the first configure (so that
# it finds gfortran, both MPIs and pandoc) by scripts/setup and by
# scripts/test's setup step.
PAPILLON_PACKAGES_FILE=$(dirname "${BASH_SOURCE[0]}")/packages.txt
# shellcheck disable=SC2034 # used by the scripts that source this file
mapfile -t PAPILLON_PACKAGES < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$PAPILLON_PACKAGES_FILE")

# How long apt may keep failing before an install gives up: a mirror in the
# middle of a sync serves lists and packages that disagree for a few
# minutes (hash sum mismatches, files of the wrong size, 404s for packages
# the lists still name). Each failure prints its reason, then the lists
# are fetched again and the command retried, every PAPILLON_APT_RETRY_PAUSE
# seconds, until this many seconds have passed.
PAPILLON_APT_RETRY_SECONDS=${PAPILLON_APT_RETRY_SECONDS:-600}
PAPILLON_APT_RETRY_PAUSE=${PAPILLON_APT_RETRY_PAUSE:-20}

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

# apt_reason LOG: the lines of an apt run that say why it failed.
apt_reason() {
	grep -E '^(E|W|Err):' "$1" | tail -n 4 | cut -c1-240
}

# apt_retry WHAT CMD...: run the apt command CMD until it succeeds or
# PAPILLON_APT_RETRY_SECONDS have passed; after each failure, print why and
# fetch the package lists again (unless WHAT is "update", which is that).
# Packages that the fresh lists do not have at all fail at once: no sync
# brings a misspelt name.
apt_retry() {
	local what=$1 out rc deadline reason
	shift
	out=$(mktemp)
	deadline=$(($(now) + PAPILLON_APT_RETRY_SECONDS))
	while :; do
		rc=0
		"$@" 2>&1 | tee "$out" || rc=$?
		# apt-get update exits 0 when an index failed to download (it
		# keeps the old one, or none): that is a failure here.
		if [ "$rc" = 0 ] && { [ "$what" != update ] ||
			! grep -Eq '^(E|Err):|^W: (Failed to fetch|Some index files failed)' "$out"; }; then
			rm -f "$out"
			return 0
		fi
		reason=$(apt_reason "$out")
		reason=${reason:-exit status $rc}
		if [ "$what" != update ] && [ "$APT_UPDATED" = 1 ] &&
			grep -Eq 'Unable to locate package|has no installation candidate' "$out"; then
			warn "apt-get $what failed: $reason (not in the package lists just fetched)"
			rm -f "$out"
			return 1
		fi
		if [ "$(now)" -ge "$deadline" ]; then
			warn "apt-get $what failed: $reason; giving up after ${PAPILLON_APT_RETRY_SECONDS}s (PAPILLON_APT_RETRY_SECONDS)"
			rm -f "$out"
			return 1
		fi
		warn "apt-get $what failed: $reason"
		warn "the mirror may be between two syncs: fetching the lists again and retrying in ${PAPILLON_APT_RETRY_PAUSE}s (for at most $((deadline - $(now)))s more)"
		sleep "$PAPILLON_APT_RETRY_PAUSE"
		if [ "$what" != update ]; then
			apt-get "${APT_OPTS[@]}" update -qq 2>&1 | sed 's/^/  /' || true
			APT_UPDATED=1
		fi
	done
}

APT_UPDATED=0
apt_update() {
	is_root || die "apt package lists are missing or stale; run 'apt-get update' as root"
	step "apt-get update"
	apt_retry update apt-get "${APT_OPTS[@]}" update -qq || return 1
	APT_UPDATED=1
}

apt_update_if_needed() {
	apt_lists_present || apt_update
}

# apt_install PKG...: install what is missing; update the lists first when
# they are absent, or once more when apt cannot find a package in them;
# retries a mirror that is briefly inconsistent (apt_retry). Returns 1 when
# apt failed for good: the caller says which packages are still missing.
apt_install() {
	local need=()
	mapfile -t need < <(missing_packages "$@")
	if [ ${#need[@]} -eq 0 ]; then
		log "already installed: $*"
		return 0
	fi
	is_root || die "need root to install: ${need[*]} (run scripts/setup as root)"
	apt_update_if_needed || return 1
	step "apt-get install ${need[*]}"
	apt_retry install apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${need[@]}" && return 0
	# apt installs all or nothing: one name the lists do not have must not
	# keep the others out (the caller names what is still missing).
	local p known=() unknown=()
	for p in "${need[@]}"; do
		if apt-cache show "$p" >/dev/null 2>&1; then known+=("$p"); else unknown+=("$p"); fi
	done
	if [ ${#unknown[@]} -gt 0 ] && [ ${#known[@]} -gt 0 ]; then
		warn "not in the package lists: ${unknown[*]}; installing the others"
		apt_retry install apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${known[@]}" || true
	fi
	return 1
}

# The Debian multiarch directory name (x86_64-linux-gnu here).
multiarch() {
	gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH
}
