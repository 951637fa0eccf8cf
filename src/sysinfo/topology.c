// SPDX-License-Identifier: BSD-3-Clause
/* CPU topology and caches: from hwloc when built with it, else from sysfs.
 *
 * hwloc is opened with dlopen on the first request, not linked: as a
 * library's dependency the loader mapped and relocated it, and libudev and
 * libm behind it, in every process that started PAPI (about 40 system calls
 * and a good part of a start's CPU time, issue 28), though most never ask
 * for the topology. Without it at run time, sysfs answers.
 *
 * PAPI's meanings: threads = hardware threads per core, cores = cores per
 * socket, sockets, nnodes = NUMA nodes, totalcpus = online CPUs, ncpu = CPUs
 * per NUMA node. On hybrid parts (cores with different SMT widths) threads is
 * the widest core, as PAPI's reading of cpu0 (a big core) gives. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_HWLOC
#include <dlfcn.h>
#include <hwloc.h>
#endif

#include "util/error.h"
#include "sysinfo/internal.h"

#define SYS_CPU  "/sys/devices/system/cpu"
#define SYS_NODE "/sys/devices/system/node"

static int count_list_file(const char *path, int fallback)
{
	char list[4096];
	if (sysinfo_read_text(path, list, sizeof(list)) <= 0)
		return fallback;
	int count = sysinfo_list_count(list, NULL);
	return count > 0 ? count : fallback;
}

/* Derived fields once the counts of the machine are known. */
static void topology_finish(PAPI_hw_info_t *hw, int cores_total, int packages, int threads_max,
                            int nodes, int nodes_with_cpus)
{
	hw->sockets = packages > 0 ? packages : 1;
	hw->threads = threads_max > 0 ? threads_max : 1;
	if (cores_total <= 0)
		cores_total = hw->totalcpus / hw->threads;
	hw->cores = cores_total / hw->sockets > 0 ? cores_total / hw->sockets : 1;
	hw->nnodes = nodes > 0 ? nodes : 1;
	/* CPU-less nodes (memory expanders, HBM) hold no CPUs to divide. */
	if (nodes_with_cpus <= 0)
		nodes_with_cpus = hw->nnodes;
	hw->ncpu = hw->totalcpus / nodes_with_cpus > 0 ? hw->totalcpus / nodes_with_cpus : 1;
}

/* Calls visit(cpu, arg) for every member of a CPU list. */
static void list_for_each(const char *list, void (*visit)(int, void *), void *arg)
{
	const char *p = list;
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10);
		if (end == p)
			return;
		long hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1)
				return;
			p = end;
		}
		for (long cpu = lo; cpu <= hi && cpu <= INT_MAX; cpu++)
			visit((int)cpu, arg);
		if (*p != ',')
			return;
		p++;
	}
}

struct sysfs_counts {
	int cores;
	int packages;
	int threads_max;
};

/* A CPU leads its core (package) when it is the lowest CPU of its sibling
 * list: counting leaders counts cores (packages) without trusting core_id,
 * which is not unique across dies on every machine. */
static void sysfs_visit_cpu(int cpu, void *arg)
{
	struct sysfs_counts *counts = arg;
	char path[128], list[4096];
	int first;

	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
	if (sysinfo_read_text(path, list, sizeof(list)) > 0) {
		int threads = sysinfo_list_count(list, &first);
		if (threads > counts->threads_max)
			counts->threads_max = threads;
		if (first == cpu)
			counts->cores++;
	} else {
		counts->cores++;
	}
	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/topology/core_siblings_list", cpu);
	if (sysinfo_read_text(path, list, sizeof(list)) > 0 &&
	    sysinfo_list_count(list, &first) > 0 && first == cpu)
		counts->packages++;
}

