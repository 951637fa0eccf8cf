! SPDX-License-Identifier: BSD-3-Clause
! names_codes: event names to codes and back; a preset's code is fpapi.h's constant, a
! name padded with blanks is the same name, an unknown one is PAPI_ENOEVNT, and a
! name comes back blank-padded or cut to the length of the variable.
#include "fpapi.h"
#define CHECK(what, got, want) call ftest_check(__FILE__, __LINE__, what, got, want)
#define FAIL(message) call ftest_fail(__FILE__, __LINE__, message)
program names_codes
  use ftest_checks
  implicit none
  integer :: check, code, again
  character(len=PAPI_MAX_STR_LEN) :: name
  character(len=40) :: padded
  character(len=6) :: short

  check = PAPI_VER_CURRENT
  call papif_library_init(check)
  CHECK('papif_library_init', check, PAPI_VER_CURRENT)

  call papif_event_name_to_code('PAPI_TOT_INS', code, check)
  CHECK('papif_event_name_to_code(PAPI_TOT_INS)', check, PAPI_OK)
  CHECK('the code of PAPI_TOT_INS', code, PAPI_TOT_INS)

  call papif_event_name_to_code('perf::TASK-CLOCK', code, check)
  CHECK('papif_event_name_to_code(perf::TASK-CLOCK)', check, PAPI_OK)
  name = repeat('x', len(name))
  call papif_event_code_to_name(code, name, check)
  CHECK('papif_event_code_to_name', check, PAPI_OK)
  if (index(name, 'TASK-CLOCK') == 0) FAIL('the name came back as '//trim(name))
  if (name(len_trim(name) + 1:) /= ' ') FAIL('the name is not blank-padded')

  padded = 'perf::TASK-CLOCK'
  call papif_event_name_to_code(padded, again, check)
  CHECK('papif_event_name_to_code of a blank-padded name', check, PAPI_OK)
  CHECK('the code of the blank-padded name', again, code)

  call papif_query_named_event(padded, check)
  CHECK('papif_query_named_event', check, PAPI_OK)

  call papif_event_name_to_code('perf::NO-SUCH-EVENT-HERE', again, check)
  CHECK('papif_event_name_to_code of an unknown name', check, PAPI_ENOEVNT)

  call papif_event_code_to_name(PAPI_TOT_INS, short, check)
  CHECK('papif_event_code_to_name into 6 characters', check, PAPI_OK)
  if (short /= 'PAPI_T') FAIL('6 characters of PAPI_TOT_INS are '//short)

  call papif_shutdown()
  call ftest_pass()
end program names_codes
