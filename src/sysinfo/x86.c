// SPDX-License-Identifier: BSD-3-Clause
/* What only cpuid tells on x86: the TLBs and the hypervisor's signature.
 * Caches come from hwloc or sysfs (the kernel already decoded cpuid leaf 4 or
 * 0x8000001D for them), so no cache descriptor tables live here.
 *
 * Page sizes listed: 4 KiB, 2 MiB and 1 GiB; the 4 MiB entries of 32-bit
 * paging are left out (a 64-bit kernel never uses them), which keeps every
 * level within PAPI_MH_MAX_LEVELS descriptors. Intel parts without leaf 0x18
 * (before Skylake) only describe TLBs through leaf 2 descriptor bytes, which
 * are not decoded: there the TLBs stay empty rather than guessed. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sysinfo/internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

#define PAGE_4K (4 * 1024)
#define PAGE_2M (2 * 1024 * 1024)
#define PAGE_1G (1024 * 1024 * 1024)

struct cpuid_regs {
	unsigned eax, ebx, ecx, edx;
};

static struct cpuid_regs cpuid(unsigned leaf, unsigned subleaf)
{
	struct cpuid_regs r;
	__cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
	return r;
}

/* AMD's 4-bit associativity code of the L2 TLB and cache fields (APM vol. 3,
 * CPUID Fn8000_0006); 0 means absent, 9 "see leaf 0x8000001D". */
static int amd_l2_ways(unsigned code)
{
	static const int ways[16] = {
	    [1] = 1,   [2] = 2,   [3] = 3,   [4] = 4,   [5] = 6,    [6] = 8,         [8] = 16,
	    [10] = 32, [11] = 48, [12] = 64, [13] = 96, [14] = 128, [15] = SHRT_MAX,
	};
	return ways[code & 0xf];
}

/* L1 TLB register: data ways | data entries | instruction ways | entries,
 * one byte each; ways 0xff is fully associative. */
static void amd_l1_tlb(PAPI_mh_info_t *mh, unsigned reg, int page_size)
{
	unsigned d_ways = reg >> 24, d_entries = (reg >> 16) & 0xff;
	unsigned i_ways = (reg >> 8) & 0xff, i_entries = reg & 0xff;
	sysinfo_add_tlb(mh, 1, PAPI_MH_TYPE_INST, (int)i_entries, page_size,
	                i_ways == 0xff ? SHRT_MAX : (int)i_ways);
	sysinfo_add_tlb(mh, 1, PAPI_MH_TYPE_DATA, (int)d_entries, page_size,
	                d_ways == 0xff ? SHRT_MAX : (int)d_ways);
}

/* L2-style TLB register: 4-bit ways code and 12-bit entries, data in the
 * upper half, instruction in the lower; an empty upper half means the lower
 * half describes a unified TLB. */
static void amd_l2_style_tlb(PAPI_mh_info_t *mh, int level, unsigned reg, int page_size)
{
	unsigned d_code = reg >> 28, d_entries = (reg >> 16) & 0xfff;
	unsigned i_code = (reg >> 12) & 0xf, i_entries = reg & 0xfff;
	if ((reg >> 16) == 0) {
		if (i_code)
			sysinfo_add_tlb(mh, level, PAPI_MH_TYPE_UNIFIED, (int)i_entries, page_size,
			                amd_l2_ways(i_code));
		return;
	}
	if (i_code)
		sysinfo_add_tlb(mh, level, PAPI_MH_TYPE_INST, (int)i_entries, page_size,
		                amd_l2_ways(i_code));
	if (d_code)
		sysinfo_add_tlb(mh, level, PAPI_MH_TYPE_DATA, (int)d_entries, page_size,
		                amd_l2_ways(d_code));
}

