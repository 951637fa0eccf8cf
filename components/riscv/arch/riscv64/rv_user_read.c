// SPDX-License-Identifier: BSD-3-Clause
/* riscv64: the architecture layer's csrr jump table. */
#include "arch/arch.h"
#include "rv_user_read.h"

const bool rv_user_read_built = true;

bool rv_user_counter_read(uint32_t counter, uint64_t *value)
{
	return arch_counter_read(counter, value);
}
