# SPDX-License-Identifier: BSD-3-Clause
dnl perfctr: the x86 counter interface of the perfctr 2.6 ABI, over
dnl /dev/perfctr (the papillon module in components/perfctr/kernel/). Built
dnl on x86-64 only; needs nothing beyond the kernel's UAPI headers. The
dnl driver's tests (the simulated CPU) are built with it.
PAPILLON_COMPONENT([perfctr],
[AS_IF([test "x$PAPILLON_ARCH" != xx86_64],
  [component_reason="perfctr is an x86 interface; this build is for $host_cpu"],
  [AC_CHECK_HEADER([linux/ioctl.h], [],
    [component_reason="the kernel's UAPI header linux/ioctl.h is missing (Debian: apt-get install linux-libc-dev)"])])
component_summary="/dev/perfctr"])
