# SPDX-License-Identifier: BSD-3-Clause
dnl riscv reads RISC-V counter CSRs with csrr. It is built on every
dnl architecture, so that its names, its driver and the model of counter
dnl delegation are tested anywhere; off riscv64 it is listed inactive with
dnl the reason. It needs nothing beyond the C library.
PAPILLON_COMPONENT([riscv], [component_summary="csrr (active on riscv64 Linux only)"])
