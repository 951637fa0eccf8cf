// SPDX-License-Identifier: BSD-3-Clause
/* The executable and the shared objects mapped into this process.
 *
 * PAPI's meanings, from /proc/self/maps (so whole pages):
 *   text = the executable mappings of the file,
 *   data = its writable file-backed mappings,
 *   bss  = the zero-filled memory after the data.
 * PAPI takes for bss whatever anonymous mapping follows the object in the
 * maps listing, which is often [heap] or even [stack]; here bss is the exact
 * range of the writable PT_LOAD segment beyond its file image (the program
 * headers say where .bss starts, usually inside the last data page), or the
 * anonymous mapping directly adjoining the data when the headers are not
 * reachable. A shared object is listed once, with the span of its mappings. */
#include "config.h"

#include <limits.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "sysinfo/sysinfo.h"

struct mapped_object {
	PAPI_address_map_t map; /* name is the path as /proc/self/maps shows it */
	int has_text;
};

struct object_list {
	struct mapped_object *objects;
	int count;
	int capacity;
};

static uintptr_t addr(vptr_t pointer)
{
	return (uintptr_t)pointer;
}

static void widen(vptr_t *start, vptr_t *end, uintptr_t lo, uintptr_t hi)
{
	if (!*start || lo < addr(*start))
		*start = (vptr_t)lo;
	if (hi > addr(*end))
		*end = (vptr_t)hi;
}

static struct mapped_object *object_for_path(struct object_list *list, const char *path)
{
	for (int i = 0; i < list->count; i++)
		if (strcmp(list->objects[i].map.name, path) == 0)
			return &list->objects[i];
	if (list->count == list->capacity) {
		int capacity = list->capacity ? 2 * list->capacity : 32;
		void *grown = realloc(list->objects, (size_t)capacity * sizeof(*list->objects));
		if (!grown)
			return NULL;
		list->objects = grown;
		list->capacity = capacity;
	}
	struct mapped_object *object = &list->objects[list->count++];
	memset(object, 0, sizeof(*object));
	snprintf(object->map.name, sizeof(object->map.name), "%s", path);
	return object;
}

/* One line of /proc/self/maps: "lo-hi perms offset dev inode   path". */
static int maps_line(char *line, uintptr_t *lo, uintptr_t *hi, char perms[5], unsigned long *inode,
                     char **path)
{
	unsigned long start, end, offset;
	int path_at = 0;
	if (sscanf(line, "%lx-%lx %4s %lx %*s %lu %n", &start, &end, perms, &offset, inode,
	           &path_at) < 5)
		return -1;
	*lo = start;
	*hi = end;
	*path = line + path_at;
	size_t len = strlen(*path);
	while (len > 0 && (*path)[len - 1] == '\n')
		(*path)[--len] = '\0';
	return 0;
}

static int collect_mappings(struct object_list *list)
{
	FILE *maps = fopen("/proc/self/maps", "re");
	if (!maps)
		return papi_error_set(PAPI_ESYS, "cannot open /proc/self/maps");
	char *line = NULL;
	size_t capacity = 0;
	int previous = -1; /* index of the object owning the previous mapping */
	uintptr_t previous_end = 0;
	int status = PAPI_OK;
	while (getline(&line, &capacity, maps) > 0) {
		uintptr_t lo, hi;
		char perms[5] = "";
		unsigned long inode;
		char *path;
		if (maps_line(line, &lo, &hi, perms, &inode, &path) != 0)
			continue;
		int owner = -1;
		if (inode != 0 && path[0] == '/') {
			struct mapped_object *object = object_for_path(list, path);
			if (!object) {
				status = papi_error_set(PAPI_ENOMEM, "no memory for the map list");
				break;
			}
			if (perms[2] == 'x') {
				object->has_text = 1;
				widen(&object->map.text_start, &object->map.text_end, lo, hi);
			} else if (perms[1] == 'w') {
				widen(&object->map.data_start, &object->map.data_end, lo, hi);
			}
			owner = (int)(object - list->objects);
		} else if (inode == 0 && path[0] == '\0' && perms[1] == 'w' && previous >= 0 &&
		           lo == previous_end && !list->objects[previous].map.bss_start) {
			/* ld.so maps the bss that outgrows the data pages right
			 * after them, anonymous. */
			list->objects[previous].map.bss_start = (vptr_t)lo;
			list->objects[previous].map.bss_end = (vptr_t)hi;
		}
		previous = owner;
		previous_end = hi;
	}
	free(line);
	fclose(maps);
	return status;
}

