# SPDX-License-Identifier: BSD-3-Clause
# find_package(Papillon X.Y): the version rule of PAPIConfigVersion.cmake.
include("${CMAKE_CURRENT_LIST_DIR}/../PAPI/PAPIConfigVersion.cmake")
