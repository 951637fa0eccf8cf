# SPDX-License-Identifier: BSD-3-Clause
# Emulated-PMU lab targets (see lab/README.md). The top-level Makefile.am
# includes this file:
#     include $(srcdir)/lab/check-lab.mk
#
#   make check-lab            all configurations: aarch64 (cortex-a57,
#                             neoverse-n1, two-CPU cortex-a57), ppc64le,
#                             riscv64, x86_64; PAPILLON_LAB_CONFS="x86_64
#                             riscv64" (arches or configurations, as
#                             lab/check takes them) runs only those
#   make check-lab-aarch64    one architecture (likewise -ppc64le,
#                             -riscv64, -x86_64)
#
# The lab cross-builds its own copy of the source (it never touches this
# build), so the targets depend on nothing here. Once this build has made
# the library, a program that does not cross-build is a failure in the lab
# too (PAPILLON_LAB_REQUIRE_TREE=1); before, it is reported as skipped. Its
# products go to lab/build under the build directory; downloads are cached
# in $PAPILLON_LAB_CACHE (default /var/cache/papillon-lab).

LAB_CHECK = \
	PAPILLON_LAB_BUILD="$${PAPILLON_LAB_BUILD:-$(abs_top_builddir)/lab/build}" \
	PAPILLON_LAB_REQUIRE_TREE="$${PAPILLON_LAB_REQUIRE_TREE:-$$(test -f $(abs_top_builddir)/src/libpapi.la && echo 1 || echo 0)}" \
	$(abs_top_srcdir)/lab/check

check-lab:
	$(LAB_CHECK) $${PAPILLON_LAB_CONFS:-all}

check-lab-aarch64:
	$(LAB_CHECK) aarch64

check-lab-ppc64le:
	$(LAB_CHECK) ppc64le

check-lab-riscv64:
	$(LAB_CHECK) riscv64

check-lab-x86_64:
	$(LAB_CHECK) x86_64

.PHONY: check-lab check-lab-aarch64 check-lab-ppc64le check-lab-riscv64 check-lab-x86_64
