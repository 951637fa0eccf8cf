// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/riscv/tests/lab/riscv_module_calls.h: what the lab's tests of the riscv
 * kernel module share (riscv_deleg.c, riscv_module_robust.c,
 * riscv_task_counters.c, riscv_migrate.c; each test is
 * one program, so this is a header of static functions, as
 * module_checks.h): the module's path and name in the guest, its load
 * message, the user-only selector bits, the counted
 * loop, the ioctls on a slot and RV_IOC_OBTAIN, and user mode's csrr of
 * a counter the module opened (or a trap, where it is closed to it). riscv64 only (the tests skip
 * elsewhere before including it).
 */
#ifndef PAPILLON_LAB_RISCV_MODULE_CALLS_H
#define PAPILLON_LAB_RISCV_MODULE_CALLS_H

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include "../../components/riscv/kernel/rv_abi.h"
#include "module_checks.h"

/* The message the module prints when it loads, once per hart and load. */
#define LOAD_QUIET "SBI counters, delegation"
/* SBI's SINH | MINH: an event that counts in user mode only. */
#define USER_ONLY (3ull << 6)
/* Counters 3 and up, where user-only selectors go. */
#define PROGRAMMABLE (~7u)

#define MODULE_PATH "/lab/riscv/papillon_riscv.ko"
#define MODULE_NAME "papillon_riscv"
#define EV_CYCLES   0x00001ull /* SBI hardware event 1: cpu-cycles */
#define EV_INSTR    0x00002ull /* SBI hardware event 2: instructions */

/* One of the module's own counts (read-only parameters: files,
 * counters_held), or -1 when it cannot be read. */
static inline long module_count(const char *name)
{
	unsigned long long value = module_param_read(MODULE_NAME, name);
	return value == ~0ull ? -1 : (long)value;
}

/* Both of the module's counts back to 0 (no file open). */
static inline bool module_idle(void)
{
	return module_count("files") == 0 && module_count("counters_held") == 0;
}

/* n iterations of a 2-instruction loop: 2n user instructions. */
static inline void spin(uint64_t n)
{
	__asm__ volatile("1: addi %0, %0, -1\n bnez %0, 1b" : "+r"(n));
}

/* An ioctl on a slot: 0 or the errno; value (may be NULL) in and out. */
static inline int counter_call(int fd, unsigned long cmd, uint32_t slot, uint64_t *value)
{
	struct rv_abi_counter c = {.slot = slot, .value = value ? *value : 0};
	if (ioctl(fd, cmd, &c) != 0)
		return errno;
	if (value)
		*value = c.value;
	return 0;
}

/* RV_IOC_OBTAIN: 0 or the errno; counters 0 lets firmware choose any. */
static inline int obtain(int fd, uint64_t event, uint64_t inhibit, uint32_t flags,
                         uint32_t counters, struct rv_abi_obtain *o)
{
	*o = (struct rv_abi_obtain){
	    .event_index = event, .inhibit_flags = inhibit, .flags = flags, .counters = counters};
	return ioctl(fd, RV_IOC_OBTAIN, o) == 0 ? 0 : errno;
}

/* csrr of counter i (0xc00 + i) from user mode: the CSR number is an
 * immediate, hence a case per counter. False for time (1) and numbers
 * past 31, which the module never hands out. A counter not opened to user
 * mode traps (SIGILL): the caller catches it where it may happen. */
#define COUNTER_CSRR_CASE(i)                                                                       \
	case i:                                                                                    \
		__asm__ volatile("csrr %0, 0xc00 + " #i : "=r"(*value));                           \
		return true

static inline bool counter_csrr(unsigned counter, volatile uint64_t *value)
{
	switch (counter) {
		COUNTER_CSRR_CASE(0);
		COUNTER_CSRR_CASE(2);
		COUNTER_CSRR_CASE(3);
		COUNTER_CSRR_CASE(4);
		COUNTER_CSRR_CASE(5);
		COUNTER_CSRR_CASE(6);
		COUNTER_CSRR_CASE(7);
		COUNTER_CSRR_CASE(8);
		COUNTER_CSRR_CASE(9);
		COUNTER_CSRR_CASE(10);
		COUNTER_CSRR_CASE(11);
		COUNTER_CSRR_CASE(12);
		COUNTER_CSRR_CASE(13);
		COUNTER_CSRR_CASE(14);
		COUNTER_CSRR_CASE(15);
		COUNTER_CSRR_CASE(16);
		COUNTER_CSRR_CASE(17);
		COUNTER_CSRR_CASE(18);
		COUNTER_CSRR_CASE(19);
		COUNTER_CSRR_CASE(20);
		COUNTER_CSRR_CASE(21);
		COUNTER_CSRR_CASE(22);
		COUNTER_CSRR_CASE(23);
		COUNTER_CSRR_CASE(24);
		COUNTER_CSRR_CASE(25);
		COUNTER_CSRR_CASE(26);
		COUNTER_CSRR_CASE(27);
		COUNTER_CSRR_CASE(28);
		COUNTER_CSRR_CASE(29);
		COUNTER_CSRR_CASE(30);
		COUNTER_CSRR_CASE(31);
	default:
		return false;
	}
}

/* counter_csrr of a counter that may be closed to user mode: a trap
 * (SIGILL: scounteren keeps the counter from user mode) comes back as
 * false. */
static sigjmp_buf counter_trap_jump;

static inline void counter_trap(int sig)
{
	(void)sig;
	siglongjmp(counter_trap_jump, 1);
}

static inline bool counter_user_read(unsigned counter, volatile uint64_t *value)
{
	struct sigaction sa = {.sa_handler = counter_trap}, old;
	volatile bool ok = true;
	sigaction(SIGILL, &sa, &old);
	if (sigsetjmp(counter_trap_jump, 1) == 0)
		ok = counter_csrr(counter, value);
	else
		ok = false;
	sigaction(SIGILL, &old, NULL);
	return ok;
}

#endif
