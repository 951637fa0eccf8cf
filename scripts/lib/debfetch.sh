# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# debfetch: the one way the test suite downloads Debian packages (guest
# kernels, target static libraries, busybox, PAPI 7.0's examples, tools and
# library). Sourced by lab/ and scripts/; needs no other file of theirs.
#
# Every .deb is pinned in the lock file (lab/debian-packages.lock: suite,
# version, pool path, SHA256, size) and fetched straight from the pool of the
# host's Debian mirrors, never through apt's indexes: a mirror mid-sync serves
# indexes whose size disagrees with the signed Release file (apt then ignores
# them, and by-hash paths 404 on the mirrors here), while pool files stay
# fine. Order of resort, each step only when the one before it failed:
#   1. the pinned file in the cache (keyed by its SHA256): no network at all;
#   2. the pinned file from each mirror's pool, checked against the lock;
#   3. when every mirror answers that the pinned file is gone (404), the
#      current version from the mirror's own Packages.xz (its size is not
#      checked against Release), checked against that index's SHA256, with a
#      loud warning that the lock is stale;
#   4. when no mirror answers (after retrying with back-off for
#      PAPILLON_DEBIAN_RETRY_SECONDS), the newest cached version;
#   5. an error that names the mirror: a download failed, not a test.
#
# Environment:
#   PAPILLON_LAB_CACHE            the cache root (default /var/cache/papillon-lab,
#                                 without write access there ~/.cache/papillon-lab);
#                                 verified .debs live in its debs/SHA256/ dirs
#   PAPILLON_DEBIAN_MIRROR        base URIs replacing the host's apt sources,
#                                 e.g. "http://deb.debian.org/debian
#                                 http://deb.debian.org/debian-security"; a URI
#                                 whose last part ends in -security serves the
#                                 security archive, else URI-security does
#   PAPILLON_DEBIAN_LOCK          another lock file (the tests use one)
#   PAPILLON_DEBIAN_RETRY_SECONDS how long transient failures are retried (180)

DEBFETCH_SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DEBFETCH_LOCK=${PAPILLON_DEBIAN_LOCK:-$DEBFETCH_SRC_DIR/lab/debian-packages.lock}
# The apt configuration the mirrors are read from; the tests point it elsewhere.
DEBFETCH_APT_ETC=${DEBFETCH_APT_ETC:-/etc/apt}
# Debian's PAPI 7.0 (papi-examples, papi-tools, libpapi7.0), the
# conformance target, is bookworm's whatever the host runs.
# shellcheck disable=SC2034 # used by the scripts that source this file
PAPI_SUITE=bookworm
# Set by the functions below for their callers' messages.
DEBFETCH_ERR='' DEBFETCH_TRIED='' DEBFETCH_FILE=''

# Messages go to stderr: the callers capture stdout (the path printed).
debfetch_note() { printf 'debfetch: %s\n' "$*" >&2; }

# papillon_cache_root: the one cache of the test suite, shared by the lab and
# scripts/ so a package is downloaded once per machine. Without root,
# /var/cache is not ours: the user's cache then.
papillon_cache_root() {
	if [ -n "${PAPILLON_LAB_CACHE:-}" ]; then
		echo "$PAPILLON_LAB_CACHE"
	elif [ -w /var/cache ] || [ -w /var/cache/papillon-lab ]; then
		echo /var/cache/papillon-lab
	else
		echo "${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/papillon-lab"
	fi
}

# debfetch_cache: where verified .debs live, as SHA256/FILE.deb plus
# SHA256/entry (the file's lock line, for finding it by package name).
debfetch_cache() { echo "$(papillon_cache_root)/debs"; }

# host_debarch: the host's Debian architecture (amd64 here).
host_debarch() { dpkg --print-architecture; }

# host_codename: the host's Debian suite name, e.g. bookworm.
host_codename() {
	local c=""
	# shellcheck disable=SC1091
	c=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$c" ] || {
		debfetch_note "cannot tell the host's Debian codename from /etc/os-release"
		return 1
	}
	echo "$c"
}

