#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The exported names of libpapi.so.7.1 against PAPI 7.1's own (check-symbols.sh).
exec bash "$(dirname "$0")/check-symbols.sh" 7.1