static void topology_from_sysfs(PAPI_hw_info_t *hw)
{
	char online[4096];
	struct sysfs_counts counts = {0, 0, 0};
	if (sysinfo_read_text(SYS_CPU "/online", online, sizeof(online)) > 0)
		list_for_each(online, sysfs_visit_cpu, &counts);
	int nodes = count_list_file(SYS_NODE "/online", 1);
	topology_finish(hw, counts.cores, counts.packages, counts.threads_max, nodes,
	                count_list_file(SYS_NODE "/has_cpu", nodes));
}

#ifdef HAVE_HWLOC
/* The soname of hwloc 2's ABI (every 2.x release so far). */
#define HWLOC_SONAME "libhwloc.so.15"

/* The hwloc functions used, from dlopen. hwloc.h's inline helpers call
 * others by name, so the walks below use these alone. */
static struct {
	int (*topology_init)(hwloc_topology_t *);
	int (*topology_set_flags)(hwloc_topology_t, unsigned long);
	int (*topology_set_io_types_filter)(hwloc_topology_t, enum hwloc_type_filter_e);
	int (*topology_set_icache_types_filter)(hwloc_topology_t, enum hwloc_type_filter_e);
	int (*topology_load)(hwloc_topology_t);
	int (*topology_is_thissystem)(hwloc_topology_t);
	void (*topology_destroy)(hwloc_topology_t);
	int (*get_type_depth)(hwloc_topology_t, hwloc_obj_type_t);
	unsigned (*get_nbobjs_by_depth)(hwloc_topology_t, int);
	hwloc_obj_t (*get_obj_by_depth)(hwloc_topology_t, int, unsigned);
	int (*bitmap_iszero)(hwloc_const_bitmap_t);
	int (*bitmap_isincluded)(hwloc_const_bitmap_t, hwloc_const_bitmap_t);
	int (*obj_type_is_cache)(hwloc_obj_type_t);
} hw_api;

/* Opens hwloc once per process (sysinfo_topology runs under the caller's
 * lock, src/core/system_info.c); 0 when it is not there. The handle stays
 * open: hwloc's plugins stay loaded too. */
static int hwloc_open(void)
{
	static int opened = -1;
	if (opened >= 0)
		return opened;
	opened = 0;
	void *library = dlopen(HWLOC_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!library)
		return 0;
	struct {
		void **slot;
		const char *name;
	} symbols[] = {
	    {(void **)&hw_api.topology_init, "hwloc_topology_init"},
	    {(void **)&hw_api.topology_set_flags, "hwloc_topology_set_flags"},
	    {(void **)&hw_api.topology_set_io_types_filter, "hwloc_topology_set_io_types_filter"},
	    {(void **)&hw_api.topology_set_icache_types_filter,
	     "hwloc_topology_set_icache_types_filter"},
	    {(void **)&hw_api.topology_load, "hwloc_topology_load"},
	    {(void **)&hw_api.topology_is_thissystem, "hwloc_topology_is_thissystem"},
	    {(void **)&hw_api.topology_destroy, "hwloc_topology_destroy"},
	    {(void **)&hw_api.get_type_depth, "hwloc_get_type_depth"},
	    {(void **)&hw_api.get_nbobjs_by_depth, "hwloc_get_nbobjs_by_depth"},
	    {(void **)&hw_api.get_obj_by_depth, "hwloc_get_obj_by_depth"},
	    {(void **)&hw_api.bitmap_iszero, "hwloc_bitmap_iszero"},
	    {(void **)&hw_api.bitmap_isincluded, "hwloc_bitmap_isincluded"},
	    {(void **)&hw_api.obj_type_is_cache, "hwloc_obj_type_is_cache"},
	};
	for (size_t i = 0; i < sizeof(symbols) / sizeof(symbols[0]); i++) {
		*symbols[i].slot = dlsym(library, symbols[i].name);
		if (!*symbols[i].slot) {
			dlclose(library);
			return 0;
		}
	}
	opened = 1;
	return 1;
}

/* A topology of this machine, or NULL (hwloc honours HWLOC_XMLFILE and
 * HWLOC_FSROOT, which describe some other machine: then sysfs is the truth). */
