# SPDX-License-Identifier: BSD-3-Clause
# Read by lab/build-tree next to an automake Makefile ("make -f Makefile -f
# print-var.mk lab-print-VAR") to learn its program lists without needing
# any help from the Makefile.am.
lab-print-%:
	@echo $($*)
