// SPDX-License-Identifier: BSD-3-Clause
/* The perfctr component: PAPI over the perfctr 2.6 ABI of /dev/perfctr
 * (the papillon module in kernel/). Where the device is absent, the usual
 * case, the component is listed inactive with the reason.
 *
 * a-mode counting of the calling thread: start creates the thread's
 * virtual counters and installs the set's control, a read takes the sums
 * from the mapped state page (rdtsc, rdpmc, no system call) or, when the
 * page cannot be read so, with VPERFCTR_READ_SUM; stop closes them.
 * An event set of PAPI_GRN_SYS granularity, or attached to a CPU, counts
 * that CPU through the global counters (root only; read by GPERFCTR_READ,
 * there is no page). Multiplexing is the core's software one. Overflow:
 * where the driver has PERFCTR_FEATURE_PCINT (and the family interrupts),
 * i-mode counters (perfctr_imode.c): the module's signal, si_code
 * SI_PMC_OVF with the overflowed counters' mask, is routed here by its
 * code; each named native's handler runs, then VPERFCTR_IRESUME restarts
 * the counters. Elsewhere (the generic driver under TCG) the core's
 * software overflow serves. */
#include "config.h"

#include <cpuid.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "arch/arch_context.h"
#include "component.h"
#include "papi.h"
#include "services/signal_routes.h"
#include "util/error.h"
#include "perfctr_control.h"
#include "perfctr_device.h"
#include "perfctr_gcounter.h"
#include "perfctr_imode.h"
#include "perfctr_natives.h"
#include "perfctr_vcounter.h"

struct perfctr_control {
	struct perfctr_layout layout;
	int count;
	struct perfctr_vcounter vc;
	const atomic_int *user_read;
	bool global; /* PAPI_GRN_SYS or a CPU: the global counters */
	/* PAPI_overflow through i-mode (nrictrs > 0). */
	void (*fire)(void *cookie, int index, void *address, void *context);
	void *cookie;
	unsigned cpu;                 /* when global */
	struct perfctr_gcounter gc;   /* when global */
	struct perfctr_sum_ctrs base; /* global: the sums at the last reset */
};

static enum perfctr_x86_family_id family;
static unsigned nr_counters;
static bool no_rdpmc; /* the P5 before MMX: counters read by the ioctl */
static const struct perfctr_event_table *table_in_use; /* NULL: none */
static bool interrupts; /* PCINT, a family that interrupts, the route set */
/* The calling thread's counting set with i-mode counters: the module
 * signals the thread that owns the counters. */
static _Thread_local struct perfctr_control *imode_running;

struct overflow_call {
	struct perfctr_control *c;
	void *address, *context;
};

static void fire_native(void *cookie, int native)
{
	struct overflow_call *call = cookie;
	call->c->fire(call->c->cookie, native, call->address, call->context);
}

/* The module's SI_PMC_OVF signal: the mask's natives, then IRESUME. */
static void pmc_overflow(void *arg, const siginfo_t *info, void *ucontext)
{
	struct perfctr_control *c = imode_running;
	struct overflow_call call = {c, ucontext ? arch_context_pc(ucontext) : NULL, ucontext};
	(void)arg;
	if (!c || c->vc.fd < 0 || !c->fire)
		return;
	perfctr_imode_dispatch(&c->layout, c->count, (uint32_t)info->si_pmc_ovf_mask, fire_native,
	                       &call);
	perfctr_vcounter_iresume(c->vc.fd);
}

static struct signal_route pmc_overflow_route = {.fire = pmc_overflow, .arg = NULL};

static bool perfctr_overflow_interrupts(void)
{
	return interrupts;
}

/* The TSC, a threshold past an i-mode counter's reach or a global set:
 * the core's software overflow for that event. */
static bool perfctr_overflow_event_interrupts(const void *encoding, long long threshold,
                                              const struct counting_options *options, char *why,
                                              size_t why_len)
{
	bool global = options->granularity == PAPI_GRN_SYS || options->cpu >= 0;

	return perfctr_imode_native_interrupts(family, encoding, threshold, global, why, why_len);
}

/* AMD 10h-1Ah, as the driver detects them (kernel/x86_detect.c): 4, or 6
 * with PerfCtrExtCore (CPUID 0x80000001 ECX bit 23), or with PerfMonV2
 * (0x80000022 EAX bit 0) the number in EBX[3:0] when above 6. */