# host_sources: print "URI SUITE" for every enabled Debian 'deb' source of
# the host that carries component main, in both the deb822 (.sources) and
# the one-line (.list) formats: the mirrors this machine is known to reach.
host_sources() {
	local f
	for f in "$DEBFETCH_APT_ETC"/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk '
		function flush() {
			if (types ~ /(^| )deb( |$)/ && comps ~ /(^| )main( |$)/ && enabled != "no") {
				n = split(uris, u, " "); m = split(suites, s, " ")
				for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j]
			}
			types = uris = suites = comps = ""; enabled = "yes"
		}
		BEGIN { enabled = "yes" }
		/^[ \t]*#/ { next }
		/^[ \t]*$/ { flush(); next }
		{
			field = tolower($1); sub(/:$/, "", field); $1 = ""; sub(/^ +/, "")
			if (field == "types") types = $0
			else if (field == "uris") uris = $0
			else if (field == "suites") suites = $0
			else if (field == "components") comps = $0
			else if (field == "enabled") enabled = tolower($0)
		}
		END { flush() }' "$f"
	done
	for f in "$DEBFETCH_APT_ETC"/sources.list "$DEBFETCH_APT_ETC"/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '
		/^[ \t]*deb[ \t]/ {
			i = 2
			if ($2 ~ /^\[/) for (; i <= NF; i++) if ($i ~ /\]$/) { i++; break }
			uri = $i; suite = $(i + 1)
			for (k = i + 2; k <= NF; k++) if ($k == "main") { print uri, suite; break }
		}' "$f"
	done
}

# debfetch_mirrors ARCHIVE: the base URIs serving ARCHIVE ("debian" or
# "debian-security"), one per line, from PAPILLON_DEBIAN_MIRROR or else from
# the host's sources of its own codename (a -security suite's URI serves the
# security archive). Without a security source, MAIN-security is assumed,
# which is how Debian's mirrors are laid out.
debfetch_mirrors() {
	local archive=$1 uri suite host list main=() sec=()
	if [ -n "${PAPILLON_DEBIAN_MIRROR:-}" ]; then
		for uri in $PAPILLON_DEBIAN_MIRROR; do
			uri=${uri%/}
			case ${uri##*/} in
			*-security) sec+=("$uri") ;;
			*) main+=("$uri") ;;
			esac
		done
	else
		host=$(host_codename) || return 1
		list=$(host_sources)
		while read -r uri suite; do
			case $uri in http:* | https:* | file:*) ;; *) continue ;; esac
			case $suite in
			"$host"-security) sec+=("${uri%/}") ;;
			"$host" | "$host"-*) main+=("${uri%/}") ;;
			esac
		done <<<"$list"
	fi
	if [ "$archive" = debian-security ]; then
		[ ${#sec[@]} -gt 0 ] || for uri in "${main[@]}"; do sec+=("$uri-security"); done
		[ ${#sec[@]} -eq 0 ] || printf '%s\n' "${sec[@]}" | awk '!seen[$0]++'
	else
		[ ${#main[@]} -eq 0 ] || printf '%s\n' "${main[@]}" | awk '!seen[$0]++'
	fi
}

# debfetch_get URL OUT: one download attempt. Status 0: OUT holds the file;
# 2: the server answered that it has no such file (HTTP 4xx, a missing
# file: path), retrying will not help; 1: anything else (no answer, a 5xx, a
# stalled transfer): worth retrying. DEBFETCH_ERR says what happened.
# curl when present, else apt's own downloader, which every Debian has
# (DEBFETCH_TOOL=apt-helper forces it, for the tests).
debfetch_get() {
	local url=$1 out=$2 code rc=0 msg
	rm -f "$out" "$out.err"
	if [ "${DEBFETCH_TOOL:-}" != apt-helper ] && command -v curl >/dev/null; then
		# --speed-limit: a transfer stalled for a minute is a failure, not a hang.
		code=$(curl -sS -L --connect-timeout 20 --speed-limit 1024 --speed-time 60 \
			-o "$out" -w '%{http_code}' "$url" 2>"$out.err") || rc=$?
		msg=$(head -n 1 "$out.err" 2>/dev/null || true)
		rm -f "$out.err"
		case $rc:$code in
		0:2?? | 0:000) return 0 ;;
		0:4??) DEBFETCH_ERR="HTTP $code" ;;
		0:*) DEBFETCH_ERR="HTTP $code" && return 1 ;;
		37:*) DEBFETCH_ERR=${msg:-no such file} ;;
		*) DEBFETCH_ERR=${msg:-curl exit status $rc} && return 1 ;;
		esac
	else
		# The sandbox user could not write into a root-only cache.
		# Acquire::Retries=0: apt 2.6 retries 3 times with 1, 2 and 4 s
		# of back-off by itself, which would spend a budget of a few
		# seconds in one attempt; debfetch_download retries, within it.
		/usr/lib/apt/apt-helper -o APT::Sandbox::User=root -o Acquire::Retries=0 \
			download-file "$url" "$out" >"$out.err" 2>&1 || rc=$?
		msg=$(grep -m1 '^E: Failed to fetch' "$out.err" || true)
		rm -f "$out.err"
		if [ "$rc" = 0 ]; then
			# file: URIs come back as a symlink to the source.
			if [ -L "$out" ]; then
				cp -L "$out" "$out.copy" && mv "$out.copy" "$out"
			fi
			return 0
		fi
		DEBFETCH_ERR=${msg#E: Failed to fetch }
		case $msg in
		*" 404 "* | *" 410 "* | *"File not found"*) ;;
		*) return 1 ;;
		esac
	fi
	rm -f "$out"
	return 2
}

