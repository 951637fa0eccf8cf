# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Build helpers: autoreconf when needed, configure out of tree, make.
# Needs common.sh.

# Number of parallel make jobs: the machines have 2 cores.
PAPILLON_JOBS=${PAPILLON_JOBS:-$(nproc 2>/dev/null || echo 2)}

# The autotools inputs of the tree (not the build dirs, not .git): with
# configure.ac and the Makefile.am files, the components' m4 files
# (components/list.m4, components/NAME/component.m4) and .am fragments.
autotools_inputs() {
	find "$PAPILLON_SRC_DIR" \( -path "$PAPILLON_SRC_DIR/.git" -o -path "$PAPILLON_SRC_DIR/_*" \
		-o -path "$PAPILLON_SRC_DIR/build" -o -name autom4te.cache \) -prune \
		-o \( -name configure.ac -o -name Makefile.am -o -name '*.am' \
		-o -path "$PAPILLON_SRC_DIR/components/*.m4" \) -print
}

# configure must be regenerated when it is missing or older than any input.
needs_autoreconf() {
	local configure=$PAPILLON_SRC_DIR/configure
	[ -x "$configure" ] || return 0
	[ -n "$(autotools_inputs | while read -r f; do [ "$f" -nt "$configure" ] && echo "$f"; done)" ]
}

ensure_autoreconf() {
	if needs_autoreconf; then
		step "autoreconf -fi (configure is missing or older than configure.ac/Makefile.am)"
		(cd "$PAPILLON_SRC_DIR" && autoreconf -fi)
	fi
}

# The optional tools configure.ac looks for: the Fortran compiler (module
# papi, ftests), the MPI compiler wrappers (one PMPI tool library each; their
# pkg-config files come in the same packages) and pandoc (man pages). A build
# configured before one of them was installed silently lacks what it builds,
# so the stamp records which were here, and a change configures again.
CONFIGURE_TOOLS=(gfortran mpicc.openmpi mpicc.mpich pandoc)

# configure_tools_line: "tools here: NAME..." for the tools installed now.
configure_tools_line() {
	local t found=()
	for t in "${CONFIGURE_TOOLS[@]}"; do
		! command -v "$t" >/dev/null || found+=("$t")
	done
	printf 'tools here: %s' "${found[*]:-none}"
}

# configure_stamp_tools DIR: the tools line recorded when DIR was configured
# (empty for a build never configured by configure_build, or by an older one).
configure_stamp_tools() {
	sed -n 's/^tools here: /&/p' "$1/.papillon-configure" 2>/dev/null || true
}

# configure_tools_changed DIR: true when DIR was configured with another set
# of optional tools than the one installed now (or has no record of it).
configure_tools_changed() {
	[ "$(configure_stamp_tools "$1")" != "$(configure_tools_line)" ]
}

# configure_build DIR ARG...: configure DIR out of tree with exactly ARGs.
# Reconfigures when DIR has no Makefile, when configure changed, when the
# arguments differ from the last run, or when an optional tool was installed
# or removed since (all recorded in DIR/.papillon-configure: the arguments,
# then configure_tools_line).
configure_build() {
	local dir=$1 want stamp tools old
	shift
	[ ! -e "$PAPILLON_SRC_DIR/config.status" ] ||
		die "the source tree is configured in place; run 'make distclean' in $PAPILLON_SRC_DIR first (builds here are out of tree)"
	tools=$(configure_tools_line)
	want="$*"$'\n'"$tools"
	stamp=$dir/.papillon-configure
	if [ -f "$dir/Makefile" ] && [ -f "$dir/config.status" ] &&
		[ "$dir/config.status" -nt "$PAPILLON_SRC_DIR/configure" ] && [ -f "$stamp" ]; then
		[ "$(cat "$stamp")" != "$want" ] || return 0
		if [ "$(head -n 1 "$stamp")" = "$*" ]; then
			old=$(configure_stamp_tools "$dir")
			step "configure again: the optional tools changed since $dir was configured (then: ${old:-no record}; now: $tools)"
		fi
	fi
	mkdir -p "$dir"
	step "configure $* (in $dir; $tools)"
	rm -f "$stamp"
	(cd "$dir" && "$PAPILLON_SRC_DIR/configure" "$@")
	printf '%s\n' "$want" >"$stamp"
}

make_build() {
	local dir=$1
	step "make -j$PAPILLON_JOBS (in $dir)"
	make -C "$dir" -j"$PAPILLON_JOBS"
}

# Configure arguments of the two builds the suite uses. PAPILLON_CONFIGURE_ARGS
# adds to both (word-split on purpose: it is a list of options).
main_configure_args() {
	# shellcheck disable=SC2086
	printf '%s\n' --enable-werror ${PAPILLON_CONFIGURE_ARGS:-}
}
sanitizer_configure_args() {
	# shellcheck disable=SC2086
	printf '%s\n' --enable-werror --enable-sanitizers ${PAPILLON_CONFIGURE_ARGS:-}
}

# Where the library of a build dir ends up (libtool's .libs).
papillon_libdir() { printf '%s\n' "$1/src/.libs"; }
