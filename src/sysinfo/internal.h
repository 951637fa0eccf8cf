// SPDX-License-Identifier: BSD-3-Clause
/* Pieces of the system-information module shared between its files; the rest
 * of the core sees only sysinfo.h. */
#ifndef PAPILLON_SYSINFO_INTERNAL_H
#define PAPILLON_SYSINFO_INTERNAL_H

#include <stddef.h>

#include "papi.h"

/* Reads a small text file whole, NUL-terminated, trailing newlines removed.
 * Returns the length, or -1 if it cannot be read. */
int sysinfo_read_text(const char *path, char *buf, size_t len);
/* The integer a file starts with (decimal, or hex with 0x), or fallback. */
long long sysinfo_read_number(const char *path, long long fallback);
/* Counts the members of a Linux CPU/node list such as "0-3,8,10-11";
 * first (may be NULL) receives the lowest member, or -1 for an empty list. */
int sysinfo_list_count(const char *list, int *first);
/* The lowest online CPU, whose identity and caches describe the machine. */
int sysinfo_first_cpu(void);

/* Topology fields of hw (ncpu, threads, cores, sockets, nnodes, totalcpus)
 * and the caches of the first online CPU into hw->mem_hierarchy. */
int sysinfo_topology(PAPI_hw_info_t *hw);

/* Appends a TLB description to the level (1-based) of mh; drops it when the
 * level already holds PAPI_MH_MAX_LEVELS of them. */
void sysinfo_add_tlb(PAPI_mh_info_t *mh, int level, int type, int entries, int page_size,
                     int associativity);
/* x86 only (no-ops elsewhere): TLBs from cpuid, and the hypervisor cpuid
 * leaves. sysinfo_x86_hypervisor returns 1 when the hypervisor bit is set. */
void sysinfo_x86_tlbs(PAPI_mh_info_t *mh, int vendor);
int sysinfo_x86_hypervisor(char *vendor, size_t vendor_len, char *version, size_t version_len);

/* virtualized, virtual_vendor_string, virtual_vendor_version of hw. */
void sysinfo_hypervisor(PAPI_hw_info_t *hw);

#endif