static unsigned amd_counters(void)
{
	unsigned eax, ebx, ecx, edx, n = 4;

	if (__get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 23)))
		n = 6;
	if (n == 6 && __get_cpuid(0x80000022u, &eax, &ebx, &ecx, &edx) && (eax & 1) &&
	    (ebx & 0xF) > 6)
		n = ebx & 0xF;
	return n;
}

/* The general counters of the family (the module's INFO does not say). */
static unsigned counters_of(enum perfctr_x86_family_id id)
{
	unsigned eax, ebx, ecx, edx;

	switch (id) {
	case PERFCTR_FAMILY_P5:
	case PERFCTR_FAMILY_P6:
	case PERFCTR_FAMILY_VIA_C3: /* counter 0 is the TSC's alias */
		return 2;
	case PERFCTR_FAMILY_P4:
		return 18;
	case PERFCTR_FAMILY_K7:
		return 4;
	case PERFCTR_FAMILY_AMD_FAM10H:
		return amd_counters();
	case PERFCTR_FAMILY_ARCH_PERFMON:
		if (!__get_cpuid_count(0xA, 0, &eax, &ebx, &ecx, &edx))
			return 0;
		return (eax >> 8) & 0xFF;
	default:
		return 0;
	}
}

static int perfctr_init(int cidx, PAPI_component_info_t *info)
{
	struct perfctr_device device;
	int status;

	(void)cidx;
	status = perfctr_device_probe(PERFCTR_DEVICE_PATH, &device);
	if (status != PAPI_OK) {
		snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s",
		         papi_error_reason());
		info->disabled = status;
		return status;
	}
	family = perfctr_family_of_cpu_type(device.cpu_type);
	no_rdpmc = !(device.cpu_features & PERFCTR_FEATURE_RDPMC);
	nr_counters = counters_of(family);
	table_in_use = perfctr_events_of_cpu_type(device.cpu_type, family);
	perfctr_natives_select(table_in_use, family != PERFCTR_FAMILY_WINCHIP);
	interrupts = (device.cpu_features & PERFCTR_FEATURE_PCINT) &&
	             perfctr_imode_family(family) &&
	             signals_route_code(SI_PMC_OVF, &pmc_overflow_route) == PAPI_OK;
	info->num_cntrs = (int)nr_counters + 1;
	info->num_mpx_cntrs = info->num_cntrs;
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL;
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR | PAPI_GRN_SYS;
	info->disabled = PAPI_OK;
	return PAPI_OK;
}

static void perfctr_shutdown(void)
{
	table_in_use = NULL;
	perfctr_natives_select(NULL, true);
}

static int perfctr_resolve_name(const char *name, struct component_resolution *out)
{
	const void *encoding;
	int status = perfctr_natives_resolve(name, &out->cursor, &encoding);

	if (status != PAPI_OK)
		return status;
	snprintf(out->canonical, sizeof(out->canonical), "%s", name);
	out->encoding = (void *)(uintptr_t)encoding; /* static: never freed */
	return PAPI_OK;
}

static void perfctr_release_encoding(void *encoding)
{
	(void)encoding;
}

static int perfctr_event_info(const char *name, uint64_t cursor, const void *encoding,
                              PAPI_event_info_t *info)
{
	(void)encoding;
	return perfctr_natives_info(name, cursor, info);
}

static int perfctr_check_event(const void *encoding)
{
	const struct perfctr_native *native = encoding;
	struct perfctr_layout layout;

	return perfctr_control_build(family, nr_counters, PAPI_DOM_USER, &native, 1, &layout);
}

static const struct component_key_kind perfctr_key_kinds[] = {
    {"perfctr",
     "perfctr drivers (tsc, p5, p5mmx, cyrix, via_c3, p6, p4, k7, amd_fam10h, arch_perfmon)",
     false},
    {NULL, NULL, false},
};

/* perfctr:tsc where the driver counts the TSC, and perfctr:<key> of the
 * event table in use. */
static int perfctr_pmu_names(char *names, size_t names_len)
{
	bool tsc = family != PERFCTR_FAMILY_WINCHIP;

	snprintf(names, names_len, "%s%s%s%s", tsc ? "perfctr:tsc" : "",
	         tsc && table_in_use ? " " : "", table_in_use ? "perfctr:" : "",
	         table_in_use ? table_in_use->key : "");
	return PAPI_OK;
}

static int perfctr_control_init(void *control)
{
	struct perfctr_control *c = control;

	memset(c, 0, sizeof(*c));
	c->vc.fd = -1;
	c->gc.fd = -1;
	return PAPI_OK;
}

static void perfctr_control_cleanup(void *control)
{
	struct perfctr_control *c = control;

	if (imode_running == c)
		imode_running = NULL;
	perfctr_vcounter_close(&c->vc);
	perfctr_gcounter_stop(&c->gc);
}

