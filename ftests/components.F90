! SPDX-License-Identifier: BSD-3-Clause
! components: PAPIF_num_components, PAPIF_get_component_info and
! PAPIF_get_component_index agree with each other; sde is always built, and an index
! past the last is PAPI_ENOCMP.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program components
  use ftest_checks
  implicit none
  integer :: check, count, cidx, found, cntrs, natives, disabled, sde_seen
  character(len=PAPI_MAX_STR_LEN) :: name, short_name, description
  character(len=PAPI_HUGE_STR_LEN) :: reason
  character(len=200) :: line

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  call papif_num_components(count)
  if (count < 1) FAIL('no component')
  sde_seen = 0
  do cidx = 0, count - 1
    name = repeat('#', len(name))
    call papif_get_component_info(cidx, name, short_name, description, cntrs, natives, &
      disabled, reason, check)
    CHECK('papif_get_component_info', check, PAPI_OK)
    if (len_trim(name) == 0) FAIL('a component without a name')
    if (index(name, '#') /= 0) FAIL('the name is not blank-padded')
    call papif_get_component_index(name, found, check)
    CHECK('papif_get_component_index of '//trim(name), check, PAPI_OK)
    CHECK('the index of '//trim(name), found, cidx)
    if (disabled /= 0 .and. len_trim(reason) == 0) FAIL(trim(name)//' is disabled for no reason')
    if (trim(name) == 'sde') sde_seen = 1
    write (line, '(a,a,i0,a,i0,a,i0)') trim(name), ': counters ', cntrs, ', natives ', natives, &
      ', disabled ', disabled
    call ftest_note(line)
  end do
  CHECK('sde among the components', sde_seen, 1)
  call papif_get_component_info(count, name, short_name, description, cntrs, natives, &
    disabled, reason, check)
  CHECK('papif_get_component_info past the last', check, PAPI_ENOCMP)
  call papif_get_component_index('no-such-component', found, check)
  CHECK('papif_get_component_index of an unknown name', check, PAPI_ENOCMP)
  call papif_shutdown()
  call ftest_pass()
end program components
