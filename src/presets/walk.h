// SPDX-License-Identifier: BSD-3-Clause
/* The walks of the preset codes (presets/walk.c): which presets the next
 * step of PAPI_enum_event may give, named apart from the modifiers' values,
 * which differ between the PAPI releases (the entry points map them). */
#ifndef PAPILLON_PRESETS_WALK_H
#define PAPILLON_PRESETS_WALK_H

enum preset_walk {
	PRESET_WALK_ALL,           /* every preset (PAPI_ENUM_EVENTS) */
	PRESET_WALK_AVAILABLE,     /* those that count here (PAPI_PRESET_ENUM_AVAIL) */
	PRESET_WALK_CPU,           /* the CPU's presets (PAPI_PRESET_ENUM_CPU) */
	PRESET_WALK_CPU_AVAILABLE, /* the CPU's that count here (_CPU_AVAIL) */
};

/* The first preset code (PAPI_ENUM_FIRST): the CPU's first. */
int preset_walk_first(int *code);
/* The first of the components' own presets (PAPI_PRESET_ENUM_FIRST_COMP):
 * PAPI_ENOEVNT with the reason, as no component defines any. */
int preset_walk_first_component(int *code);
/* The next preset after *code on that walk, or PAPI_ENOEVNT. */
int preset_walk_next(int *code, enum preset_walk walk);

#endif