static hwloc_topology_t hwloc_load_this_system(void)
{
	hwloc_topology_t topology;
	if (!hwloc_open() || hw_api.topology_init(&topology) != 0)
		return NULL;
	/* Count every online CPU, not only those of our cgroup or affinity mask. */
	unsigned long flags = HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED;
#if HWLOC_API_VERSION >= 0x00020800
	/* Never rebind the caller's threads (hwloc's x86 backend would, to run
	 * cpuid on every CPU), and skip what is not used here. */
	flags |= HWLOC_TOPOLOGY_FLAG_DONT_CHANGE_BINDING | HWLOC_TOPOLOGY_FLAG_NO_DISTANCES |
	         HWLOC_TOPOLOGY_FLAG_NO_MEMATTRS | HWLOC_TOPOLOGY_FLAG_NO_CPUKINDS;
#endif
	hw_api.topology_set_flags(topology, flags);
	hw_api.topology_set_io_types_filter(topology, HWLOC_TYPE_FILTER_KEEP_NONE);
	/* Instruction caches are filtered out unless asked for. */
	hw_api.topology_set_icache_types_filter(topology, HWLOC_TYPE_FILTER_KEEP_ALL);
	if (hw_api.topology_load(topology) != 0 || !hw_api.topology_is_thissystem(topology)) {
		hw_api.topology_destroy(topology);
		return NULL;
	}
	return topology;
}

/* The objects of a type: their depth and count (0 when there are none, or
 * when they sit at several depths, which only groups do). */
static int hwloc_level(hwloc_topology_t topology, hwloc_obj_type_t type, unsigned *count)
{
	int depth = hw_api.get_type_depth(topology, type);
	*count = depth == HWLOC_TYPE_DEPTH_UNKNOWN || depth == HWLOC_TYPE_DEPTH_MULTIPLE
	             ? 0
	             : hw_api.get_nbobjs_by_depth(topology, depth);
	return depth;
}

/* The PUs whose (non-empty) cpuset lies inside set. */
static int hwloc_pus_inside(hwloc_topology_t topology, hwloc_const_cpuset_t set)
{
	unsigned count;
	int depth = hwloc_level(topology, HWLOC_OBJ_PU, &count);
	int inside = 0;
	for (unsigned i = 0; i < count; i++) {
		hwloc_obj_t pu = hw_api.get_obj_by_depth(topology, depth, i);
		if (pu && pu->cpuset && !hw_api.bitmap_iszero(pu->cpuset) &&
		    hw_api.bitmap_isincluded(pu->cpuset, set))
			inside++;
	}
	return inside;
}

static void topology_from_hwloc(PAPI_hw_info_t *hw, hwloc_topology_t topology)
{
	int threads_max = 0;
	unsigned cores, packages, nodes;
	int depth = hwloc_level(topology, HWLOC_OBJ_CORE, &cores);
	for (unsigned i = 0; i < cores; i++) {
		hwloc_obj_t core = hw_api.get_obj_by_depth(topology, depth, i);
		int threads = core && core->cpuset ? hwloc_pus_inside(topology, core->cpuset) : 0;
		if (threads > threads_max)
			threads_max = threads;
	}
	hwloc_level(topology, HWLOC_OBJ_PACKAGE, &packages);
	depth = hwloc_level(topology, HWLOC_OBJ_NUMANODE, &nodes);
	int nodes_with_cpus = 0;
	for (unsigned i = 0; i < nodes; i++) {
		hwloc_obj_t node = hw_api.get_obj_by_depth(topology, depth, i);
		if (node && node->cpuset && !hw_api.bitmap_iszero(node->cpuset))
			nodes_with_cpus++;
	}
	topology_finish(hw, (int)cores, (int)packages, threads_max, (int)nodes, nodes_with_cpus);
}
#endif

