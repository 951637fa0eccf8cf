#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The exported names of libpapi.so.7.0 against PAPI 7.0's own (check-symbols.sh).
exec bash "$(dirname "$0")/check-symbols.sh" 7.0
