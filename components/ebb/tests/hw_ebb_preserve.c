// SPDX-License-Identifier: BSD-3-Clause
/* The trampoline's register contract (doc/ebb.md): an EBB may interrupt
 * any instruction, so the interrupted code must find every register and
 * its protected zone as it left them. hw_ebb_preserve_spin
 * (hw_ebb_preserve_spin.S) loads r0 and r3-r31 but r13, CR, LR, CTR, XER,
 * FPSCR, VSCR and VSR0-63 (so FPR0-31 and VR0-31) with patterns of their
 * own, fills the 288 bytes below its stack pointer, spins while PM_CYC on
 * PMC1 raises an EBB every EBB_THRESHOLD cycles, and writes them all out;
 * r1, r2 and r13 must stay as they were. The overflow handler changes
 * every register a called function may change
 * (hw_ebb_preserve_clobber), so a register the trampoline does not save
 * and restore shows. After each batch every register is compared with
 * its pattern; FPSCR, XER and VSCR with what the CPU kept of theirs (a
 * first run with no EBB enabled, since some of their bits are reserved or
 * absent on a model). And exactly the EBBs the count implies arrived
 * (hw_ebb_check_overflows). */
#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "hw_common.c"
#include "hw_ebb_common.c"
#include "hw_ebb_preserve.h"

#define EBB_THRESHOLD    5000LL
#define BATCHES          40
#define BATCH_ITERATIONS 250000ULL /* 4 instructions each: 1M cycles, 200 EBBs */
#define MAX_REPORTED     12

struct hw_ebb_preserve_regs {
	uint64_t gpr[32];
	uint64_t cr, lr, ctr, xer, fpscr, pad;
	alignas(16) unsigned char vscr[16];
	alignas(16) unsigned char vsr[64][16];
	uint64_t red_zone[HW_EBB_PRESERVE_RED_ZONE / 8];
};

_Static_assert(offsetof(struct hw_ebb_preserve_regs, gpr) == HW_EBB_PRESERVE_GPR, "gpr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, cr) == HW_EBB_PRESERVE_CR, "cr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, lr) == HW_EBB_PRESERVE_LR, "lr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, ctr) == HW_EBB_PRESERVE_CTR, "ctr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, xer) == HW_EBB_PRESERVE_XER, "xer");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, fpscr) == HW_EBB_PRESERVE_FPSCR, "fpscr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, vscr) == HW_EBB_PRESERVE_VSCR, "vscr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, vsr) == HW_EBB_PRESERVE_VSR, "vsr");
_Static_assert(offsetof(struct hw_ebb_preserve_regs, red_zone) == HW_EBB_PRESERVE_REDZONE,
               "red zone");
_Static_assert(sizeof(struct hw_ebb_preserve_regs) == HW_EBB_PRESERVE_SIZE, "size");

#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
void hw_ebb_preserve_spin(struct hw_ebb_preserve_regs *regs, struct hw_ebb_preserve_regs *out,
                          uint64_t iterations);
void hw_ebb_preserve_clobber(void);
extern const char hw_ebb_preserve_loop[], hw_ebb_preserve_loop_end[];
#define HAVE_SPIN 1
#else
/* Never called: the test skips before (the ebb component is disabled). */
static void hw_ebb_preserve_spin(struct hw_ebb_preserve_regs *regs,
                                 struct hw_ebb_preserve_regs *out, uint64_t iterations)
{
	(void)regs;
	(void)out;
	(void)iterations;
}
static void hw_ebb_preserve_clobber(void)
{
}
static const char hw_ebb_preserve_loop[1], hw_ebb_preserve_loop_end[1];
#define HAVE_SPIN 0
#endif

/* Patterns: 0x5a in the top byte (the clobber's values have 0xff or 0x00
 * there), then what names the register and the batch. */
#define PATTERN(kind, index, batch)                                                                \
	(0x5a00000000000000ULL | ((uint64_t)(kind) << 48) | ((uint64_t)(index) << 32) |            \
	 ((uint64_t)(batch) << 16) | 0xa5c3U)