/* Order inside a level, as PAPI lists them: data, instruction, unified. */
static int cache_rank(int type)
{
	switch (PAPI_MH_CACHE_TYPE(type)) {
	case PAPI_MH_TYPE_DATA:
		return 0;
	case PAPI_MH_TYPE_INST:
		return 1;
	default:
		return 2;
	}
}

static void add_cache(PAPI_mh_info_t *mh, int level, int type, long long size, int line_size,
                      int associativity)
{
	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS || size <= 0 || size > INT_MAX)
		return;
	PAPI_mh_cache_info_t *caches = mh->level[level - 1].cache;
	int slot = 0;
	while (slot < PAPI_MH_MAX_LEVELS && caches[slot].type != PAPI_MH_TYPE_EMPTY)
		slot++;
	if (slot == PAPI_MH_MAX_LEVELS)
		return;
	while (slot > 0 && cache_rank(caches[slot - 1].type) > cache_rank(type)) {
		caches[slot] = caches[slot - 1];
		slot--;
	}
	caches[slot] = (PAPI_mh_cache_info_t){
	    .type = type,
	    .size = (int)size,
	    .line_size = line_size,
	    .num_lines = line_size > 0 ? (int)(size / line_size) : 0,
	    .associativity = associativity,
	};
	if (mh->levels < level)
		mh->levels = level;
}

void sysinfo_add_tlb(PAPI_mh_info_t *mh, int level, int type, int entries, int page_size,
                     int associativity)
{
	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS || entries <= 0)
		return;
	PAPI_mh_tlb_info_t *tlbs = mh->level[level - 1].tlb;
	for (int slot = 0; slot < PAPI_MH_MAX_LEVELS; slot++) {
		if (tlbs[slot].type != PAPI_MH_TYPE_EMPTY)
			continue;
		tlbs[slot] = (PAPI_mh_tlb_info_t){
		    .type = type,
		    .num_entries = entries,
		    .page_size = page_size,
		    .associativity = associativity,
		};
		if (mh->levels < level)
			mh->levels = level;
		return;
	}
}

static int sysfs_cache_type(const char *text)
{
	if (strcmp(text, "Data") == 0)
		return PAPI_MH_TYPE_DATA;
	if (strcmp(text, "Instruction") == 0)
		return PAPI_MH_TYPE_INST;
	if (strcmp(text, "Unified") == 0)
		return PAPI_MH_TYPE_UNIFIED;
	return PAPI_MH_TYPE_EMPTY;
}

/* Write and allocation policies, which only some device trees describe. */
static int sysfs_cache_policy(const char *index_dir)
{
	char path[256], text[64];
	int policy = 0;
	snprintf(path, sizeof(path), "%s/write_policy", index_dir);
	if (sysinfo_read_text(path, text, sizeof(text)) > 0)
		policy |= strcmp(text, "WriteBack") == 0 ? PAPI_MH_TYPE_WB : PAPI_MH_TYPE_WT;
	snprintf(path, sizeof(path), "%s/allocation_policy", index_dir);
	if (sysinfo_read_text(path, text, sizeof(text)) > 0) {
		if (strcmp(text, "ReadAllocate") == 0)
			policy |= PAPI_MH_TYPE_RD_ALLOC;
		else if (strcmp(text, "WriteAllocate") == 0)
			policy |= PAPI_MH_TYPE_WR_ALLOC;
		else if (strcmp(text, "ReadWriteAllocate") == 0)
			policy |= PAPI_MH_TYPE_RW_ALLOC;
	}
	return policy;
}

/* Visits the cache index directories of cpu. With fill set, adds each cache;
 * otherwise only adds the policy bits to the caches already listed. */