# debfetch_verify FILE SHA256 [SIZE]: true when FILE is the file the lock or
# an index describes.
debfetch_verify() {
	local file=$1 sha=$2 size=${3:-} got
	got=$(stat -c %s "$file")
	if [ -n "$size" ] && [ "$got" != "$size" ]; then
		DEBFETCH_ERR="size $got, expected $size"
		return 1
	fi
	got=$(sha256sum "$file" | cut -d ' ' -f 1)
	[ "$got" = "$sha" ] || {
		DEBFETCH_ERR="SHA256 $got, expected $sha"
		return 1
	}
}

# debfetch_download ARCHIVE PATH OUT [SHA256 SIZE]: download PATH (relative
# to the archive's base URI) from the first mirror that has it, retrying for
# PAPILLON_DEBIAN_RETRY_SECONDS in all, with back-off, while some mirror does
# not answer. With a hash, a file that does not match it is refused (a mirror
# mid-sync) and retried like a failed transfer. Status 0: done; 2: every
# mirror said it has no such file; 1: no mirror delivered it.
# DEBFETCH_TRIED lists the URLs, DEBFETCH_ERR the last error.
debfetch_download() {
	local archive=$1 path=$2 out=$3 sha=${4:-} size=${5:-} mirrors=() m rc absent
	local budget=${PAPILLON_DEBIAN_RETRY_SECONDS:-180} deadline delay=2 left
	mapfile -t mirrors < <(debfetch_mirrors "$archive")
	DEBFETCH_TRIED=''
	if [ ${#mirrors[@]} -eq 0 ]; then
		DEBFETCH_ERR="no '$archive' mirror: the host's apt sources name no Debian mirror with main, and PAPILLON_DEBIAN_MIRROR is unset"
		return 1
	fi
	for m in "${mirrors[@]}"; do DEBFETCH_TRIED+="${DEBFETCH_TRIED:+ }$m/$path"; done
	deadline=$(($(date +%s) + budget))
	while :; do
		absent=0
		for m in "${mirrors[@]}"; do
			rc=0
			debfetch_get "$m/$path" "$out" || rc=$?
			if [ "$rc" = 0 ] && [ -n "$sha" ] && ! debfetch_verify "$out" "$sha" "$size"; then
				DEBFETCH_ERR="refused: not the file expected ($DEBFETCH_ERR)"
				rm -f "$out"
				rc=1
			fi
			case $rc in
			0) return 0 ;;
			2) absent=$((absent + 1)) ;;
			*) debfetch_note "$m/$path: $DEBFETCH_ERR" ;;
			esac
		done
		[ "$absent" -lt ${#mirrors[@]} ] || return 2
		left=$((deadline - $(date +%s)))
		[ "$left" -gt 0 ] || return 1
		[ "$delay" -le "$left" ] || delay=$left
		debfetch_note "retrying in ${delay}s (until ${budget}s have passed; PAPILLON_DEBIAN_RETRY_SECONDS)"
		sleep "$delay"
		delay=$((delay * 2 > 30 ? 30 : delay * 2))
	done
}

# debfetch_match SUITE ARCH NAME FILE...: the lines of lock-format FILEs for
# that wanted package: the suite may be SUITE or its -updates/-security, the
# architecture ARCH or all.
debfetch_match() {
	local suite=$1 arch=$2 name=$3
	shift 3
	awk -v s="$suite" -v a="$arch" -v n="$name" '
		/^[ \t]*(#|$)/ { next }
		NF >= 8 {
			b = $1; sub(/-(updates|security)$/, "", b)
			if (b == s && ($2 == a || $2 == "all" || a == "all") && $3 == n) print
		}' "$@"
}

# debfetch_store FILE LINE: move a verified download into the cache under
# its hash, with its lock line beside it; print its path. The rename is
# atomic, so a run killed mid-download never leaves a partial file there.
debfetch_store() {
	local file=$1 line=$2 sha path dir
	read -r _ _ _ _ _ path sha _ <<<"$line"
	dir=$(debfetch_cache)/$sha
	mkdir -p "$dir"
	mv -f "$file" "$dir/${path##*/}"
	printf '%s\n' "$line" >"$dir/entry.new"
	mv -f "$dir/entry.new" "$dir/entry"
	echo "$dir/${path##*/}"
}

# debfetch_cached LINE: the cached file for a lock line, if it is there.
debfetch_cached() {
	local path sha f
	read -r _ _ _ _ _ path sha _ <<<"$1"
	f=$(debfetch_cache)/$sha/${path##*/}
	[ -f "$f" ] && echo "$f"
}

# debfetch_newest_cached SUITE ARCH NAME: the newest version of that wanted
# package the cache holds (for a mirror that does not answer).
debfetch_newest_cached() {
	local entries=() line best='' best_ver='' ver f
	mapfile -t entries < <(compgen -G "$(debfetch_cache)/*/entry" || true)
	[ ${#entries[@]} -gt 0 ] || return 1
	while read -r line; do
		f=$(debfetch_cached "$line") || continue
		read -r _ _ _ _ ver _ <<<"$line"
		if [ -z "$best" ] || dpkg --compare-versions "$ver" gt "$best_ver"; then
			best=$f best_ver=$ver
		fi
	done < <(debfetch_match "$1" "$2" "$3" "${entries[@]}")
	[ -n "$best" ] && echo "$best"
}

# debfetch_index DIR ARCHIVE SUITE ARCH: download SUITE's main Packages.xz
# for ARCH into DIR once and print the uncompressed file's path. Its size is
# deliberately not compared with the Release file's: during a mirror sync
# they disagree for hours, and the index's own hashes are what is checked.
debfetch_index() {
	local dir=$1 archive=$2 suite=$3 arch=$4 f rc=0
	f=$dir/Packages_${suite}_$arch
	if [ ! -f "$f" ]; then
		command -v xz >/dev/null || {
			debfetch_note "xz is missing (apt-get install xz-utils): cannot read $suite's index"
			return 1
		}
		debfetch_download "$archive" "dists/$suite/main/binary-$arch/Packages.xz" "$f.xz" || rc=$?
		[ "$rc" = 0 ] || return "$rc"
		xz -dc "$f.xz" >"$f.tmp" || {
			debfetch_note "$suite/$arch: the index is not an xz file"
			return 1
		}
		mv "$f.tmp" "$f"
		rm -f "$f.xz"
	fi
	echo "$f"
}

# debfetch_stanzas INDEX PACKAGE: "version arch filename sha256 size dep
# depver" for every stanza of PACKAGE in INDEX, dep being the first package
# its Depends names and depver the version it pins with "(= ...)" ("-" for none).
debfetch_stanzas() {
	awk -v p="$2" '
		BEGIN { RS = ""; FS = "\n" }
		{
			pk = v = a = fn = sh = sz = dep = ""; dv = "-"
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^Package: /) pk = substr($i, 10)
				else if ($i ~ /^Version: /) v = substr($i, 10)
				else if ($i ~ /^Architecture: /) a = substr($i, 15)
				else if ($i ~ /^Filename: /) fn = substr($i, 11)
				else if ($i ~ /^SHA256: /) sh = substr($i, 9)
				else if ($i ~ /^Size: /) sz = substr($i, 7)
				else if ($i ~ /^Depends: /) {
					dep = substr($i, 10); sub(/,.*/, "", dep); sub(/\|.*/, "", dep)
					if (match(dep, /\(= *[^)]*\)/)) { dv = substr(dep, RSTART + 2, RLENGTH - 3); gsub(/ /, "", dv) }
					sub(/[ (].*/, "", dep)
				}
			}
			if (pk == p && fn != "" && sh != "") print v, a, fn, sh, sz, (dep == "" ? "-" : dep), dv
		}' "$1"
}

# debfetch_best PACKAGE VERSION SUITE:ARCHIVE:INDEX...: the highest-version
# stanza of PACKAGE over the indexes (exactly VERSION unless it is "-"), as
# "suite archive version arch filename sha256 size dep depver".
debfetch_best() {
	local pkg=$1 want=$2 e s ar ix v a fn sh sz dep dv best='' best_ver=''
	shift 2
	for e in "$@"; do
		IFS=: read -r s ar ix <<<"$e"
		while read -r v a fn sh sz dep dv; do
			[ "$want" = - ] || [ "$v" = "$want" ] || continue
			if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best_ver"; then
				best="$s $ar $v $a $fn $sh $sz $dep $dv" best_ver=$v
			fi
		done < <(debfetch_stanzas "$ix" "$pkg")
	done
	[ -n "$best" ] && echo "$best"
}

# debfetch_resolve SUITE ARCH NAME [INDEXDIR]: the current lock line of a
# wanted package, from the mirror's indexes of SUITE, SUITE-updates and
# SUITE-security (the highest version wins). A kernel flavour metapackage
# (linux-image-arm64, ...) resolves to the ABI package its Depends names
# first (linux-image-6.1.0-NN-arm64, at the version it pins): that package
# holds the kernel. INDEXDIR keeps the indexes for further calls
# (scripts/update-debian-lock); by default they are thrown away.
debfetch_resolve() {
	local suite=$1 arch=$2 name=$3 dir=${4:-} own='' iarch s archive idx indexes=()
	local best='' v a fn sh sz dep dv pkg=$name rc=0
	iarch=$arch
	[ "$arch" != all ] || iarch=$(host_debarch)
	if [ -z "$dir" ]; then
		own=$(mktemp -d "${TMPDIR:-/tmp}/debfetch.XXXXXX")
		dir=$own
	fi
	for s in "$suite" "$suite-updates" "$suite-security"; do
		archive=debian
		[ "$s" = "${s%-security}" ] || archive=debian-security
		if idx=$(debfetch_index "$dir" "$archive" "$s" "$iarch"); then
			indexes+=("$s:$archive:$idx")
		else
			debfetch_note "no index for $s/$iarch from the $archive mirror(s)"
		fi
	done
	if [ ${#indexes[@]} -eq 0 ]; then
		rc=1
	elif ! best=$(debfetch_best "$name" - "${indexes[@]}"); then
		debfetch_note "$name is in none of the $suite indexes for $iarch"
		rc=1
	else
		read -r s archive v a fn sh sz dep dv <<<"$best"
		if [[ $name == linux-image-* && $dep == linux-image-[0-9]* ]]; then
			pkg=$dep
			if ! best=$(debfetch_best "$pkg" "$dv" "${indexes[@]}"); then
				debfetch_note "$name depends on $pkg $dv, which is in none of the $suite indexes"
				rc=1
			fi
			read -r s archive v a fn sh sz dep dv <<<"$best"
		fi
	fi
	[ -z "$own" ] || rm -rf "$own"
	[ "$rc" = 0 ] || return 1
	echo "$s $a $name $pkg $v $archive/$fn $sh $sz"
}

# debfetch_fetch_line LINE: the file of a lock line, from the cache or
# downloaded and verified into it; its path in DEBFETCH_FILE (a global, not
# stdout, so that DEBFETCH_TRIED and DEBFETCH_ERR reach the caller too).
# Status as debfetch_download's.
debfetch_fetch_line() {
	local line=$1 path sha size tmp rc=0 cache
	read -r _ _ _ _ _ path sha size <<<"$line"
	DEBFETCH_FILE=$(debfetch_cached "$line") && return 0
	cache=$(debfetch_cache)
	mkdir -p "$cache"
	tmp=$(mktemp "$cache/.part.XXXXXX")
	debfetch_download "${path%%/*}" "${path#*/}" "$tmp" "$sha" "$size" || rc=$?
	if [ "$rc" = 0 ]; then
		DEBFETCH_FILE=$(debfetch_store "$tmp" "$line")
	else
		rm -f "$tmp"
		return "$rc"
	fi
}

# debfetch_stale_warning WHAT: say loudly that the lock needs refreshing.
debfetch_stale_warning() {
	local bar='************************************************************************'
	{
		echo "$bar"
		echo "debfetch: WARNING: the Debian package lock is stale: $*"
		echo "debfetch: ($DEBFETCH_LOCK)"
		echo "debfetch: refresh it with scripts/update-debian-lock and commit the result"
		echo "$bar"
	} >&2
}

# debfetch SUITE ARCH NAME: print the path of the verified .deb of the wanted
# package NAME (a package, or a kernel flavour metapackage) for Debian SUITE
# and ARCH, going through the steps in this file's header. Returns 1, after
# saying why on stderr, when nothing usable can be had.
debfetch() {
	local suite=$1 arch=$2 name=$3 line='' rc=0 f what
	what="$name ($suite/$arch)"
	if [ -f "$DEBFETCH_LOCK" ]; then
		line=$(debfetch_match "$suite" "$arch" "$name" "$DEBFETCH_LOCK" | head -n 1)
	fi
	if [ -n "$line" ]; then
		debfetch_fetch_line "$line" || rc=$?
		[ "$rc" != 0 ] || {
			echo "$DEBFETCH_FILE"
			return 0
		}
		if [ "$rc" = 2 ]; then
			read -r _ _ _ _ _ f _ <<<"$line"
			debfetch_stale_warning "the pinned $what, ${f##*/}, is gone from every mirror ($DEBFETCH_TRIED); looking up the current version in the mirror's index"
		fi
	else
		rc=2
		debfetch_stale_warning "$what is not in it; looking up the current version in the mirror's index"
	fi
	if [ "$rc" = 2 ]; then
		rc=0
		if line=$(debfetch_resolve "$suite" "$arch" "$name"); then
			read -r _ _ _ _ _ f _ <<<"$line"
			debfetch_note "the mirror's index has ${f##*/}; verifying it against that index's SHA256"
			debfetch_fetch_line "$line" || rc=$?
			[ "$rc" != 0 ] || {
				debfetch_note "using ${DEBFETCH_FILE##*/} (not the pinned version: the lock is stale)"
				echo "$DEBFETCH_FILE"
				return 0
			}
		else
			rc=1
		fi
	fi
	if f=$(debfetch_newest_cached "$suite" "$arch" "$name"); then
		debfetch_note "the Debian mirror did not deliver $what; using the cached ${f##*/}"
		echo "$f"
		return 0
	fi
	{
		echo "debfetch: error: could not get $what from the Debian mirror, and the cache ($(debfetch_cache)) has no copy."
		echo "debfetch: tried: ${DEBFETCH_TRIED:-$(debfetch_mirrors debian | tr '\n' ' ')(the index)}"
		echo "debfetch: last error: ${DEBFETCH_ERR:-none}"
		echo "debfetch: this is a download failure (the Debian mirror or the network), not a failed test."
	} >&2
	return 1
}

# deb_sysroot NAME SUITE ARCH PKG...: extract the given packages together
# into one private root in the cache (so symlinks between them resolve) and
# print its path. The root is keyed by the exact .deb files, so a new Debian
# version gets a new root and an unchanged one is reused.
deb_sysroot() {
	local name=$1 suite=$2 arch=$3 key='' deb root pkg debs=()
	shift 3
	for pkg in "$@"; do
		deb=$(debfetch "$suite" "$arch" "$pkg") || return 1
		debs+=("$deb")
		key+="$(basename "$deb" .deb)+"
	done
	root=$(papillon_cache_root)/roots/$name-$(printf '%s' "$key" | md5sum | cut -c1-12)
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
