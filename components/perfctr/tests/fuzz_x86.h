// SPDX-License-Identifier: BSD-3-Clause
/* The fuzz target's pieces: the simulated CPUs it picks from, and the
 * independent statement of the rules an accepted control must obey. */
#ifndef PAPILLON_PERFCTR_FUZZ_X86_H
#define PAPILLON_PERFCTR_FUZZ_X86_H

#include "x86_driver.h"
#include "x86_sim.h"

#define FUZZ_MODELS 17

void fuzz_model_build(int model, struct sim_cpu *sim);
const char *fuzz_model_name(int model);
/* true: control obeys every rule for this model (fuzz_oracle.c). */
bool fuzz_oracle_accepts(int model, const struct perfctr_x86_cpu *cpu,
                         const struct perfctr_cpu_control *control, bool is_global);

/* The P4 ESCR a counter's CCCR selects, from the oracle's own table. */
uint32_t fuzz_oracle_p4_escr(uint32_t counter, uint32_t select);

extern unsigned long fuzz_accepted, fuzz_refused;
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* One control on one model: 0 accepted, -EINVAL refused; aborts on a
 * broken rule. */
int fuzz_check_control(int model, bool is_global, const struct perfctr_cpu_control *control);
/* A valid control per model, where mutations start (fuzz_seeds.c). */
const struct perfctr_cpu_control *fuzz_seed_control(int model);

#endif