static int perfctr_control_update(void *control, const struct component_event *events, int count,
                                  const struct counting_options *options)
{
	struct perfctr_control *c = control;
	const struct perfctr_native *natives[PERFCTR_MAX_COUNTERS + 1];
	long long thresholds[PERFCTR_MAX_COUNTERS + 1];
	bool overflow = false;
	struct perfctr_layout layout;
	int status;

	if (count > PERFCTR_MAX_COUNTERS + 1)
		return papi_error_set(PAPI_ECNFLCT, "perfctr: at most %d events in a set",
		                      PERFCTR_MAX_COUNTERS + 1);
	if (options->tid != 0)
		return papi_error_set(PAPI_ECMP,
		                      "perfctr counts the calling thread or a whole CPU, "
		                      "not another thread");
	for (int i = 0; i < count; i++) {
		natives[i] = events[i].encoding;
		thresholds[i] = events[i].overflow_threshold;
		overflow |= thresholds[i] > 0;
	}
	if (overflow && (options->granularity == PAPI_GRN_SYS || options->cpu >= 0))
		return papi_error_set(PAPI_ECMP, "perfctr: the global counters have no "
		                                 "interrupt mode");
	status =
	    perfctr_control_build(family, nr_counters, options->domain, natives, count, &layout);
	if (status == PAPI_OK && overflow)
		status = perfctr_imode_apply(family, thresholds, count, &layout);
	if (status != PAPI_OK)
		return status;
	c->fire = overflow ? options->overflow_fire : NULL;
	c->cookie = options->overflow_cookie;
	c->layout = layout;
	c->count = count;
	c->user_read = options->user_read;
	c->global = options->granularity == PAPI_GRN_SYS || options->cpu >= 0;
	c->cpu = options->cpu >= 0 ? (unsigned)options->cpu : 0;
	return PAPI_OK;
}

static int perfctr_start(void *control)
{
	struct perfctr_control *c = control;
	int status;

	if (imode_running == c)
		imode_running = NULL;
	perfctr_vcounter_close(&c->vc);
	perfctr_gcounter_stop(&c->gc);
	memset(&c->base, 0, sizeof(c->base));
	if (c->global)
		return perfctr_gcounter_start(PERFCTR_DEVICE_PATH, &c->gc, c->cpu,
		                              &c->layout.control);
	c->vc.si_signo = c->layout.control.nrictrs ? signals_overflow_signal() : 0;
	c->vc.no_rdpmc = no_rdpmc;
	if (c->layout.control.nrictrs)
		imode_running = c; /* before the first overflow can come */
	status = perfctr_vcounter_open(PERFCTR_DEVICE_PATH, &c->vc, &c->layout.control);
	if (status != PAPI_OK && imode_running == c)
		imode_running = NULL;
	return status;
}

/* Global sums less those at the last reset (a running global control
 * cannot be installed again). */
static int read_global(struct perfctr_control *c, struct perfctr_sum_ctrs *sums)
{
	int status;

	if (c->gc.fd < 0)
		return papi_error_set(PAPI_ENOTRUN, "perfctr: the set is not counting");
	status = perfctr_gcounter_read(&c->gc, sums);
	if (status != PAPI_OK)
		return status;
	sums->tsc -= c->base.tsc;
	for (int i = 0; i < PERFCTR_MAX_COUNTERS; i++)
		sums->pmc[i] -= c->base.pmc[i];
	return PAPI_OK;
}

static void values_of(const struct perfctr_control *c, const struct perfctr_sum_ctrs *sums,
                      long long *values)
{
	for (int i = 0; i < c->count; i++) {
		int slot = c->layout.slot[i];
		values[i] = (long long)(slot == PERFCTR_SLOT_TSC ? sums->tsc : sums->pmc[slot]);
	}
}

static int read_sums(struct perfctr_control *c, bool user_space, struct perfctr_sum_ctrs *sums)
{
	if (c->global)
		return read_global(c, sums);
	if (c->vc.fd < 0)
		return papi_error_set(PAPI_ENOTRUN, "perfctr: the set is not counting");
	if (user_space && perfctr_vcounter_read_page(&c->vc, sums))
		return PAPI_OK;
	return perfctr_vcounter_read_sum(&c->vc, sums);
}

static int perfctr_read(void *control, long long *values)
{
	struct perfctr_control *c = control;
	struct perfctr_sum_ctrs sums;
	int status = read_sums(c, false, &sums);

	if (status == PAPI_OK)
		values_of(c, &sums, values);
	return status;
}

