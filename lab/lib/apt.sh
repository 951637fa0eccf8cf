# shellcheck shell=bash
# A private apt for foreign-architecture downloads (guest kernels, target
# libraries). It has its own lists, cache and an empty dpkg status, so the
# host's dpkg database and apt state are never touched, and it uses the same
# mirror hosts and keyrings as the host's own sources (the only registry
# this machine reaches), with the suite swapped when the target needs trixie.
#
# Requires lib/common.sh to be sourced first.

# host_codename: the host's Debian suite name, e.g. bookworm.
host_codename() {
	local c=""
	# shellcheck disable=SC1091
	c=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$c" ] || die "cannot tell the host's Debian codename from /etc/os-release"
	echo "$c"
}

# host_sources: print "URI SUITE KEYRING" for every enabled Debian 'deb'
# source of the host that carries component main, in both the deb822
# (.sources) and the one-line (.list) formats.
host_sources() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk '
		function flush() {
			if (types ~ /(^| )deb( |$)/ && comps ~ /(^| )main( |$)/ && enabled != "no") {
				n = split(uris, u, " "); m = split(suites, s, " ")
				for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j], (key == "" ? "-" : key)
			}
			types = uris = suites = comps = key = ""; enabled = "yes"
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
			else if (field == "signed-by") key = $0
			else if (field == "enabled") enabled = tolower($0)
		}
		END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '
		/^[ \t]*deb[ \t]/ {
			key = "-"; i = 2
			if ($2 ~ /^\[/) {
				for (; i <= NF; i++) {
					if ($i ~ /signed-by=/) { key = $i; sub(/.*signed-by=/, "", key); sub(/\]$/, "", key) }
					if ($i ~ /\]$/) { i++; break }
				}
			}
			uri = $i; suite = $(i + 1)
			for (k = i + 2; k <= NF; k++) if ($k == "main") { print uri, suite, key; break }
		}' "$f"
	done
}

# apt_dir DEBARCH SUITE: the private apt state for one target and suite.
apt_dir() { echo "$LAB_CACHE/apt/$2-$1"; }

# apt_write_sources DEBARCH SUITE: write the private sources list: every host
# source whose suite is the host's codename (or codename-security/-updates),
# with that codename replaced by SUITE.
apt_write_sources() {
	local debarch=$1 suite=$2 d host uri s key n=0 out
	d=$(apt_dir "$debarch" "$suite")
	host=$(host_codename)
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/state" "$d/etc/apt.conf.d" \
		"$d/etc/preferences.d" "$d/etc/sources.list.d"
	out=$d/etc/sources.list.new
	: >"$out"
	while read -r uri s key; do
		case $s in
		"$host" | "$host"-*) ;;
		*) continue ;;
		esac
		s=$suite${s#"$host"}
		[ "$key" = - ] && key=/usr/share/keyrings/debian-archive-keyring.gpg
		printf 'deb [arch=%s signed-by=%s] %s %s main\n' "$debarch" "$key" "$uri" "$s" >>"$out"
		n=$((n + 1))
	done < <(host_sources | sort -u)
	[ "$n" -gt 0 ] || die "no Debian '$host' source with component main in /etc/apt: cannot derive a mirror"
	mv "$out" "$d/etc/sources.list"
}

# apt_opts DEBARCH SUITE: print the -o options (one per line) that make
# apt-get/apt-cache use the private state.
apt_opts() {
	local d
	d=$(apt_dir "$1" "$2")
	printf '%s\n' \
		-o "Dir::Etc=$d/etc" \
		-o "Dir::Etc::SourceList=$d/etc/sources.list" \
		-o "Dir::Etc::SourceParts=$d/etc/sources.list.d" \
		-o "Dir::Etc::Parts=$d/etc/apt.conf.d" \
		-o "Dir::Etc::Preferences=$d/etc/preferences" \
		-o "Dir::Etc::PreferencesParts=$d/etc/preferences.d" \
		-o "Dir::State=$d/state" \
		-o "Dir::State::Lists=$d/lists" \
		-o "Dir::State::status=/dev/null" \
		-o "Dir::Cache=$d/cache" \
		-o "APT::Architecture=$1" \
		-o "APT::Architectures::=$1" \
		-o "Acquire::Retries=3" \
		-o "Acquire::Languages=none" \
		-o "Debug::NoLocking=1" \
		-o "APT::Sandbox::User=root"
}

# lab_apt TOOL DEBARCH SUITE ARGS...: run apt-get/apt-cache privately.
lab_apt() {
	local tool=$1 debarch=$2 suite=$3 opts=()
	shift 3
	mapfile -t opts < <(apt_opts "$debarch" "$suite")
	"$tool" "${opts[@]}" "$@"
}

# apt_refresh DEBARCH SUITE: update the private lists if they are missing or
# older than PAPILLON_LAB_APT_MAX_AGE minutes (default a day), so a new
# kernel ABI is seen within a day while repeated runs stay offline.
# Mirrors here sometimes serve one stale index (a -security or -updates
# Packages file with the wrong size, "Mirror sync in progress?") for hours:
# apt then keeps the indexes it did get, which is enough as long as the main
# suite's is among them. Only no index at all is an error (status 1: the
# callers then fall back on what the cache holds, for offline runs).
apt_refresh() {
	local debarch=$1 suite=$2 d age=${PAPILLON_LAB_APT_MAX_AGE:-1440}
	d=$(apt_dir "$debarch" "$suite")
	apt_write_sources "$debarch" "$suite"
	if [ -f "$d/state/updated" ] && [ -z "$(find "$d/state/updated" -mmin +"$age")" ]; then
		return 0
	fi
	log "apt: updating private lists for $suite/$debarch"
	if ! lab_apt apt-get "$debarch" "$suite" -qq update >"$d/update.log" 2>&1; then
		if ! compgen -G "$d/lists/*_dists_${suite}_main_binary-${debarch}_Packages*" >/dev/null; then
			cat "$d/update.log" >&2
			log "apt: update failed for $suite/$debarch"
			return 1
		fi
		log "apt: some indexes failed for $suite/$debarch (see $d/update.log); using those apt has"
	fi
	touch "$d/state/updated"
}

# apt_download DEBARCH SUITE DIR PKG...: download .debs into DIR, print paths.
apt_download() {
	local debarch=$1 suite=$2 dir=$3
	shift 3
	mkdir -p "$dir"
	(cd "$dir" && lab_apt apt-get "$debarch" "$suite" -qq download "$@") >&2
	local p
	for p in "$@"; do
		compgen -G "$dir/${p}_*_*.deb" | head -n 1 || die "apt: $p was not downloaded"
	done
}