/* Exact bss of each object from its program headers. */
static int refine_bss(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct object_list *list = data;
	uintptr_t text = 0, bss_lo = 0, bss_hi = 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;
		if ((ph->p_flags & PF_X) && !text)
			text = start;
		if ((ph->p_flags & PF_W) && ph->p_memsz > ph->p_filesz) {
			bss_lo = start + ph->p_filesz;
			bss_hi = start + ph->p_memsz;
		}
	}
	if (!text || !bss_lo)
		return 0;
	for (int i = 0; i < list->count; i++) {
		PAPI_address_map_t *map = &list->objects[i].map;
		if (text >= addr(map->text_start) && text < addr(map->text_end)) {
			map->bss_start = (vptr_t)bss_lo;
			map->bss_end = (vptr_t)bss_hi;
			break;
		}
	}
	return 0;
}

static int collect_objects(struct object_list *list)
{
	memset(list, 0, sizeof(*list));
	int status = collect_mappings(list);
	if (status != PAPI_OK) {
		free(list->objects);
		return status;
	}
	dl_iterate_phdr(refine_bss, list);
	return PAPI_OK;
}

static int executable_path(char *path, size_t len)
{
	ssize_t got = readlink("/proc/self/exe", path, len - 1);
	if (got < 0)
		return papi_error_set(PAPI_ESYS, "cannot read the link /proc/self/exe");
	path[got] = '\0';
	return PAPI_OK;
}

int sysinfo_executable(PAPI_exe_info_t *exe)
{
	memset(exe, 0, sizeof(*exe));
	int status = executable_path(exe->fullname, sizeof(exe->fullname));
	if (status != PAPI_OK)
		return status;
	const char *slash = strrchr(exe->fullname, '/');
	snprintf(exe->address_info.name, sizeof(exe->address_info.name), "%s",
	         slash ? slash + 1 : exe->fullname);

	struct object_list list;
	status = collect_objects(&list);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < list.count; i++) {
		if (strcmp(list.objects[i].map.name, exe->fullname) == 0) {
			PAPI_address_map_t *map = &exe->address_info;
			map->text_start = list.objects[i].map.text_start;
			map->text_end = list.objects[i].map.text_end;
			map->data_start = list.objects[i].map.data_start;
			map->data_end = list.objects[i].map.data_end;
			map->bss_start = list.objects[i].map.bss_start;
			map->bss_end = list.objects[i].map.bss_end;
			break;
		}
	}
	free(list.objects);
	return PAPI_OK;
}

int sysinfo_shared_libraries(PAPI_shlib_info_t *shlib)
{
	char exe_path[PAPI_HUGE_STR_LEN];
	shlib->map = NULL;
	shlib->count = 0;
	int status = executable_path(exe_path, sizeof(exe_path));
	if (status != PAPI_OK)
		return status;
	struct object_list list;
	status = collect_objects(&list);
	if (status != PAPI_OK)
		return status;

	int count = 0;
	for (int i = 0; i < list.count; i++)
		if (list.objects[i].has_text && strcmp(list.objects[i].map.name, exe_path) != 0)
			count++;
	PAPI_address_map_t *maps = calloc(count > 0 ? (size_t)count : 1, sizeof(*maps));
	if (!maps) {
		free(list.objects);
		return papi_error_set(PAPI_ENOMEM, "no memory for %d shared library maps", count);
	}
	int n = 0;
	for (int i = 0; i < list.count; i++)
		if (list.objects[i].has_text && strcmp(list.objects[i].map.name, exe_path) != 0)
			maps[n++] = list.objects[i].map;
	free(list.objects);
	shlib->map = maps;
	shlib->count = count;
	return PAPI_OK;
}

void sysinfo_shared_libraries_free(PAPI_shlib_info_t *shlib)
{
	free(shlib->map);
	shlib->map = NULL;
	shlib->count = 0;
}

void sysinfo_preload(PAPI_preload_info_t *preload)
{
	memset(preload, 0, sizeof(*preload));
	snprintf(preload->lib_preload_env, sizeof(preload->lib_preload_env), "LD_PRELOAD");
	preload->lib_preload_sep = ' ';
	snprintf(preload->lib_dir_env, sizeof(preload->lib_dir_env), "LD_LIBRARY_PATH");
	preload->lib_dir_sep = ':';
}