static int perfctr_user_read(void *control, long long *values)
{
	struct perfctr_control *c = control;
	struct perfctr_sum_ctrs sums;
	int status = read_sums(c, true, &sums);

	if (status == PAPI_OK)
		values_of(c, &sums, values);
	return status;
}

static int perfctr_stop(void *control, long long *values)
{
	struct perfctr_control *c = control;
	int status = values ? perfctr_read(c, values) : PAPI_OK;

	if (imode_running == c)
		imode_running = NULL;
	perfctr_vcounter_close(&c->vc);
	perfctr_gcounter_stop(&c->gc);
	return status;
}

static int perfctr_reset(void *control)
{
	struct perfctr_control *c = control;

	if (c->global) {
		struct perfctr_sum_ctrs now;
		int status = c->gc.fd < 0 ? PAPI_OK : perfctr_gcounter_read(&c->gc, &now);
		if (status == PAPI_OK && c->gc.fd >= 0)
			c->base = now;
		return status;
	}
	if (c->vc.fd < 0)
		return PAPI_OK;
	return perfctr_vcounter_control(&c->vc, &c->layout.control);
}

static int perfctr_accum(void *control, long long *values)
{
	struct perfctr_control *c = control;
	long long now[PERFCTR_MAX_COUNTERS + 1];
	int status = perfctr_user_read(c, now);

	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < c->count; i++)
		values[i] += now[i];
	return perfctr_reset(c);
}

static int perfctr_read_path(void *control, int index, char *reason, size_t reason_len)
{
	struct perfctr_control *c = control;
	struct perfctr_sum_ctrs sums;
	int mode = c->user_read ? atomic_load_explicit(c->user_read, memory_order_relaxed)
	                        : PAPI_USER_READ_AUTO;

	(void)index;
	if (c->global) {
		snprintf(reason, reason_len,
		         "syscall: GPERFCTR_READ (global counters have no state page)");
		return PAPI_READ_PATH_SYSCALL;
	}
	if (mode == PAPI_USER_READ_OFF) {
		snprintf(reason, reason_len,
		         "syscall: VPERFCTR_READ_SUM (user-space reads are off)");
		return PAPI_READ_PATH_SYSCALL;
	}
	if (!c->layout.control.tsc_on) {
		snprintf(reason, reason_len,
		         "syscall: VPERFCTR_READ_SUM (no TSC in the control: the WinChip's is "
		         "broken)");
		return PAPI_READ_PATH_SYSCALL;
	}
	if (no_rdpmc && c->layout.control.nractrs + c->layout.control.nrictrs > 0) {
		snprintf(reason, reason_len, "syscall: VPERFCTR_READ_SUM (this CPU has no rdpmc)");
		return PAPI_READ_PATH_SYSCALL;
	}
	if (perfctr_vcounter_read_page(&c->vc, &sums)) {
		snprintf(reason, reason_len, "user: the perfctr state page (rdtsc, rdpmc)");
		return PAPI_READ_PATH_USER;
	}
	snprintf(reason, reason_len, "syscall: VPERFCTR_READ_SUM (the page cannot be read now)");
	return PAPI_READ_PATH_SYSCALL;
}

const struct component_ops perfctr_component = {
    .name = "perfctr",
    .short_name = "perfctr",
    .description = "Linux x86 perfctr 2.6 virtual and global counters (/dev/perfctr, papillon "
                   "module)",
    .capabilities = CAP_USER_READ | CAP_CPU | CAP_HW_OVERFLOW,
    .overflow_interrupts = perfctr_overflow_interrupts,
    .overflow_event_interrupts = perfctr_overflow_event_interrupts,
    .control_size = sizeof(struct perfctr_control),
    .init = perfctr_init,
    .shutdown = perfctr_shutdown,
    .enum_events = perfctr_natives_enum,
    .resolve_name = perfctr_resolve_name,
    .release_encoding = perfctr_release_encoding,
    .event_info = perfctr_event_info,
    .check_event = perfctr_check_event,
    .preset_key_kinds = perfctr_key_kinds,
    .pmu_names = perfctr_pmu_names,
    .control_init = perfctr_control_init,
    .control_cleanup = perfctr_control_cleanup,
    .control_update = perfctr_control_update,
    .start = perfctr_start,
    .stop = perfctr_stop,
    .read = perfctr_read,
    .accum = perfctr_accum,
    .reset = perfctr_reset,
    .user_read = perfctr_user_read,
    .read_path = perfctr_read_path,
};
