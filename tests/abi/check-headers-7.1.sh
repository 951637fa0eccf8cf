#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The header ABI check against PAPI 7.1's own headers (check-release-headers.sh).
exec bash "$(dirname "$0")/check-release-headers.sh" 7.1
