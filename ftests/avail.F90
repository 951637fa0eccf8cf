! SPDX-License-Identifier: BSD-3-Clause
! avail: the library initialises from Fortran, and the presets it calls available are
! those PAPIF_query_event accepts and PAPIF_event_code_to_name names PAPI_*.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program avail
  use ftest_checks
  implicit none
  integer :: check, code, available, all_presets, level
  character(len=PAPI_MAX_STR_LEN) :: name
  character(len=120) :: line

  call papif_is_initialized(level)
  CHECK('papif_is_initialized before init', level, PAPI_NOT_INITED)
  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)
  call papif_is_initialized(level)
  CHECK('papif_is_initialized', level, PAPI_LOW_LEVEL_INITED)

  ! Every preset, then the available ones (PAPI_PRESET_ENUM_AVAIL).
  all_presets = 0
  code = PAPI_PRESET_MASK
  call papif_enum_event(code, PAPI_ENUM_FIRST, check)
  CHECK('papif_enum_event(PAPI_ENUM_FIRST)', check, PAPI_OK)
  do while (check == PAPI_OK)
    all_presets = all_presets + 1
    call papif_enum_event(code, PAPI_ENUM_EVENTS, check)
  end do
  if (all_presets < 100) FAIL('fewer than 100 presets enumerated')

  available = 0
  code = PAPI_PRESET_MASK
  call papif_enum_event(code, PAPI_ENUM_FIRST, check)
  do while (check == PAPI_OK)
    call papif_query_event(code, check)
    if (check == PAPI_OK) then
      available = available + 1
      call papif_event_code_to_name(code, name, check)
      CHECK('papif_event_code_to_name', check, PAPI_OK)
      if (name(1:5) /= 'PAPI_') FAIL('an available preset is named '//trim(name))
    end if
    call papif_enum_event(code, PAPI_PRESET_ENUM_AVAIL, check)
  end do
  if (available > all_presets) FAIL('more available presets than presets')
  write (line, '(i0,a,i0,a)') available, ' of ', all_presets, ' presets available'
  call ftest_note(line)
  call papif_shutdown()
  call ftest_pass()
end program avail
