// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "perfctr_structbuf.h"

/* Encodings this short (a perfctr_sum_ctrs' 57 words, VPERFCTR_READ_SUM's
 * answer, on every ioctl read) go through the stack: no allocation on the
 * read path. The controls' longer ones are allocated. */
#define STRUCTBUF_STACK_WORDS 64

int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src,
                          const struct perfctr_marshal_layout *layout)
{
	u32 max = perfctr_marshal_max_words(layout), room, used = 0;
	/* rdsize, wrsize, then the words: one copy to user space. */
	u32 stack[2 + STRUCTBUF_STACK_WORDS];
	u32 *out = stack;
	int err;

	if (get_user(room, &buf->wrsize))
		return -EFAULT;
	if (max > STRUCTBUF_STACK_WORDS) {
		out = kmalloc_array(2 + max, sizeof(*out), GFP_KERNEL);
		if (!out)
			return -ENOMEM;
	}
	err = perfctr_marshal_encode(layout, src, out + 2, max, &used);
	if (!err && used > room)
		err = -EOVERFLOW;
	if (!err) {
		out[0] = used; /* rdsize: the words written */
		out[1] = room; /* wrsize as it was */
		if (copy_to_user(buf, out, (2 + used) * sizeof(*out)))
			err = -EFAULT;
	}
	if (out != stack)
		kfree(out);
	return err;
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
