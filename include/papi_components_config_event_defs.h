// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_components_config_event_defs.h - the preset codes of components' own presets.
 *
 * PAPI 7.2's papiStdEventDefs.h includes a header of this name, which PAPI's configure writes
 * for the components it builds; programs may include it or test its guard. Papillon's
 * component presets are numbered at run time (PAPI_PRESET_ENUM_FIRST_COMP walks them), so no
 * code is fixed here: like Debian's build of PAPI 7.2, it defines the guard alone.
 */
#ifndef _PAPICOMPCFGEVENTDEFS
#define _PAPICOMPCFGEVENTDEFS

#endif /* _PAPICOMPCFGEVENTDEFS */
