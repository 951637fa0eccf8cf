# SPDX-License-Identifier: BSD-3-Clause
# find_package(Papillon): the same package as find_package(PAPI), whose
# config sits in the sibling directory.
include("${CMAKE_CURRENT_LIST_DIR}/../PAPI/PAPIConfig.cmake")
set(Papillon_INCLUDE_DIRS "${PAPI_INCLUDE_DIRS}")
set(Papillon_LIBRARIES PAPI::PAPI)
if(NOT TARGET Papillon::Papillon AND TARGET PAPI::PAPI)
  add_library(Papillon::Papillon INTERFACE IMPORTED)
  set_target_properties(Papillon::Papillon PROPERTIES INTERFACE_LINK_LIBRARIES PAPI::PAPI)
endif()
