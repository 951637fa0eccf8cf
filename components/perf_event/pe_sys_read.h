/* SPDX-License-Identifier: BSD-3-Clause */
/* read(2) of a perf descriptor with the system call made in the caller's
 * own frame. Why: on CPUs whose kernel refills or flushes the return stack
 * on the way back (this project's AMD EPYC VM: SRSO "Safe RET", RSB
 * filling), every return a read climbs out of after the system call is
 * mispredicted, about 9 ns each (bench/return_cost, doc/performance.md).
 * libc's read() is such a frame; the instruction inlined here is not. Other
 * architectures, and any build where the inline form is not known to be
 * right, take libc's read(). Private to perf_event's read paths. */
#ifndef PAPILLON_PE_SYS_READ_H
#define PAPILLON_PE_SYS_READ_H

#include <errno.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's convention, whichever way it is made: the bytes read, or
 * -errno (never -1 with errno set). The callers compare the result with
 * the size they expect, so an error costs no test of its own. */
static inline __attribute__((always_inline)) long pe_sys_read(int fd, void *buffer, size_t bytes)
{
#if defined(__linux__) && defined(__x86_64__) && !defined(__ILP32__)
	/* rax: number in, result out; rdi, rsi, rdx: the arguments; the
	 * instruction itself overwrites rcx (return address) and r11 (flags). */
	long result;
	__asm__ volatile("syscall"
	                 : "=a"(result)
	                 : "0"((long)SYS_read), "D"((long)fd), "S"(buffer), "d"(bytes)
	                 : "rcx", "r11", "memory");
	return result;
#elif defined(__linux__) && defined(__aarch64__) && !defined(__ILP32__)
	/* x8: number; x0..x2: arguments, x0 the result. */
	register long number __asm__("x8") = SYS_read;
	register long x0 __asm__("x0") = fd;
	register void *x1 __asm__("x1") = buffer;
	register size_t x2 __asm__("x2") = bytes;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(number), "r"(x1), "r"(x2) : "memory");
	return x0;
#elif defined(__linux__) && defined(__riscv) && __riscv_xlen == 64
	/* a7: number; a0..a2: arguments, a0 the result. */
	register long number __asm__("a7") = SYS_read;
	register long a0 __asm__("a0") = fd;
	register void *a1 __asm__("a1") = buffer;
	register size_t a2 __asm__("a2") = bytes;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(number), "r"(a1), "r"(a2) : "memory");
	return a0;
#elif defined(__linux__) && defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
	/* r0: number; r3..r5: arguments, r3 the result. An error sets cr0's
	 * summary-overflow bit and leaves the positive errno in r3. The
	 * kernel may change r0 and r4..r12, cr0, cr1, cr5..cr7, ctr and xer. */
	register long r0 __asm__("r0") = SYS_read;
	register long r3 __asm__("r3") = fd;
	register long r4 __asm__("r4") = (long)buffer;
	register long r5 __asm__("r5") = (long)bytes;
	unsigned long condition;
	__asm__ volatile("sc\n\tmfcr %0"
	                 : "=&r"(condition), "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
	                 :
	                 : "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0", "cr1", "cr5", "cr6",
	                   "cr7", "ctr", "xer", "memory");
	/* mfcr puts cr0 in bits 31..28: lt, gt, eq, so. */
	return (condition & (1ul << 28)) ? -r3 : r3;
#else
	ssize_t result = read(fd, buffer, bytes);
	return result < 0 ? -(long)errno : (long)result;
#endif
}

#endif
