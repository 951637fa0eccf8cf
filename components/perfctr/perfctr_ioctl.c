// SPDX-License-Identifier: BSD-3-Clause
/* Structure ioctls on /dev/perfctr (perfctr_ioctl.h). */
#include <errno.h>
#include <sys/ioctl.h>

#include "perfctr_ioctl.h"

int perfctr_ioctl_struct(int fd, unsigned long cmd, const struct perfctr_marshal_layout *in_layout,
                         const void *in, const struct perfctr_marshal_layout *out_layout, void *out)
{
	uint32_t used = 0;
	/* rdsize, wrsize, then the words. On the stack, and not cleared: it
	 * is on the ioctl read's path, and the kernel reads only the rdsize
	 * words written, user space only the rdsize words it wrote back. Its
	 * room fits any layout: no size to work out per call. */
	uint32_t buf[2 + PERFCTR_MARSHAL_MAX_WORDS];
	int rc, saved;

	if (in_layout &&
	    perfctr_marshal_encode(in_layout, in, buf + 2, PERFCTR_MARSHAL_MAX_WORDS, &used) != 0) {
		errno = EOVERFLOW;
		return -1;
	}
	buf[0] = used;                      /* rdsize: the words written */
	buf[1] = PERFCTR_MARSHAL_MAX_WORDS; /* wrsize: the room for the answer */
	rc = ioctl(fd, cmd, buf);
	saved = errno;
	if (rc >= 0 && out_layout) {
		if (buf[0] > PERFCTR_MARSHAL_MAX_WORDS ||
		    perfctr_marshal_decode(out_layout, out, buf + 2, buf[0]) != 0) {
			rc = -1;
			saved = EPROTO;
		}
	}
	errno = saved;
	return rc;
}
