/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Moving a structure through a struct perfctr_struct_buf argument. The
 * sizes are in 32-bit words, as perfctr 2.6 counted them: rdsize is the
 * room user space gives for what the kernel writes, wrsize what user space
 * wrote. The words carry the structure as laid out in perfctr_abi.h (the
 * field-by-field tagged encoding of perfctr 2.6 is not implemented: see
 * doc/perfctr.md). */
#ifndef PAPILLON_PERFCTR_STRUCTBUF_H
#define PAPILLON_PERFCTR_STRUCTBUF_H

#include <linux/types.h>

#include "perfctr_abi.h"

/* -EOVERFLOW when rdsize is too small for size bytes. */
int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src, size_t size);
/* -EINVAL unless wrsize is exactly size bytes' words. */
int perfctr_structbuf_in(void *dst, size_t size, const struct perfctr_struct_buf __user *buf);

#endif
