! SPDX-License-Identifier: BSD-3-Clause
! Compiled twice by wrong_kind_rejected: as it is, it must compile against the module
! papi; with -DWRONG_KIND its event set is an INTEGER(8), and the module must refuse it.
program wrong_kind
  use papi
  implicit none
#ifdef WRONG_KIND
  integer(8) :: es
#else
  integer :: es
#endif
  integer :: check
  es = PAPI_NULL
  call papif_create_eventset(es, check)
  print *, es, check
end program wrong_kind
