# SPDX-License-Identifier: BSD-3-Clause
dnl ebb (POWER event-based branches) needs nothing beyond the C library and
dnl the kernel's perf_event header. It is built everywhere: the pure logic
dnl (event tables, group and attribute rules) is tested on every host, and
dnl off POWER the component lists itself as disabled with the reason. The
dnl trampoline and the SPR accesses are built for ppc64 only (ARCH_PPC64).
PAPILLON_COMPONENT([ebb],
[AC_CHECK_HEADER([linux/perf_event.h], [],
  [component_reason="the kernel header linux/perf_event.h is missing (Debian: apt-get install linux-libc-dev)"])
AS_IF([test "x$PAPILLON_ARCH" = xppc64],
  [component_summary="EBB trampoline for $host_cpu"],
  [component_summary="disabled at run time: EBB exists on POWER only"])])
