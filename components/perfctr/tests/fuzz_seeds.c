// SPDX-License-Identifier: BSD-3-Clause
/* One valid control per fuzz model, with a-mode and (where the model
 * interrupts) i-mode counters: the smoke run mutates from these, and
 * fuzz-long.sh writes them as libFuzzer's first inputs. */
#include "fuzz_x86.h"

#define EN   (1u << 22)
#define INT  (1u << 20)
#define USR  (1u << 16)
#define P4_A (3u << 16 | 1u << 12)

static const struct perfctr_cpu_control p5 = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0x96, 0xD2}};
static const struct perfctr_cpu_control winchip = {
    .nractrs = 2, .pmc_map = {1, 0}, .evntsel = {0x02, 0x16}};
static const struct perfctr_cpu_control p6 = {.tsc_on = 1,
                                              .nractrs = 1,
                                              .nrictrs = 1,
                                              .pmc_map = {0, 1},
                                              .evntsel = {0xC0 | USR | EN, 0xC4 | USR | INT},
                                              .ireset = {0, -100}};
static const struct perfctr_cpu_control k7 = {
    .tsc_on = 1,
    .nractrs = 2,
    .nrictrs = 1,
    .pmc_map = {0, 3, 1},
    .evntsel = {0xC0 | USR | EN, 0x76 | USR | EN, 0xC2 | USR | EN | INT},
    .ireset = {0, 0, -1}};
static const struct perfctr_cpu_control c3 = {.nractrs = 1, .pmc_map = {1}, .evntsel = {0xC0}};
static const struct perfctr_cpu_control p4 = {
    .tsc_on = 1,
    .nractrs = 2,
    .nrictrs = 1,
    .pmc_map = {12u | 1u << 31, 8, 14},
    .evntsel = {P4_A | 4u << 13, P4_A | 1u << 13, P4_A | 5u << 13 | 1u << 26 | 1u << 25},
    .p4 = {.escr = {2u << 25 | 1u << 9 | 1u << 2, 4u << 25 | 1u << 24 | 1u << 2,
                    0xCu << 25 | 1u << 9 | 1u << 2},
           .pebs_enable = 1u << 24 | 1u,
           .pebs_matrix_vert = 1},
    .ireset = {0, 0, -1}};
static const struct perfctr_cpu_control arch1 = {
    .nractrs = 1,
    .nrictrs = 1,
    .pmc_map = {0, 1},
    .evntsel = {0xC0 | USR | EN, 0x3C | USR | EN | INT},
    .ireset = {0, -1000}};
static const struct perfctr_cpu_control arch = {.tsc_on = 1,
                                                .nractrs = 2,
                                                .nrictrs = 1,
                                                .pmc_map = {1, 1u << 30 | 1, 1u << 30},
                                                .evntsel = {0xC0 | USR | EN, 0x2, 0xA},
                                                .ireset = {0, 0, -50}};
static const struct perfctr_cpu_control amd = {
    .tsc_on = 1,
    .nractrs = 2,
    .nrictrs = 1,
    .pmc_map = {0, 5, 2},
    .evntsel = {0xC0 | USR | EN, 0x76 | USR | EN, 0xC2 | USR | EN | INT},
    .p4 = {.escr = {0, 1, 0x100}},
    .ireset = {0, 0, -7}};
static const struct perfctr_cpu_control tsc = {.tsc_on = 1};

const struct perfctr_cpu_control *fuzz_seed_control(int model)
{
	static const struct perfctr_cpu_control *const seeds[FUZZ_MODELS] = {
	    &tsc, &p5, &p5, &p5,    &winchip, &p6,   &k7,  &k7,  &c3,
	    &p4,  &p4, &p4, &arch1, &arch,    &arch, &amd, &amd,
	};
	return seeds[model];
}
