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

/* The words with their rdsize, wrsize read in the same user-access
 * window: on the read path, no call to copy routines and no object check
 * for a copy of a variable size. -EOVERFLOW when wrsize is short. */
static int write_out(struct perfctr_struct_buf __user *buf, const u32 *words, u32 used)
{
	u32 __user *to = buf->buffer;
	u32 room;

	if (!user_access_begin(buf,
	                       offsetof(struct perfctr_struct_buf, buffer) + used * sizeof(*words)))
		return -EFAULT;
	unsafe_get_user(room, &buf->wrsize, fault);
	if (used > room) {
		user_access_end();
		return -EOVERFLOW;
	}
	unsafe_put_user(used, &buf->rdsize, fault); /* the words written */
	for (u32 i = 0; i < used; i++)
		unsafe_put_user(words[i], &to[i], fault);
	user_access_end();
	return 0;
fault:
	user_access_end();
	return -EFAULT;
}

int perfctr_structbuf_out_prefix(struct perfctr_struct_buf __user *buf, const void *src,
                                 size_t prefix, const struct perfctr_marshal_layout *layout)
{
	/* Only the words encoded are read: no zeroing (the kernel's
	 * automatic stack initialisation) on the read path. */
	u32 words[STRUCTBUF_STACK_WORDS] __uninitialized;
	u32 used = 0;
	u32 *heap;
	int err;

	if (!perfctr_marshal_encode_prefix(layout, src, prefix, words, STRUCTBUF_STACK_WORDS,
	                                   &used))
		return write_out(buf, words, used);
	heap = kmalloc_array(used, sizeof(*heap), GFP_KERNEL);
	if (!heap)
		return -ENOMEM;
	err = perfctr_marshal_encode_prefix(layout, src, prefix, heap, used, &used);
	if (!err)
		err = write_out(buf, heap, used);
	kfree(heap);
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
