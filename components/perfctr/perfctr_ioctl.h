// SPDX-License-Identifier: BSD-3-Clause
/* The structure ioctls of /dev/perfctr from user space, in perfctr 2.6's
 * tagged encoding (kernel/perfctr_marshal.h), as libperfctr 2.6 made them:
 * the argument encoded with its rdsize, room for the answer in wrsize,
 * the answer decoded from the words the kernel wrote (its rdsize). Only
 * libc: the lab's raw test program includes it too. */
#ifndef PAPILLON_PERFCTR_IOCTL_H
#define PAPILLON_PERFCTR_IOCTL_H

#include "kernel/perfctr_marshal.h"

/* ioctl(fd, cmd) with in (NULL: none) encoded per in_layout and the answer
 * decoded into out per out_layout (NULL: none). The ioctl's result, or -1
 * with errno (EPROTO for an answer that does not decode). */
int perfctr_ioctl_struct(int fd, unsigned long cmd, const struct perfctr_marshal_layout *in_layout,
                         const void *in, const struct perfctr_marshal_layout *out_layout,
                         void *out);

#endif
