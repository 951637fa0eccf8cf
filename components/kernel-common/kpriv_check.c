// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The caller's right to what a request counts (kpriv_check.h), for both
 * modules. */
#include <linux/capability.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>

#include "kpriv_check.h"

/* Neither kernel the lab builds for exports sysctl_perf_event_paranoid
 * (perf_allow_kernel() and perf_allow_cpu() read it inline; 6.1 exports
 * neither them nor the security hook they call), so the sysctl is read
 * as any process reads it: its file is world-readable. A caller whose
 * root has no /proc (a chroot) gets the strictest answer. */
#define PARANOID_FILE "/proc/sys/kernel/perf_event_paranoid"
#define UNKNOWN_LEVEL ((int)(~0u >> 1))

int kpriv_paranoid(void)
{
	char text[24];
	loff_t pos = 0;
	ssize_t n;
	int level;
	struct file *f = filp_open(PARANOID_FILE, O_RDONLY, 0);

	if (IS_ERR(f))
		return UNKNOWN_LEVEL;
	n = kernel_read(f, text, sizeof(text) - 1, &pos);
	filp_close(f, NULL);
	if (n <= 0)
		return UNKNOWN_LEVEL;
	text[n] = '\0';
	/* kstrtoint takes the sysctl's trailing newline. */
	return kstrtoint(text, 10, &level) ? UNKNOWN_LEVEL : level;
}

static bool capable_now(void)
{
	return perfmon_capable();
}

int kpriv_check(unsigned needs)
{
	int rc;

	if (!needs)
		return 0;
	rc = kpriv_refusal(needs, kpriv_paranoid(), capable_now);
#ifdef KPRIV_PERF_ALLOW_KERNEL
	/* Where the kernel exports perf_allow_kernel() (6.12's riscv64
	 * build: its Kbuild defines this), the security module's say on
	 * counting the kernel is asked too, as perf asks it. */
	if (rc == 0 && (needs & KPRIV_KERNEL))
		rc = perf_allow_kernel();
#endif
	return rc;
}
