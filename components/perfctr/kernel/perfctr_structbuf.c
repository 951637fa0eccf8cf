// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "perfctr_structbuf.h"

/* Encodings this short (a perfctr_sum_ctrs' 57 words at most,
 * VPERFCTR_READ_SUM's answer on every ioctl read) go through the stack:
 * no allocation on the read path. Longer ones (the controls') are
 * encoded again into an allocated buffer. */
#define STRUCTBUF_STACK_WORDS 57

/* rdsize, wrsize, then the words: one copy to user space. */
static int copy_out(struct perfctr_struct_buf __user *buf, u32 *out, u32 used, u32 room)
{
	out[0] = used; /* rdsize: the words written */
	out[1] = room; /* wrsize as it was */
	return copy_to_user(buf, out, (2 + used) * sizeof(*out)) ? -EFAULT : 0;
}

int perfctr_structbuf_out_prefix(struct perfctr_struct_buf __user *buf, const void *src,
                                 size_t prefix, const struct perfctr_marshal_layout *layout)
{
	u32 stack[2 + STRUCTBUF_STACK_WORDS];
	u32 room, used = 0;
	u32 *out;
	int err;

	if (get_user(room, &buf->wrsize))
		return -EFAULT;
	if (!perfctr_marshal_encode_prefix(layout, src, prefix, stack + 2,
	                                   min_t(u32, room, STRUCTBUF_STACK_WORDS), &used))
		return copy_out(buf, stack, used, room);
	if (used > room)
		return -EOVERFLOW;
	out = kmalloc_array(2 + used, sizeof(*out), GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	err = perfctr_marshal_encode_prefix(layout, src, prefix, out + 2, used, &used);
	if (!err)
		err = copy_out(buf, out, used, room);
	kfree(out);
	return err;
}

int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src,
                          const struct perfctr_marshal_layout *layout)
{
	return perfctr_structbuf_out_prefix(buf, src, layout->size, layout);
}

int perfctr_structbuf_in(void *dst, const struct perfctr_marshal_layout *layout,
                         const struct perfctr_struct_buf __user *buf)
{
	u32 stack[STRUCTBUF_STACK_WORDS];
	u32 count;
	u32 *words = stack;
	int err;

	if (get_user(count, &buf->rdsize))
		return -EFAULT;
	/* libperfctr sends each item once at most: more is not an encoding
	 * of this structure (and would have the kernel allocate at will). */
	if (count > perfctr_marshal_max_words(layout))
		return -EINVAL;
	if (count > STRUCTBUF_STACK_WORDS) {
		words = kmalloc_array(count, sizeof(*words), GFP_KERNEL);
		if (!words)
			return -ENOMEM;
	}
	err = copy_from_user(words, buf->buffer, count * sizeof(*words)) ? -EFAULT : 0;
	if (!err)
		err = perfctr_marshal_decode(layout, dst, words, count);
	if (words != stack)
		kfree(words);
	return err;
}