static void sysfs_caches(PAPI_mh_info_t *mh, int cpu, int fill)
{
	for (int index = 0;; index++) {
		char dir[128], path[192], text[64];
		snprintf(dir, sizeof(dir), SYS_CPU "/cpu%d/cache/index%d", cpu, index);
		snprintf(path, sizeof(path), "%s/level", dir);
		int level = (int)sysinfo_read_number(path, -1);
		if (level < 0)
			return;
		snprintf(path, sizeof(path), "%s/type", dir);
		if (sysinfo_read_text(path, text, sizeof(text)) <= 0)
			continue;
		int type = sysfs_cache_type(text);
		if (type == PAPI_MH_TYPE_EMPTY)
			continue;
		int policy = sysfs_cache_policy(dir);
		if (!fill) {
			if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS)
				continue;
			PAPI_mh_cache_info_t *caches = mh->level[level - 1].cache;
			for (int slot = 0; slot < PAPI_MH_MAX_LEVELS; slot++)
				if (PAPI_MH_CACHE_TYPE(caches[slot].type) == type)
					caches[slot].type |= policy;
			continue;
		}
		snprintf(path, sizeof(path), "%s/size", dir);
		if (sysinfo_read_text(path, text, sizeof(text)) <= 0)
			continue;
		char *unit;
		long long size = strtoll(text, &unit, 10);
		if (*unit == 'K')
			size <<= 10;
		else if (*unit == 'M')
			size <<= 20;
		else if (*unit == 'G')
			size <<= 30;
		snprintf(path, sizeof(path), "%s/coherency_line_size", dir);
		int line_size = (int)sysinfo_read_number(path, 0);
		snprintf(path, sizeof(path), "%s/ways_of_associativity", dir);
		int ways = (int)sysinfo_read_number(path, 0);
		add_cache(mh, level, type | policy, size, line_size, ways);
	}
}

#ifdef HAVE_HWLOC
/* The PU of an OS CPU number, else the first PU, or NULL. */
static hwloc_obj_t hwloc_pu_of(hwloc_topology_t topology, int cpu)
{
	unsigned count;
	int depth = hwloc_level(topology, HWLOC_OBJ_PU, &count);
	for (unsigned i = 0; i < count; i++) {
		hwloc_obj_t pu = hw_api.get_obj_by_depth(topology, depth, i);
		if (pu && pu->os_index == (unsigned)cpu)
			return pu;
	}
	return count > 0 ? hw_api.get_obj_by_depth(topology, depth, 0) : NULL;
}

static void hwloc_caches(PAPI_mh_info_t *mh, hwloc_topology_t topology, int cpu)
{
	hwloc_obj_t pu = hwloc_pu_of(topology, cpu);
	for (hwloc_obj_t obj = pu ? pu->parent : NULL; obj; obj = obj->parent) {
		if (!hw_api.obj_type_is_cache(obj->type))
			continue;
		const struct hwloc_cache_attr_s *cache = &obj->attr->cache;
		int type = cache->type == HWLOC_OBJ_CACHE_DATA          ? PAPI_MH_TYPE_DATA
		           : cache->type == HWLOC_OBJ_CACHE_INSTRUCTION ? PAPI_MH_TYPE_INST
		                                                        : PAPI_MH_TYPE_UNIFIED;
		int ways = cache->associativity < 0 ? SHRT_MAX : cache->associativity;
		add_cache(mh, (int)cache->depth, type, (long long)cache->size, (int)cache->linesize,
		          ways);
	}
}
#endif

int sysinfo_topology(PAPI_hw_info_t *hw)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	if (online < 1)
		return papi_error_set(PAPI_ESYS, "cannot count the online CPUs");
	hw->totalcpus = (int)online;
	int cpu = sysinfo_first_cpu();
#ifdef HAVE_HWLOC
	hwloc_topology_t topology = hwloc_load_this_system();
	if (topology) {
		topology_from_hwloc(hw, topology);
		hwloc_caches(&hw->mem_hierarchy, topology, cpu);
		hw_api.topology_destroy(topology);
		sysfs_caches(&hw->mem_hierarchy, cpu, 0);
		return PAPI_OK;
	}
#endif
	topology_from_sysfs(hw);
	sysfs_caches(&hw->mem_hierarchy, cpu, 1);
	return PAPI_OK;
}
