// SPDX-License-Identifier: BSD-3-Clause
/* Stand-in for the kernel's <linux/compiler.h> in tests/native_compile.sh,
 * which compiles the module's native CSR layer and the driver without a
 * kernel tree: only what kernel/rv_csr_native.h takes from it. */
#ifndef PAPILLON_STUB_LINUX_COMPILER_H
#define PAPILLON_STUB_LINUX_COMPILER_H
#define __always_inline inline __attribute__((__always_inline__))
#endif
