# shellcheck shell=bash
# apt helpers: install build dependencies (root), and fetch Debian packages
# into a private cache without installing them (any user), so the test
# suite can use Debian's PAPI programs while the host stays clean.
# Needs common.sh.

# Another apt (unattended-upgrades, a second script) may hold the lock.
APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Acquire::Retries=3)
export DEBIAN_FRONTEND=noninteractive

# What scripts/setup installs: the toolchain, autotools and the libraries
# configure.ac requires.
# shellcheck disable=SC2034 # used by the scripts that source this file
PAPILLON_BUILD_DEPS=(build-essential autoconf automake libtool pkg-config
	libpfm4-dev libhwloc-dev libcunit1-dev)

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

# Candidate version of a package in the current lists (empty if unknown).
apt_candidate() {
	apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2; exit }' | grep -v '^(none)$' || true
}

# deb_fetch PKG: download PKG's .deb into the cache (once per version) and
# print its path. apt-get download needs no root; the sandbox user option
# avoids apt's warning about _apt not reaching $HOME.
deb_fetch() {
	local pkg=$1 ver dir deb
	dir=$PAPILLON_CACHE_DIR/debs
	mkdir -p "$dir"
	ver=$(apt_candidate "$pkg")
	if [ -z "$ver" ]; then
		if is_root; then apt_update >&2; else apt_update_if_needed >&2; fi
		ver=$(apt_candidate "$pkg")
		[ -n "$ver" ] || die "apt knows no package '$pkg'"
	fi
	# Debian file names drop the epoch ("1:2.3" -> "2.3").
	deb=$(compgen -G "$dir/${pkg}_${ver#*:}_*.deb" | head -n 1 || true)
	if [ -z "$deb" ]; then
		log "downloading $pkg $ver" >&2
		if ! (cd "$dir" && apt-get "${APT_OPTS[@]}" -o APT::Sandbox::User=root -q download "$pkg" >&2); then
			# Lists older than the mirror give 404s: refresh once and retry.
			is_root || die "apt-get download $pkg failed"
			apt_update >&2
			(cd "$dir" && apt-get "${APT_OPTS[@]}" -o APT::Sandbox::User=root -q download "$pkg" >&2)
		fi
		deb=$(compgen -G "$dir/${pkg}_*.deb" | sort -V | tail -n 1)
	fi
	printf '%s\n' "$deb"
}

# deb_sysroot NAME PKG...: extract the given packages together into one
# private root (so symlinks between them resolve) and print its path. The
# root is keyed by the exact .deb files, so a new Debian version gets a new
# root and an unchanged one is reused.
deb_sysroot() {
	local name=$1 key='' deb root pkg
	local debs=()
	shift
	for pkg in "$@"; do
		deb=$(deb_fetch "$pkg")
		debs+=("$deb")
		key+="$(basename "$deb" .deb)+"
	done
	root=$PAPILLON_CACHE_DIR/roots/$name-$(printf '%s' "$key" | md5sum | cut -c1-12)
	if [ ! -e "$root/.complete" ]; then
		rm -rf "$root"
		mkdir -p "$root"
		for deb in "${debs[@]}"; do
			dpkg-deb -x "$deb" "$root"
		done
		printf '%s\n' "${debs[@]}" >"$root/.complete"
	fi
	printf '%s\n' "$root"
}

# The Debian multiarch directory name (x86_64-linux-gnu here).
multiarch() {
	gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH
}