static void amd_tlbs(PAPI_mh_info_t *mh)
{
	unsigned max_ext = cpuid(0x80000000u, 0).eax;
	if (max_ext >= 0x80000005u) {
		struct cpuid_regs l1 = cpuid(0x80000005u, 0);
		amd_l1_tlb(mh, l1.ebx, PAGE_4K);
		amd_l1_tlb(mh, l1.eax, PAGE_2M);
	}
	if (max_ext >= 0x80000006u) {
		struct cpuid_regs l2 = cpuid(0x80000006u, 0);
		amd_l2_style_tlb(mh, 2, l2.ebx, PAGE_4K);
		amd_l2_style_tlb(mh, 2, l2.eax, PAGE_2M);
	}
	if (max_ext >= 0x80000019u) {
		struct cpuid_regs giant = cpuid(0x80000019u, 0);
		amd_l2_style_tlb(mh, 1, giant.eax, PAGE_1G);
		amd_l2_style_tlb(mh, 2, giant.ebx, PAGE_1G);
	}
}

/* Leaf 0x18, deterministic address translation parameters (Intel SDM). */
static void intel_tlbs(PAPI_mh_info_t *mh)
{
	if (cpuid(0, 0).eax < 0x18)
		return;
	unsigned last = cpuid(0x18, 0).eax;
	for (unsigned sub = 0; sub <= last && sub < 64; sub++) {
		struct cpuid_regs r = cpuid(0x18, sub);
		unsigned kind = r.edx & 0x1f;
		int level = (int)((r.edx >> 5) & 0x7);
		if (kind == 0)
			continue;
		/* 4 and 5 are load-only and store-only data TLBs. */
		int type = kind == 2   ? PAPI_MH_TYPE_INST
		           : kind == 3 ? PAPI_MH_TYPE_UNIFIED
		                       : PAPI_MH_TYPE_DATA;
		int ways = (int)(r.ebx >> 16);
		long long entries = (long long)ways * r.ecx;
		int associativity = (r.edx & 0x100) ? SHRT_MAX : ways;
		if (entries > INT_MAX)
			continue;
		if (r.ebx & 0x1)
			sysinfo_add_tlb(mh, level, type, (int)entries, PAGE_4K, associativity);
		if (r.ebx & 0x2)
			sysinfo_add_tlb(mh, level, type, (int)entries, PAGE_2M, associativity);
		if (r.ebx & 0x8)
			sysinfo_add_tlb(mh, level, type, (int)entries, PAGE_1G, associativity);
	}
}

void sysinfo_x86_tlbs(PAPI_mh_info_t *mh, int vendor)
{
	if (vendor == PAPI_VENDOR_AMD)
		amd_tlbs(mh);
	else if (vendor == PAPI_VENDOR_INTEL)
		intel_tlbs(mh);
}

int sysinfo_x86_hypervisor(char *vendor, size_t vendor_len, char *version, size_t version_len)
{
	/* Leaf 1 ECX bit 31 is reserved for hypervisors to announce themselves. */
	if (!(cpuid(1, 0).ecx & (1u << 31)))
		return 0;
	struct cpuid_regs hv = cpuid(0x40000000u, 0);
	char signature[13];
	memcpy(signature, &hv.ebx, 4);
	memcpy(signature + 4, &hv.ecx, 4);
	memcpy(signature + 8, &hv.edx, 4);
	signature[12] = '\0';
	size_t len = strlen(signature);
	while (len > 0 && signature[len - 1] == ' ')
		signature[--len] = '\0';
	snprintf(vendor, vendor_len, "%s", signature);

	/* Versions that the cpuid interface of the hypervisor itself states. */
	if (strcmp(signature, "XenVMMXenVMM") == 0 && hv.eax >= 0x40000001u) {
		unsigned v = cpuid(0x40000001u, 0).eax;
		snprintf(version, version_len, "%u.%u", v >> 16, v & 0xffff);
	} else if (strcmp(signature, "Microsoft Hv") == 0 && hv.eax >= 0x40000002u) {
		struct cpuid_regs v = cpuid(0x40000002u, 0);
		snprintf(version, version_len, "%u.%u.%u", v.ebx >> 16, v.ebx & 0xffff, v.eax);
	}
	return 1;
}

#else

void sysinfo_x86_tlbs(PAPI_mh_info_t *mh, int vendor)
{
	(void)mh;
	(void)vendor;
}

int sysinfo_x86_hypervisor(char *vendor, size_t vendor_len, char *version, size_t version_len)
{
	(void)vendor;
	(void)vendor_len;
	(void)version;
	(void)version_len;
	return 0;
}

#endif
