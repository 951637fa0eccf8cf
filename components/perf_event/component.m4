# SPDX-License-Identifier: BSD-3-Clause
dnl perf_event needs libpfm4 (event names and their perf encodings).
PAPILLON_COMPONENT([perf_event],
[AC_CHECK_HEADER([perfmon/pfmlib_perf_event.h], [],
  [component_reason="libpfm4's header perfmon/pfmlib_perf_event.h is missing (Debian: apt-get install libpfm4-dev)"])
AS_IF([test -z "$component_reason"],
  [AC_CHECK_LIB([pfm], [pfm_get_os_event_encoding], [PFM_LIBS=-lpfm],
    [component_reason="libpfm4's library (-lpfm with pfm_get_os_event_encoding) is missing (Debian: apt-get install libpfm4-dev)"])])
component_summary="libpfm4: $PFM_LIBS"
AC_SUBST([PFM_LIBS])])
