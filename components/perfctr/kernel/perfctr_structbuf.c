// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "perfctr_structbuf.h"

int perfctr_structbuf_out(struct perfctr_struct_buf __user *buf, const void *src,
                          const struct perfctr_marshal_layout *layout)
{
	u32 max = perfctr_marshal_max_words(layout), room, used = 0;
	u32 *words;
	int err;

	if (get_user(room, &buf->wrsize))
		return -EFAULT;
	words = kmalloc_array(max, sizeof(*words), GFP_KERNEL);
	if (!words)
		return -ENOMEM;
	err = perfctr_marshal_encode(layout, src, words, max, &used);
	if (!err && used > room)
		err = -EOVERFLOW;
	if (!err && (copy_to_user(buf->buffer, words, used * sizeof(*words)) ||
	             put_user(used, &buf->rdsize)))
		err = -EFAULT;
	kfree(words);
	return err;
}

int perfctr_structbuf_in(void *dst, const struct perfctr_marshal_layout *layout,
                         const struct perfctr_struct_buf __user *buf)
{
	u32 count;
	u32 *words;
	int err;

	if (get_user(count, &buf->rdsize))
		return -EFAULT;
	/* libperfctr sends each item once at most: more is not an encoding
	 * of this structure (and would have the kernel allocate at will). */
	if (count > perfctr_marshal_max_words(layout))
		return -EINVAL;
	words = kmalloc_array(count ? count : 1, sizeof(*words), GFP_KERNEL);
	if (!words)
		return -ENOMEM;
	err = copy_from_user(words, buf->buffer, count * sizeof(*words)) ? -EFAULT : 0;
	if (!err)
		err = perfctr_marshal_decode(layout, dst, words, count);
	kfree(words);
	return err;
}