/* XER: SO, OV, CA, OV32, CA32 and a byte count; FPSCR: FX, OX, ZX, XX, FR,
 * FPRF, round toward -infinity, and DRN 5, no exception enabled; VSCR: NJ
 * and SAT, in each word. */
#define XER_PATTERN   0xe00c0055ULL
#define FPSCR_PATTERN 0x0000000596070003ULL
#define VSCR_PATTERN  0x00010001U

static volatile long in_loop, elsewhere;

static void on_overflow(int eventset, void *address, long long vector, void *context)
{
	(void)vector;
	(void)context;
	uintptr_t at = (uintptr_t)address;
	if (at >= (uintptr_t)hw_ebb_preserve_loop && at < (uintptr_t)hw_ebb_preserve_loop_end)
		in_loop++;
	else
		elsewhere++;
	hw_ebb_record_callback(eventset);
	hw_ebb_preserve_clobber();
}

static void fill(struct hw_ebb_preserve_regs *regs, int batch)
{
	memset(regs, 0, sizeof(*regs));
	for (int n = 0; n < 32; n++)
		regs->gpr[n] = PATTERN(1, n, batch);
	regs->cr = (uint32_t)(0x5ac3a596U ^ (uint32_t)batch << 8);
	regs->lr = PATTERN(2, 0, batch);
	regs->ctr = PATTERN(3, 0, batch);
	regs->xer = XER_PATTERN;
	regs->fpscr = FPSCR_PATTERN;
	for (int w = 0; w < 4; w++) {
		uint32_t word = VSCR_PATTERN;
		memcpy(regs->vscr + 4 * w, &word, 4);
	}
	for (int n = 0; n < 64; n++)
		for (int half = 0; half < 2; half++) {
			uint64_t dw = PATTERN(4, n * 2 + half, batch);
			memcpy(regs->vsr[n] + 8 * half, &dw, 8);
		}
	for (int i = 0; i < HW_EBB_PRESERVE_RED_ZONE / 8; i++)
		regs->red_zone[i] = PATTERN(5, i, batch);
}

static int mismatches;

/* One slot: index and part refine what (a VSR's number and doubleword, a
 * zone slot's distance below r1), formatted only when it differs, so the
 * comparison stays short beside the EBB period. */
static void differs(int batch, const char *what, int index, int part, uint64_t got, uint64_t want)
{
	if (got == want)
		return;
	if (++mismatches > MAX_REPORTED)
		return;
	char name[64];
	if (index < 0)
		snprintf(name, sizeof(name), "%s", what);
	else if (part < 0)
		snprintf(name, sizeof(name), "%s%d", what, index);
	else
		snprintf(name, sizeof(name), "%s%d (doubleword %d in memory)", what, index, part);
	ctest_note("after batch %d (%ld EBBs so far): %s is %#llx, expected %#llx", batch,
	           (long)hw_ebb_callbacks, name, (unsigned long long)got, (unsigned long long)want);
}

static uint64_t dw_of(const unsigned char *bytes)
{
	uint64_t dw;
	memcpy(&dw, bytes, 8);
	return dw;
}

/* Every register of out against what it must hold after a spin of
 * iterations over regs' patterns, with FPSCR, XER, VSCR and CR7 (the
 * loop's compare) as kept writes them (the run without EBBs). */
