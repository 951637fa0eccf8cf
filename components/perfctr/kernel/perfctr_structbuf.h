/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Moving a structure through a struct perfctr_struct_buf argument, as
 * perfctr 2.6 did (its libperfctr talks to the module so): the words carry
 * the structure in the tagged field-by-field encoding (perfctr_marshal.h).
 * Sizes are in 32-bit words: going in, rdsize is the words user space
 * wrote; coming out, wrsize is the room it gives, and the kernel sets
 * rdsize to the words it wrote. */
#ifndef PAPILLON_PERFCTR_STRUCTBUF_H
#define PAPILLON_PERFCTR_STRUCTBUF_H

#include <linux/types.h>

#include "perfctr_abi.h"
#include "perfctr_marshal.h"

/* A buffer the code fills before it reads it, left out of the kernel's
 * automatic stack initialisation (kernels without the attribute's name). */
#ifndef __uninitialized
#define __uninitialized
#endif

/* -EOVERFLOW when wrsize is too small for the encoding. */
int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src,
                          const struct perfctr_marshal_layout *layout);
/* The same for src's first prefix bytes, the rest being zero
 * (perfctr_marshal_encode_prefix). */
int perfctr_structbuf_out_prefix(struct perfctr_struct_buf __user *buf, const void *src,
                                 size_t prefix, const struct perfctr_marshal_layout *layout);
/* dst decoded from the rdsize words: -EPROTO for a bad encoding, -EINVAL
 * for more words than the layout can take. */
int perfctr_structbuf_in(void *dst, const struct perfctr_marshal_layout *layout,
                         const struct perfctr_struct_buf __user *buf);

#endif
