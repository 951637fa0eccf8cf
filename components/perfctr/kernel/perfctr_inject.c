// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* test_inject=1: the overflow injection of the lab's i-mode test. Where no
 * PMU interrupt exists (QEMU's TCG), everything after the interrupt can
 * still run for real: writing a counter mask (e.g. "0x2") to
 * <debugfs>/papillon_perfctr/inject_overflow runs the overflow handling
 * the interrupt runs, with that mask, on the writer's own virtual
 * counters (vperfctr_inject_overflow). Root only (the file's mode 0200 in
 * debugfs, which only root may enter, and CAP_SYS_ADMIN at the write);
 * absent unless the module was loaded with test_inject=1. */
#include <linux/capability.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>

#include "perfctr_inject.h"
#include "vperfctr.h"

static struct dentry *inject_dir;

static ssize_t inject_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	u32 mask;
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = kstrtou32_from_user(buf, count, 0, &mask);
	if (err)
		return err;
	err = vperfctr_inject_overflow(mask);
	return err ? err : (ssize_t)count;
}

static const struct file_operations inject_fops = {
    .owner = THIS_MODULE,
    .open = simple_open,
    .write = inject_write,
    .llseek = noop_llseek,
};

void perfctr_inject_init(void)
{
	inject_dir = debugfs_create_dir("papillon_perfctr", NULL);
	debugfs_create_file("inject_overflow", 0200, inject_dir, NULL, &inject_fops);
}

void perfctr_inject_exit(void)
{
	debugfs_remove_recursive(inject_dir);
	inject_dir = NULL;
}
