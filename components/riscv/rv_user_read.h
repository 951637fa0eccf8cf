// SPDX-License-Identifier: BSD-3-Clause
/* Reading a counter CSR from user space (csrr), where the build's
 * architecture is riscv64; everywhere else nothing reads. The instruction
 * itself is the architecture layer's (src/arch/arch_riscv64.h): a jump
 * table, since csrr takes its CSR number as an immediate. */
#ifndef PAPILLON_RV_USER_READ_H
#define PAPILLON_RV_USER_READ_H

#include <stdbool.h>
#include <stdint.h>

/* Whether this build reads RISC-V CSRs at all. */
extern const bool rv_user_read_built;

/* Counter 0xc00 + counter (0 cycle, 1 time, 2 instret, 3..31 hpmcounter):
 * false, nothing read, for a number no CSR has. The caller makes sure the
 * kernel opened the counter to user mode (scounteren), or the read traps. */
bool rv_user_counter_read(uint32_t counter, uint64_t *value);

#endif
