// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#include <linux/uaccess.h>

#include "perfctr_structbuf.h"

static u32 words_of(size_t size)
{
	return (u32)((size + 3) / 4);
}

int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src, size_t size)
{
	u32 rdsize;

	if (get_user(rdsize, &buf->rdsize))
		return -EFAULT;
	if (rdsize < words_of(size))
		return -EOVERFLOW;
	return copy_to_user(buf->buffer, src, size) ? -EFAULT : 0;
}

int perfctr_structbuf_in(void *dst, size_t size, const struct perfctr_struct_buf __user *buf)
{
	u32 wrsize;

	if (get_user(wrsize, &buf->wrsize))
		return -EFAULT;
	/* Another size is another structure (another ABI): refuse, never
	 * guess at its fields. */
	if (wrsize != words_of(size))
		return -EINVAL;
	return copy_from_user(dst, buf->buffer, size) ? -EFAULT : 0;
}
