#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The C++ API (components/sde/sde_lib.hpp) builds warning-free as C++11 and
# counts: cxx_api.cpp (beside this script) is compiled here with the host's C++
# compiler (the build itself is C only) and run against this build's
# libpapi and libsde. Run by make check from the build's components/sde/tests,
# with srcdir and SAN_CFLAGS (the build's sanitizer flags) in the
# environment; prints a verdict line.
cxx=${CXX:-g++}
if ! command -v "$cxx" >/dev/null 2>&1; then
	echo "SKIPPED: no C++ compiler ($cxx) to build the C++ API's test"
	exit 77
fi
libs=../../../src/.libs
sde_libs=../.libs
if [ ! -f "$sde_libs/libsde.so" ]; then
	echo "SKIPPED: no shared libsde in this build (a build without shared libraries)"
	exit 77
fi
program=./sde_cxx_api
top=${srcdir:-.}/../../..
# shellcheck disable=SC2086 # SAN_CFLAGS is a list of options
if ! "$cxx" -std=c++11 -Wall -Wextra -Werror $SAN_CFLAGS -I"$top/include" \
	-I"$top/components/sde" "${srcdir:-.}/cxx_api.cpp" -L"$libs" -L"$sde_libs" -lpapi -lsde \
	-Wl,-rpath,"$(cd "$libs" && pwd)" -Wl,-rpath,"$(cd "$sde_libs" && pwd)" -o "$program"; then
	echo "FAILED: components/sde/tests/cxx_api.cpp does not build with $cxx"
	exit 1
fi
"$program"
