# SPDX-License-Identifier: BSD-3-Clause
dnl sde (PAPI 7's software-defined events) needs nothing beyond the C
dnl library: dlsym finds libsde's registry when libsde came into the process
dnl after libpapi (components/sde/sde_link.c). Built by default everywhere.
PAPILLON_COMPONENT([sde],
[AC_CHECK_HEADER([dlfcn.h], [],
  [component_reason="the C library's header dlfcn.h is missing (dlsym finds libsde's registry)"])
component_summary="libsde.so.1"])