static void compare(int batch, const struct hw_ebb_preserve_regs *regs,
                    const struct hw_ebb_preserve_regs *out, const struct hw_ebb_preserve_regs *kept,
                    uint64_t iterations)
{
	for (int n = 0; n < 32; n++) {
		uint64_t want = regs->gpr[n];
		if (n == 3)
			want = 0; /* the loop's counter, down to 0 */
		else if (n == 4)
			want += iterations; /* counted up once an iteration */
		differs(batch, "r", n, -1, out->gpr[n], want);
	}
	differs(batch, "CR", -1, -1, out->cr & 0xffffffffU,
	        ((regs->cr & ~0xfULL) | (kept->cr & 0xf)) & 0xffffffffU);
	differs(batch, "LR", -1, -1, out->lr, regs->lr);
	differs(batch, "CTR", -1, -1, out->ctr, regs->ctr);
	differs(batch, "XER", -1, -1, out->xer, kept->xer);
	differs(batch, "FPSCR", -1, -1, out->fpscr, kept->fpscr);
	differs(batch, "VSCR (low doubleword)", -1, -1, dw_of(out->vscr), dw_of(kept->vscr));
	differs(batch, "VSCR (high doubleword)", -1, -1, dw_of(out->vscr + 8),
	        dw_of(kept->vscr + 8));
	for (int n = 0; n < 64; n++)
		for (int half = 0; half < 2; half++) {
			differs(batch, "VSR", n, half, dw_of(out->vsr[n] + 8 * half),
			        dw_of(regs->vsr[n] + 8 * half));
		}
	for (int i = 0; i < HW_EBB_PRESERVE_RED_ZONE / 8; i++) {
		differs(batch, "the protected zone's doubleword at r1 - ",
		        HW_EBB_PRESERVE_RED_ZONE - 8 * i, -1, out->red_zone[i], regs->red_zone[i]);
	}
}

int main(int argc, char **argv)
{
	static struct hw_ebb_preserve_regs regs, out, kept;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	SKIP_IF(!HAVE_SPIN, "the register patterns are written for ppc64le (ELFv2) only");
	int eventset = hw_ebb_overflow_set("ebb::PM_CYC", EBB_THRESHOLD, on_overflow);

	/* What the CPU keeps of each pattern, with no EBB enabled: the set is
	 * open but not started, so BESCR is 0. */
	fill(&regs, 0);
	hw_ebb_preserve_spin(&regs, &kept, 1);
	compare(-1, &regs, &kept, &kept, 1);
	FAIL_IF(mismatches != 0,
	        "%d registers did not hold their patterns with no EBB at all: the test is wrong",
	        mismatches);
	ctest_note("kept of the patterns: XER %#llx (of %#llx), FPSCR %#llx (of %#llx), CR7 %#llx",
	           (unsigned long long)kept.xer, XER_PATTERN, (unsigned long long)kept.fpscr,
	           FPSCR_PATTERN, (unsigned long long)(kept.cr & 0xf));
	FAIL_IF(kept.xer == 0 || kept.fpscr == 0 || dw_of(kept.vscr) + dw_of(kept.vscr + 8) == 0,
	        "XER, FPSCR or VSCR kept nothing of its pattern: their checks would prove nothing");

	long long count = 0;
	CHECK_OK(PAPI_start(eventset));
	for (int batch = 0; batch < BATCHES && mismatches == 0; batch++) {
		fill(&regs, batch + 1);
		memset(&out, 0, sizeof(out));
		hw_ebb_preserve_spin(&regs, &out, BATCH_ITERATIONS);
		compare(batch, &regs, &out, &kept, BATCH_ITERATIONS);
	}
	CHECK_OK(PAPI_stop(eventset, &count));
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));

	long n = hw_ebb_callbacks;
	ctest_note("threshold %lld, %d batches of %llu cycles: %ld EBBs (%ld in the pattern "
	           "loop, %ld elsewhere), final count %lld, %d registers or zone slots changed",
	           EBB_THRESHOLD, BATCHES, 4 * BATCH_ITERATIONS, n, (long)in_loop, (long)elsewhere,
	           count, mismatches);
	FAIL_IF(mismatches != 0,
	        "an EBB changed %d registers or protected-zone slots of the code "
	        "it interrupted (the first listed above)",
	        mismatches);
	/* hw_ebb_check_overflows's loop is 2 cycles an iteration, this one 4. */
	hw_ebb_check_overflows(n, count, EBB_THRESHOLD, 2 * BATCHES * BATCH_ITERATIONS);
	FAIL_IF(in_loop < 1000, "only %ld EBBs interrupted the pattern loop", (long)in_loop);
	ctest_pass();
}
