# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Kernel headers extracted from Debian's .debs (linux-headers-RELEASE,
# linux-headers-ABI-common, linux-kbuild-ABI) into one tree of the lab's
# cache, made usable where they are: the module builds (lab/build-perfctr-
# module, lab/build-riscv-module) must read only that tree, never the
# host's /usr/src, where these packages are not installed (a fresh machine)
# or may be another version.
#
# The one absolute path a module build follows is in the arch package's
# Makefile, a single line
#     include /usr/src/linux-headers-ABI-common/Makefile
# (the installed location). kheaders_localize rewrites it so that the
# common Makefile is found beside the arch Makefile itself, whatever
# directory the tree was extracted to (the cache may be reached through
# another path, e.g. bind-mounted into scripts/fresh-machine's root).
# Everything else the build reads goes through relative symbolic links
# (scripts -> ../../lib/linux-kbuild-ABI/scripts) or the common Makefile's
# own location (abs_srctree is taken from the path it was included by).
# Sourced by the builders after lab/lib/common.sh.

# kheaders_localize KDIR: KDIR is ROOT/usr/src/linux-headers-RELEASE of an
# extracted tree. Idempotent (a tree localized before, or by an older
# builder with an absolute cache path, is rewritten to the same line);
# dies when the common package is not beside KDIR or when a /usr/src path
# is left in the Makefile.
kheaders_localize() {
	local kdir=$1 mk common
	mk=$kdir/Makefile
	[ -f "$mk" ] || die "kheaders: no Makefile in $kdir"
	common=$(sed -nE 's|^include .*/usr/src/(linux-headers-[^/]+)/Makefile$|\1|p' "$mk")
	if [ -n "$common" ]; then
		[ -f "$kdir/../$common/Makefile" ] ||
			die "kheaders: $mk includes $common, which is not extracted beside it"
		# The directory of the Makefile being read, at the time of the
		# include: make's own view, so no absolute path is written.
		# shellcheck disable=SC2016 # make's $(...), not the shell's
		sed -i -E 's|^include .*/usr/src/(linux-headers-[^/]+)/Makefile$|include $(dir $(realpath $(lastword $(MAKEFILE_LIST))))../\1/Makefile|' "$mk"
	fi
	! grep -q '/usr/src/' "$mk" ||
		die "kheaders: $mk still names /usr/src: $(grep -m1 '/usr/src/' "$mk")"
}
