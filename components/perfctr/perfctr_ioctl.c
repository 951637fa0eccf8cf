// SPDX-License-Identifier: BSD-3-Clause
/* Structure ioctls on /dev/perfctr (perfctr_ioctl.h). */
#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "perfctr_ioctl.h"

int perfctr_ioctl_struct(int fd, unsigned long cmd, const struct perfctr_marshal_layout *in_layout,
                         const void *in, const struct perfctr_marshal_layout *out_layout, void *out)
{
	uint32_t in_max = in_layout ? perfctr_marshal_max_words(in_layout) : 0;
	uint32_t out_max = out_layout ? perfctr_marshal_max_words(out_layout) : 0;
	uint32_t room = in_max > out_max ? in_max : out_max, used = 0;
	/* rdsize, wrsize, then the words. */
	uint32_t *buf = calloc(2 + (size_t)room, sizeof(uint32_t));
	int rc, saved;

	if (!buf)
		return -1;
	if (in_layout && perfctr_marshal_encode(in_layout, in, buf + 2, in_max, &used) != 0) {
		free(buf);
		errno = EOVERFLOW;
		return -1;
	}
	buf[0] = used;    /* rdsize: the words written */
	buf[1] = out_max; /* wrsize: the room for the answer */
	rc = ioctl(fd, cmd, buf);
	saved = errno;
	if (rc >= 0 && out_layout) {
		if (buf[0] > out_max ||
		    perfctr_marshal_decode(out_layout, out, buf + 2, buf[0]) != 0) {
			rc = -1;
			saved = EPROTO;
		}
	}
	free(buf);
	errno = saved;
	return rc;
}
