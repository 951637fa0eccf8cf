// SPDX-License-Identifier: BSD-3-Clause
/* The riscv component's counter driver and the model of the delegation
 * rules it runs against, compiled as one unit for the fuzz target: both
 * are plain C with no dependency on the library (components/riscv). */
#include "rv_pmu.c"
#include "tests/rv_model.c"
