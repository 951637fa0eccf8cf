// SPDX-License-Identifier: BSD-3-Clause
/* Preset tables: every data file loads cleanly; each supported CPU family
 * resolves its presets to exactly the natives and formula its table says
 * (the "golden" tests, fed detection inputs, so they run on any host); the
 * libpfm4 names of every x86 table encode with that PMU forced; malformed
 * lines are rejected with file and line; user presets add and override;
 * derived arithmetic; and on a machine without a PMU no hardware preset is
 * claimed available. */
#include <perfmon/pfmlib_perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "papi.h"
#include "core/derived.h"
#include "core/library.h"
#include "presets/presets.h"
#include "presets/table.h"
#include "unit_assert.h"

static struct preset_library builtin;

/* Every built-in file into library, none of its tables asked for. */
static void parse_builtin_sources(struct preset_library *library)
{
	memset(library, 0, sizeof(*library));
	for (int s = 0; s < preset_builtin_source_count; s++)
		preset_library_parse(library, preset_builtin_sources[s].file,
		                     preset_builtin_sources[s].text, false);
}

/* The built-in files into library, then the one named file again, its
 * tables asked for (as PAPI_USER_EVENTS_FILE's are). */
static void parse_builtin_asking_for(struct preset_library *library, const char *file)
{
	const char *text = NULL;
	for (int s = 0; s < preset_builtin_source_count; s++)
		if (strstr(preset_builtin_sources[s].file, file))
			text = preset_builtin_sources[s].text;
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	parse_builtin_sources(library);
	CU_ASSERT_EQUAL(preset_library_parse(library, file, text, true), 0);
}

static int load_builtin(void)
{
	parse_builtin_sources(&builtin);
	return 0;
}

static int free_builtin(void)
{
	preset_library_free(&builtin);
	return 0;
}

/* ---- every table loads ---------------------------------------------------- */

static void test_every_definition_file_loads_without_error(void)
{
	CU_ASSERT(preset_builtin_source_count >= 7);
	for (int m = 0; m < builtin.message_count; m++)
		CU_assertImplementation(CU_FALSE, __LINE__, builtin.messages[m], __FILE__, "",
		                        CU_FALSE);
	CU_ASSERT_EQUAL(builtin.message_count, 0);
	CU_ASSERT(builtin.table_count >= 30);
	for (int t = 0; t < builtin.table_count; t++) {
		const struct preset_table *table = &builtin.tables[t];
		char text[256];
		snprintf(text, sizeof(text), "table %s (%s:%d) has matches and presets",
		         table->name, table->file, table->line);
		CU_assertImplementation(table->match_count > 0 && table->entry_count > 0, __LINE__,
		                        text, __FILE__, "", CU_FALSE);
	}
}

/* ---- golden resolution per family ----------------------------------------- */

static struct preset_cpu cpu_with(const char *arch)
{
	struct preset_cpu cpu;
	preset_cpu_clear(&cpu);
	snprintf(cpu.arch, sizeof(cpu.arch), "%s", arch);
	return cpu;
}

static struct preset_cpu x86(const char *vendor, int family, int model, const char *pmus)
{
	struct preset_cpu cpu = cpu_with("x86_64");
	snprintf(cpu.x86_vendor, sizeof(cpu.x86_vendor), "%s", vendor);
	cpu.x86_family = family;
	cpu.x86_model = model;
	preset_cpu_add_pmu_names(&cpu, pmus);
	return cpu;
}

static struct preset_cpu arm64(int implementer, int part, const char *pmus)
{
	struct preset_cpu cpu = cpu_with("aarch64");
	cpu.midr_implementer = implementer;
	cpu.midr_part = part;
	preset_cpu_add_pmu_names(&cpu, pmus);
	return cpu;
}

static struct preset_cpu power(int pvr, const char *pmus)
{
	struct preset_cpu cpu = cpu_with("ppc64le");
	cpu.pvr_version = pvr;
	preset_cpu_add_pmu_names(&cpu, pmus);
	return cpu;
}

/* The first table chosen for cpu must be first_table; preset must resolve to
 * kind (and postfix) over exactly the natives listed, NULL-terminated. */
static void expect(const struct preset_cpu *cpu, const char *first_table, const char *preset,
                   const char *kind, const char *postfix, ...)
{
	const struct preset_table *layers[64];
	int count = preset_select(&builtin, cpu, layers, 64);
	char text[512];
	snprintf(text, sizeof(text), "first table is %s, expected %s",
	         count ? layers[0]->name : "(none)", first_table);
	CU_assertImplementation(count > 0 && strcmp(layers[0]->name, first_table) == 0, __LINE__,
	                        text, __FILE__, "", CU_FALSE);
	int code;
	if (preset_find_name(preset, &code) != PAPI_OK) {
		CU_FAIL("unknown preset in the test");
		return;
	}
	const struct preset_table *table;
	const struct preset_entry *entry =
	    preset_layers_find(layers, count, code & PAPI_PRESET_AND_MASK, &table);
	snprintf(text, sizeof(text), "%s is defined for the CPU of table %s", preset, first_table);
	CU_assertImplementation(entry != NULL, __LINE__, text, __FILE__, "", CU_FALSE);
	if (!entry)
		return;
	snprintf(text, sizeof(text), "%s is %s '%s', expected %s '%s' (from table %s)", preset,
	         derived_kind_name(entry->derived), entry->postfix, kind, postfix ? postfix : "",
	         table->name);
	CU_assertImplementation(strcmp(derived_kind_name(entry->derived), kind) == 0 &&
	                            strcmp(entry->postfix, postfix ? postfix : "") == 0,
	                        __LINE__, text, __FILE__, "", CU_FALSE);
	va_list natives;
	va_start(natives, postfix);
	int t = 0;
	for (const char *native; (native = va_arg(natives, const char *)); t++) {
		snprintf(text, sizeof(text), "%s native %d is %s, expected %s", preset, t,
		         t < entry->term_count ? entry->natives[t] : "(none)", native);
		CU_assertImplementation(t < entry->term_count &&
		                            strcmp(entry->natives[t], native) == 0,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
	va_end(natives);
	snprintf(text, sizeof(text), "%s has %d natives, expected %d", preset, entry->term_count,
	         t);
	CU_assertImplementation(entry->term_count == t, __LINE__, text, __FILE__, "", CU_FALSE);
}

static void expect_undefined(const struct preset_cpu *cpu, const char *preset)
{
	const struct preset_table *layers[64];
	int count = preset_select(&builtin, cpu, layers, 64);
	int code;
	preset_find_name(preset, &code);
	CU_ASSERT_PTR_NULL(preset_layers_find(layers, count, code & PAPI_PRESET_AND_MASK, NULL));
}

static void test_golden_intel_core2_to_broadwell(void)
{
	struct preset_cpu cpu = x86("GenuineIntel", 6, 0x17, "pfm:core sysfs:cpu");
	expect(&cpu, "intel-core2", "PAPI_TOT_INS", "NOT_DERIVED", NULL,
	       "core::INSTRUCTION_RETIRED", NULL);
	expect(&cpu, "intel-core2", "PAPI_BR_NTK", "DERIVED_ADD", NULL,
	       "core::BR_INST_RETIRED:PRED_NOT_TAKEN", "core::BR_INST_RETIRED:MISPRED_NOT_TAKEN",
	       NULL);
	cpu = x86("GenuineIntel", 6, 0x1a, "pfm:nhm");
	expect(&cpu, "intel-nhm", "PAPI_L2_ICM", "NOT_DERIVED", NULL, "nhm::L2_RQSTS:IFETCH_MISS",
	       NULL);
	cpu = x86("GenuineIntel", 6, 0x2c, "pfm:wsm_dp");
	expect(&cpu, "intel-wsm-dp", "PAPI_BR_PRC", "DERIVED_SUB", NULL,
	       "wsm_dp::BR_INST_RETIRED:CONDITIONAL", "wsm_dp::BR_MISP_RETIRED:CONDITIONAL", NULL);
	cpu = x86("GenuineIntel", 6, 0x2a, "pfm:snb");
	expect(&cpu, "intel-snb", "PAPI_DP_OPS", "DERIVED_POSTFIX", "N0|N1|2|*|+|N2|4|*|+|",
	       "snb::FP_COMP_OPS_EXE:SSE_SCALAR_DOUBLE",
	       "snb::FP_COMP_OPS_EXE:SSE_FP_PACKED_DOUBLE", "snb::SIMD_FP_256:PACKED_DOUBLE", NULL);
	cpu = x86("GenuineIntel", 6, 0x3a, "pfm:ivb");
	expect(&cpu, "intel-ivb", "PAPI_BR_CN", "NOT_DERIVED", NULL, "ivb::BR_INST_RETIRED:COND",
	       NULL);
	cpu = x86("GenuineIntel", 6, 0x3c, "pfm:hsw");
	expect(&cpu, "intel-hsw", "PAPI_L2_DCM", "DERIVED_SUB", NULL,
	       "hsw::L2_RQSTS:ALL_DEMAND_MISS", "hsw::L2_RQSTS:CODE_RD_MISS", NULL);
	cpu = x86("GenuineIntel", 6, 0x3d, "pfm:bdw");
	expect(&cpu, "intel-bdw", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "bdw::UNHALTED_CORE_CYCLES",
	       NULL);
	/* Model alone (no libpfm4 PMU found): the table still applies. */
	cpu = x86("GenuineIntel", 6, 0x3f, "");
	expect(&cpu, "intel-hsw-ep", "PAPI_TLB_DM", "DERIVED_ADD", NULL,
	       "hsw_ep::DTLB_LOAD_MISSES:MISS_CAUSES_A_WALK",
	       "hsw_ep::DTLB_STORE_MISSES:MISS_CAUSES_A_WALK", NULL);
}

static void test_golden_intel_skylake_to_sapphire_rapids(void)
{
	struct preset_cpu cpu = x86("GenuineIntel", 6, 0x5e, "pfm:skl sysfs:cpu");
	expect(&cpu, "intel-skl", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "skl::INSTRUCTION_RETIRED",
	       NULL);
	expect(&cpu, "intel-skl", "PAPI_L1_ICM", "NOT_DERIVED", NULL, "skl::ICACHE_64B:IFTAG_MISS",
	       NULL);
	expect(&cpu, "intel-skl", "PAPI_FP_OPS", "DERIVED_POSTFIX",
	       "N0|N1|+|N2|2|*|+|N3|4|*|+|N4|4|*|+|N5|8|*|+|",
	       "skl::FP_ARITH_INST_RETIRED:SCALAR_DOUBLE",
	       "skl::FP_ARITH_INST_RETIRED:SCALAR_SINGLE",
	       "skl::FP_ARITH_INST_RETIRED:128B_PACKED_DOUBLE",
	       "skl::FP_ARITH_INST_RETIRED:128B_PACKED_SINGLE",
	       "skl::FP_ARITH_INST_RETIRED:256B_PACKED_DOUBLE",
	       "skl::FP_ARITH_INST_RETIRED:256B_PACKED_SINGLE", NULL);
	cpu = x86("GenuineIntel", 6, 0x55, "pfm:clx");
	expect(&cpu, "intel-clx", "PAPI_DP_OPS", "DERIVED_POSTFIX",
	       "N0|N1|2|*|+|N2|4|*|+|N3|8|*|+|", "clx::FP_ARITH_INST_RETIRED:SCALAR_DOUBLE",
	       "clx::FP_ARITH_INST_RETIRED:128B_PACKED_DOUBLE",
	       "clx::FP_ARITH_INST_RETIRED:256B_PACKED_DOUBLE",
	       "clx::FP_ARITH_INST_RETIRED:512B_PACKED_DOUBLE", NULL);
	cpu = x86("GenuineIntel", 6, 0x7e, "pfm:icl");
	expect(&cpu, "intel-icl", "PAPI_BR_NTK", "NOT_DERIVED", NULL,
	       "icl::BR_INST_RETIRED:COND_NTAKEN", NULL);
	cpu = x86("GenuineIntel", 6, 0x6a, "pfm:icx");
	expect(&cpu, "intel-icx", "PAPI_L3_TCA", "NOT_DERIVED", NULL,
	       "icx::LONGEST_LAT_CACHE:REFERENCES", NULL);
	cpu = x86("GenuineIntel", 6, 0x8f, "pfm:spr");
	expect(&cpu, "intel-spr", "PAPI_TLB_IM", "NOT_DERIVED", NULL,
	       "spr::ITLB_MISSES:WALK_COMPLETED", NULL);
	/* No ICACHE miss event in libpfm4's SPR table: perf's generic one. */
	expect(&cpu, "intel-spr", "PAPI_L1_ICM", "NOT_DERIVED", NULL, "perf::L1-ICACHE-LOAD-MISSES",
	       NULL);
	cpu = x86("GenuineIntel", 6, 0xcf, "sysfs:cpu");
	expect(&cpu, "intel-emr", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "perf_raw::rc0", NULL);
}

static void test_golden_intel_hybrid_p_and_e_cores(void)
{
	struct preset_cpu cpu = x86("GenuineIntel", 6, 0x97, "sysfs:cpu_core sysfs:cpu_atom");
	expect(&cpu, "intel-hybrid", "PAPI_TOT_INS", "DERIVED_ADD", NULL, "cpu_core::instructions",
	       "cpu_atom::instructions", NULL);
	expect(&cpu, "intel-hybrid", "PAPI_TOT_CYC", "DERIVED_ADD", NULL, "cpu_core::cpu-cycles",
	       "cpu_atom::cpu-cycles", NULL);
	cpu = x86("GenuineIntel", 6, 0xb7, "sysfs:cpu_core");
	expect(&cpu, "intel-hybrid-p-only", "PAPI_BR_MSP", "NOT_DERIVED", NULL,
	       "cpu_core::branch-misses", NULL);
}

static void test_golden_amd_zen1_to_zen5(void)
{
	struct preset_cpu cpu = x86("AuthenticAMD", 0x17, 1, "pfm:amd64_fam17h_zen1");
	expect(&cpu, "amd-zen1", "PAPI_DP_OPS", "NOT_DERIVED", NULL,
	       "amd64_fam17h_zen1::RETIRED_SSE_AVX_OPERATIONS:DP_MULT_ADD_FLOPS:DP_DIV_FLOPS:"
	       "DP_MULT_FLOPS:DP_ADD_SUB_FLOPS",
	       NULL);
	cpu = x86("AuthenticAMD", 0x17, 0x31, "pfm:amd64_fam17h_zen2");
	expect(&cpu, "amd-zen2", "PAPI_TOT_CYC", "NOT_DERIVED", NULL,
	       "amd64_fam17h_zen2::CYCLES_NOT_IN_HALT", NULL);
	cpu = x86("AuthenticAMD", 0x19, 0x21, "pfm:amd64_fam19h_zen3");
	expect(&cpu, "amd-zen3", "PAPI_BR_UCN", "DERIVED_SUB", NULL,
	       "amd64_fam19h_zen3::RETIRED_BRANCH_INSTRUCTIONS",
	       "amd64_fam19h_zen3::RETIRED_CONDITIONAL_BRANCH_INSTRUCTIONS", NULL);
	cpu = x86("AuthenticAMD", 0x19, 0x61, "pfm:amd64_fam19h_zen4");
	expect(&cpu, "amd-zen4", "PAPI_FP_OPS", "NOT_DERIVED", NULL,
	       "amd64_fam19h_zen4::RETIRED_SSE_AVX_FLOPS:ANY", NULL);
	expect(&cpu, "amd-zen4", "PAPI_L1_ICM", "DERIVED_ADD", NULL,
	       "amd64_fam19h_zen4::INSTRUCTION_CACHE_REFILLS_FROM_L2",
	       "amd64_fam19h_zen4::INSTRUCTION_CACHE_REFILLS_FROM_SYSTEM", NULL);
	/* Family 1Ah, unknown to libpfm4 4.13: raw codes, then perf generic. */
	cpu = x86("AuthenticAMD", 0x1a, 2, "sysfs:cpu sysfs:msr");
	expect(&cpu, "amd-zen5", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "perf_raw::rc0", NULL);
	expect(&cpu, "amd-zen5", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf_raw::r76", NULL);
	expect(&cpu, "amd-zen5", "PAPI_L1_DCR", "NOT_DERIVED", NULL, "perf::L1-DCACHE-LOADS", NULL);
}

static void test_golden_arm64(void)
{
	/* An arm64 core no table names: the PMUv3 architectural events. */
	struct preset_cpu cpu = arm64(0x41, 0xd03, "sysfs:armv8_pmuv3_0");
	expect(&cpu, "arm64-pmuv3", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "perf_raw::r8", NULL);
	expect(&cpu, "arm64-pmuv3", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf_raw::r11", NULL);
	expect(&cpu, "arm64-pmuv3", "PAPI_L1_DCA", "NOT_DERIVED", NULL, "perf_raw::r4", NULL);
	expect(&cpu, "arm64-pmuv3", "PAPI_L1_DCM", "NOT_DERIVED", NULL, "perf_raw::r3", NULL);
	expect(&cpu, "arm64-pmuv3", "PAPI_BR_MSP", "NOT_DERIVED", NULL, "perf_raw::r10", NULL);
	expect(&cpu, "arm64-pmuv3", "PAPI_BR_PRC", "DERIVED_SUB", NULL, "perf_raw::r12",
	       "perf_raw::r10", NULL);
	cpu = arm64(0x41, 0xd07, "pfm:arm_ac57");
	expect(&cpu, "arm-cortex-a57", "PAPI_TOT_INS", "NOT_DERIVED", NULL,
	       "arm_ac57::INST_RETIRED", NULL);
	expect(&cpu, "arm-cortex-a57", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "arm_ac57::CPU_CYCLES",
	       NULL);
	expect(&cpu, "arm-cortex-a57", "PAPI_L1_DCR", "NOT_DERIVED", NULL,
	       "arm_ac57::L1D_READ_ACCESS", NULL);
	cpu = arm64(0x41, 0xd08, "");
	expect(&cpu, "arm-cortex-a72", "PAPI_L2_DCW", "NOT_DERIVED", NULL, "perf_raw::r51", NULL);
	cpu = arm64(0x41, 0xd0c, "pfm:arm_n1");
	expect(&cpu, "arm-neoverse-n1", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "arm_n1::INST_RETIRED",
	       NULL);
	expect(&cpu, "arm-neoverse-n1", "PAPI_BR_PRC", "DERIVED_SUB", NULL, "arm_n1::BR_RETIRED",
	       "arm_n1::BR_MIS_PRED_RETIRED", NULL);
	cpu = arm64(0x41, 0xd40, "pfm:arm_v1");
	expect(&cpu, "arm-neoverse-v1", "PAPI_FP_OPS", "DERIVED_POSTFIX", "N0|2|*|N1|+|",
	       "arm_v1::FP_SCALE_OPS_SPEC", "arm_v1::FP_FIXED_OPS_SPEC", NULL);
	cpu = arm64(0x46, 0x001, "pfm:arm_a64fx");
	expect(&cpu, "fujitsu-a64fx", "PAPI_DP_OPS", "DERIVED_POSTFIX", "N0|4|*|N1|+|",
	       "arm_a64fx::FP_DP_SCALE_OPS_SPEC", "arm_a64fx::FP_DP_FIXED_OPS_SPEC", NULL);
}

static void test_golden_power(void)
{
	struct preset_cpu cpu = power(0x4b, "pfm:power8");
	expect(&cpu, "ibm-power8", "PAPI_STL_CCY", "NOT_DERIVED", NULL, "power8::PM_CMPLU_STALL",
	       NULL);
	cpu = power(0x4e, "pfm:power9 sysfs:cpu");
	expect(&cpu, "ibm-power9", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "power9::PM_INST_CMPL",
	       NULL);
	expect(&cpu, "ibm-power9", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	expect(&cpu, "ibm-power9", "PAPI_FP_INS", "NOT_DERIVED", NULL, "power9::PM_FLOP_CMPL",
	       NULL);
	/* Presets whose natives all need one PMC are left out (power.presets):
	 * POWER9's four FLOP events are PMC4's. */
	expect_undefined(&cpu, "PAPI_FP_OPS");
	/* PVR alone, libpfm4 not finding the PMU. */
	cpu = power(0x80, "");
	expect(&cpu, "ibm-power10", "PAPI_TLB_TL", "DERIVED_ADD", NULL, "power10::PM_DTLB_MISS",
	       "power10::PM_ITLB_MISS", NULL);
	/* POWER10's own PAPI_L1_DCM (two PMC3 events) is left out: the
	 * generic table's single perf event serves. */
	expect(&cpu, "ibm-power10", "PAPI_L1_DCM", "NOT_DERIVED", NULL,
	       "perf::L1-DCACHE-LOAD-MISSES", NULL);
}

/* The ebb component's tables (presets/ebb.presets): never chosen from the
 * built-in files, whatever keys the machine has, so perf_event's presets
 * stay everyone's; from PAPI_USER_EVENTS_FILE they come first, on their
 * model only. */
static void test_golden_ebb_only_when_asked(void)
{
	if (preset_key_kind_rank("ebb") < 0) {
		unit_skip(CU_get_current_test(), "the ebb component is not in this build");
		return;
	}
	struct preset_cpu cpu = power(0x4e, "pfm:power9 sysfs:cpu ebb:power9");
	expect(&cpu, "ibm-power9", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	expect(&cpu, "ibm-power9", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "power9::PM_INST_CMPL",
	       NULL);
	/* libpfm4 not finding the PMU: the PVR's table, still not ebb's. */
	cpu = power(0x80, "ebb:power10");
	expect(&cpu, "ibm-power10", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "power10::PM_CYC", NULL);

	struct preset_library asked;
	parse_builtin_asking_for(&asked, "ebb.presets");
	struct preset_library saved = builtin;
	builtin = asked;
	cpu = power(0x4e, "pfm:power9 sysfs:cpu ebb:power9");
	expect(&cpu, "ebb-power9", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "ebb::PM_CYC", NULL);
	expect(&cpu, "ebb-power9", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "ebb::PM_INST_CMPL", NULL);
	/* What the EBB tables leave out still comes from perf_event's. */
	expect(&cpu, "ebb-power9", "PAPI_TLB_DM", "NOT_DERIVED", NULL, "power9::PM_DTLB_MISS",
	       NULL);
	cpu = power(0x4b, "pfm:power8 ebb:power8");
	expect(&cpu, "ebb-power8", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "ebb::PM_CYC", NULL);
	expect(&cpu, "ebb-power8", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "ebb::PM_RUN_INST_CMPL",
	       NULL);
	cpu = power(0x80, "pfm:power10 ebb:power10");
	expect(&cpu, "ebb-power10", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "ebb::PM_CYC", NULL);
	expect(&cpu, "ebb-power10", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "ebb::PM_RUN_INST_CMPL",
	       NULL);
	/* Without the ebb component active (no key), nothing of it. */
	cpu = power(0x4e, "pfm:power9 sysfs:cpu");
	expect(&cpu, "ibm-power9", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	builtin = saved;
	preset_library_free(&asked);
}

/* The riscv component's table (presets/riscvcsr.presets): never chosen
 * from the built-in files; from PAPI_USER_EVENTS_FILE first, in the modes
 * whose key the component serves (perf-managed, module) only. */
static void test_golden_riscvcsr_only_when_asked(void)
{
	if (preset_key_kind_rank("riscvcsr") < 0) {
		unit_skip(CU_get_current_test(), "the riscv component is not in this build");
		return;
	}
	struct preset_cpu cpu = cpu_with("riscv64");
	preset_cpu_add_pmu_names(&cpu, "sysfs:cpu riscvcsr:module");
	expect(&cpu, "riscv-sbi", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "perf::INSTRUCTIONS", NULL);

	struct preset_library asked;
	parse_builtin_asking_for(&asked, "riscvcsr.presets");
	struct preset_library saved = builtin;
	builtin = asked;
	expect(&cpu, "riscv-csr", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "riscv:::instructions",
	       NULL);
	expect(&cpu, "riscv-csr", "PAPI_L1_DCM", "DERIVED_ADD", NULL,
	       "riscv:::L1-dcache-load-misses", "riscv:::L1-dcache-store-misses", NULL);
	/* What the table leaves out still comes from perf_event's. */
	expect(&cpu, "riscv-csr", "PAPI_L3_TCM", "DERIVED_ADD", NULL, "perf::LLC-LOAD-MISSES",
	       "perf::LLC-STORE-MISSES", NULL);
	cpu = cpu_with("riscv64");
	preset_cpu_add_pmu_names(&cpu, "riscvcsr:perf-managed");
	expect(&cpu, "riscv-csr", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "riscv:::cpu-cycles", NULL);
	/* The legacy mode serves no key: perf_event's presets, asked or not. */
	cpu = cpu_with("riscv64");
	preset_cpu_add_pmu_names(&cpu, "sysfs:cpu");
	expect(&cpu, "riscv-sbi", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	builtin = saved;
	preset_library_free(&asked);
}

static void test_golden_riscv_and_generic(void)
{
	struct preset_cpu cpu = cpu_with("riscv64");
	cpu.riscv_mvendorid = 0;
	cpu.riscv_marchid = 0;
	expect(&cpu, "riscv-sbi", "PAPI_TOT_INS", "NOT_DERIVED", NULL, "perf::INSTRUCTIONS", NULL);
	expect(&cpu, "riscv-sbi", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	expect(&cpu, "riscv-sbi", "PAPI_TLB_DM", "DERIVED_ADD", NULL, "perf::DTLB-LOAD-MISSES",
	       "perf::DTLB-STORE-MISSES", NULL);
	/* A CPU no table names: perf's generic events. */
	cpu = x86("CentaurHauls", 7, 0x3b, "sysfs:cpu");
	expect(&cpu, "generic", "PAPI_TOT_CYC", "NOT_DERIVED", NULL, "perf::CYCLES", NULL);
	expect(&cpu, "generic", "PAPI_L1_DCA", "DERIVED_ADD", NULL, "perf::L1-DCACHE-LOADS",
	       "perf::L1-DCACHE-STORES", NULL);
	expect(&cpu, "generic", "PAPI_L3_TCM", "DERIVED_ADD", NULL, "perf::LLC-LOAD-MISSES",
	       "perf::LLC-STORE-MISSES", NULL);
	expect(&cpu, "generic", "PAPI_STL_ICY", "NOT_DERIVED", NULL,
	       "perf::STALLED-CYCLES-FRONTEND", NULL);
	expect_undefined(&cpu, "PAPI_CA_SNP");
}

/* ---- x86 names encode with their PMU forced -------------------------------- */

static bool pfm_pmu_present(const char *name)
{
	for (int p = 0; p < PFM_PMU_MAX; p++) {
		pfm_pmu_info_t info;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info((pfm_pmu_t)p, &info) == PFM_SUCCESS && info.is_present &&
		    strcmp(info.name, name) == 0)
			return true;
	}
	return false;
}

static int encode(const char *name)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.size = sizeof(arg);
	return pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
}

/* The forced-PMU checks run in programs of their own (this one, run again
 * with a flag): libpfm4 is initialized once per process by the library
 * (pe_names_pfm.c), and libpfm4 4.13's pfm_terminate followed by a forced
 * pfm_initialize crashes once the perf PMU's tracepoints were listed
 * (debugfs mounted). run_self(FLAG, OUT, LEN): the child's exit status
 * (-1 when it did not exit), its standard output in OUT. */
#define FORCED_CHILD_FLAG "--forced-skl-child"
#define ENCODE_CHILD_FLAG "--encode-forced-child"

/* The program's own file, which the children run: main() reads it with
 * readlink("/proc/self/exe"). Natively that names the file /proc/self/exe
 * itself would run; under Valgrind, whose tool is the process's
 * /proc/self/exe (running that with the child's flag would run the tool),
 * Valgrind answers the readlink with the program's path. /proc/self/exe
 * stays the fallback when the link cannot be read. */
static char self_path[4096] = "/proc/self/exe";

static void save_self_path(void)
{
	char path[sizeof(self_path)];
	ssize_t len = readlink("/proc/self/exe", path, sizeof(path));
	if (len > 0 && (size_t)len < sizeof(path)) {
		memcpy(self_path, path, (size_t)len);
		self_path[len] = '\0';
	}
}

static int run_self(const char *flag, char *out, size_t out_len)
{
	int link[2];
	out[0] = '\0';
	if (pipe(link) != 0)
		return -1;
	fflush(NULL);
	pid_t child = fork();
	if (child < 0)
		return -1;
	if (child == 0) {
		close(link[0]);
		dup2(link[1], STDOUT_FILENO);
		execl(self_path, "test_presets", flag, (char *)NULL);
		_exit(127);
	}
	close(link[1]);
	size_t used = 0;
	ssize_t got;
	while (used + 1 < out_len && (got = read(link[0], out + used, out_len - 1 - used)) > 0)
		used += (size_t)got;
	out[used] = '\0';
	close(link[0]);
	int status = 0;
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* In the child: every native of every libpfm4-keyed table, its PMU forced;
 * a line per native that does not encode, then "CHECKED <tables>". */
static int encode_forced_child(void)
{
	int checked_tables = 0;
	load_builtin();
	for (int t = 0; t < builtin.table_count; t++) {
		const struct preset_table *table = &builtin.tables[t];
		for (int m = 0; m < table->match_count; m++) {
			if (table->matches[m].source != SOURCE_KEY ||
			    strcmp(table->matches[m].kind, "pfm") != 0)
				continue;
			const char *pmu = table->matches[m].name;
			setenv("LIBPFM_FORCE_PMU", pmu, 1);
			if (pfm_initialize() != PFM_SUCCESS || !pfm_pmu_present(pmu)) {
				pfm_terminate();
				continue; /* another architecture's PMU: not in this libpfm4 */
			}
			for (int e = 0; e < table->entry_count; e++)
				for (int n = 0; n < table->entries[e].term_count; n++) {
					const char *native = table->entries[e].natives[n];
					/* libpfm4's perf PMU (the kernel's generic
					 * events) is left out when a PMU is forced;
					 * the unforced tests resolve its names. */
					if (strncmp(native, "perf::", 6) == 0)
						continue;
					int status = encode(native);
					if (status != PFM_SUCCESS)
						printf("%s (table %s, %s:%d) encodes: %s\n", native,
						       table->name, table->file,
						       table->entries[e].line,
						       pfm_strerror(status));
				}
			checked_tables++;
			pfm_terminate();
		}
	}
	printf("CHECKED %d\n", checked_tables);
	free_builtin();
	return 0;
}

static void test_libpfm4_names_encode_with_their_pmu_forced(void)
{
	static char out[1 << 16];
	int status = run_self(ENCODE_CHILD_FLAG, out, sizeof(out));
	CU_ASSERT_EQUAL_FATAL(status, 0);
	int checked_tables = -1;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, "CHECKED %d", &checked_tables) == 1)
			continue;
		CU_assertImplementation(CU_FALSE, __LINE__, line, __FILE__, "", CU_FALSE);
	}
	CU_ASSERT(checked_tables >= 0);
#if defined(__x86_64__)
	CU_ASSERT(checked_tables >= 20); /* every Intel and AMD libpfm4 table */
#endif
}

/* ---- malformed lines -------------------------------------------------------- */

static bool has_message(const struct preset_library *library, const char *text)
{
	for (int m = 0; m < library->message_count; m++)
		if (strstr(library->messages[m], text))
			return true;
	return false;
}

static void test_malformed_lines_are_rejected_with_file_and_line(void)
{
	static const char text[] =
	    "# a table with good and bad lines\n"
	    "table test\n"
	    "match arch x86_64\n"
	    "PAPI_TOT_CYC, NOT_DERIVED, perf::CYCLES\n"
	    "PAPI_NO_SUCH, NOT_DERIVED, perf::CYCLES\n"
	    "PAPI_TOT_INS, DERIVED_MUL, perf::INSTRUCTIONS\n"
	    "PAPI_L1_DCM, DERIVED_ADD, perf::L1-DCACHE-LOAD-MISSES\n"
	    "PAPI_L1_ICM, NOT_DERIVED, a, b\n"
	    "PAPI_FP_OPS, DERIVED_POSTFIX, N0|N2|+|, x::A, x::B\n"
	    "PAPI_SP_OPS, DERIVED_POSTFIX, N0|N1|, x::A, x::B\n"
	    "PAPI_TOT_CYC, NOT_DERIVED, perf::TASK-CLOCK\n"
	    "match pvr nothing\n"
	    "frobnicate\n"
	    "PAPI_BR_INS, NOT_DERIVED, has blank\n"
	    "PAPI_BR_MSP, NOT_DERIVED, perf::BRANCH-MISSES, note: kept, with a comma\n";
	struct preset_library library;
	memset(&library, 0, sizeof(library));
	int messages = preset_library_parse(&library, "bad.presets", text, false);
	CU_ASSERT_EQUAL(messages, 10);
	CU_ASSERT(has_message(&library, "bad.presets:5: 'PAPI_NO_SUCH' is not a PAPI preset"));
	CU_ASSERT(has_message(&library, "bad.presets:6:"));
	CU_ASSERT(
	    has_message(&library, "bad.presets:7: PAPI_L1_DCM: DERIVED_ADD takes two or more"));
	CU_ASSERT(has_message(&library, "bad.presets:8:"));
	CU_ASSERT(
	    has_message(&library, "bad.presets:9: PAPI_FP_OPS: postfix 'N0|N2|+|': N2 names no"));
	CU_ASSERT(has_message(&library, "bad.presets:10:"));
	CU_ASSERT(has_message(&library, "bad.presets:11: PAPI_TOT_CYC is defined twice"));
	CU_ASSERT(has_message(&library, "bad.presets:12:"));
	CU_ASSERT(has_message(&library, "bad.presets:13: 'frobnicate'"));
	CU_ASSERT(has_message(&library, "bad.presets:14:"));
	/* The rest still loads. */
	CU_ASSERT_EQUAL_FATAL(library.table_count, 1);
	const struct preset_table *table = &library.tables[0];
	CU_ASSERT_EQUAL(table->entry_count, 2);
	CU_ASSERT_EQUAL(table->match_count, 1);
	CU_ASSERT_STRING_EQUAL(table->entries[0].natives[0], "perf::CYCLES");
	CU_ASSERT_STRING_EQUAL(table->entries[1].note, "kept, with a comma");

	/* Lines outside a table, and a table that never applies. */
	preset_library_parse(&library, "orphan.presets",
	                     "PAPI_TOT_CYC, NOT_DERIVED, perf::CYCLES\ntable lonely\n"
	                     "PAPI_TOT_CYC, NOT_DERIVED, perf::CYCLES\n",
	                     false);
	CU_ASSERT(has_message(&library, "orphan.presets:1: a preset line before any 'table' line"));
	CU_ASSERT(has_message(&library, "orphan.presets:2: table 'lonely' has no 'match' line"));
	preset_library_free(&library);
}

/* ---- derived arithmetic ------------------------------------------------------ */

static void test_derived_arithmetic(void)
{
	const long long terms[] = {100, 30, 20};
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_ADD, "", terms, 3), 150);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_SUB, "", terms, 3), 50);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|N1|2|*|+|N2|4|*|+|", terms, 3), 240);
	int saved = papillon_library.hardware.cpu_max_mhz;
	papillon_library.hardware.cpu_max_mhz = 50;
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|MHZ|/|", terms, 1), 2);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|MHZ|1000|*|*|", terms, 1), 5000000);
	papillon_library.hardware.cpu_max_mhz = 0; /* unknown clock: a division by zero */
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|MHZ|/|", terms, 1), 0);
	papillon_library.hardware.cpu_max_mhz = saved;
	const long long zero[] = {7, 0};
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|N1|/|", zero, 2), 0);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_POSTFIX, "N0|N1|/|N0|+|", zero, 2), 7);
	char why[128];
	CU_ASSERT(derived_postfix_valid("N0|N1|-|MHZ|*|", 2, why, sizeof(why)));
	CU_ASSERT(!derived_postfix_valid("N0|N1|-|", 1, why, sizeof(why)));
	CU_ASSERT(!derived_postfix_valid("N0|N0|", 1, why, sizeof(why)));
	CU_ASSERT(!derived_postfix_valid("N|", 1, why, sizeof(why)));
}

/* ---- through the API --------------------------------------------------------- */

static bool hardware_pmu_here(void)
{
	int code;
	char reason[PAPI_HUGE_STR_LEN];
	return PAPI_event_name_to_code("perf::CYCLES", &code) == PAPI_OK &&
	       PAPI_event_reason(code, reason, sizeof(reason)) == PAPI_OK;
}

static void init_library(void)
{
	setenv("PAPILLON_PRESETS_DIR", "builtin", 1);
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
}

static void test_no_pmu_no_preset_claimed_available(void)
{
	init_library();
	if (hardware_pmu_here()) {
		PAPI_shutdown();
		unit_skip(CU_get_current_test(), "this machine has a hardware PMU");
		return;
	}
	int available = 0;
	for (int i = 0; i < PAPI_END_idx; i++) {
		int code = i | PAPI_PRESET_MASK;
		PAPI_event_info_t info;
		char reason[PAPI_HUGE_STR_LEN] = "";
		UNIT_ASSERT_OK(PAPI_get_event_info(code, &info));
		CU_ASSERT_EQUAL(info.count, 0);
		UNIT_ASSERT_STATUS(PAPI_query_event(code), PAPI_ENOEVNT);
		CU_ASSERT(strlen(PAPI_strreason()) > 0);
		CU_ASSERT(PAPI_event_reason(code, reason, sizeof(reason)) != PAPI_OK);
		CU_ASSERT(strstr(reason, info.symbol) == reason);
	}
	int code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK)
		while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
			available++;
	CU_ASSERT_EQUAL(available, 0);
	/* The definition is still shown: natives and kind, with count 0. */
	PAPI_event_info_t info;
	UNIT_ASSERT_OK(PAPI_get_event_info(PAPI_L1_TCM, &info));
	CU_ASSERT_STRING_EQUAL(info.derived, "DERIVED_ADD");
	CU_ASSERT(info.name[0][0] != '\0' && info.name[1][0] != '\0');
	int set = PAPI_NULL;
	UNIT_ASSERT_OK(PAPI_create_eventset(&set));
	UNIT_ASSERT_STATUS(PAPI_add_event(set, PAPI_TOT_INS), PAPI_ENOEVNT);
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
	PAPI_shutdown();
}

/* In a program of its own (run_self): the first failed check, or NULL. */
static const char *forced_table_checks(void)
{
	setenv("LIBPFM_FORCE_PMU", "skl", 1);
	setenv("PAPILLON_PRESETS_DIR", "builtin", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return "PAPI_library_init";
	PAPI_event_info_t info;
	if (PAPI_get_event_info(PAPI_TOT_INS, &info) != PAPI_OK)
		return "PAPI_get_event_info(PAPI_TOT_INS)";
	if (strcmp(info.name[0], "skl::INSTRUCTION_RETIRED") != 0)
		return "PAPI_TOT_INS is not skl::INSTRUCTION_RETIRED";
	if (strcmp(info.derived, "NOT_DERIVED") != 0)
		return "PAPI_TOT_INS is derived";
	if (info.count != (PAPI_query_event(PAPI_TOT_INS) == PAPI_OK ? 1u : 0u))
		return "PAPI_TOT_INS's count disagrees with PAPI_query_event";
	if (PAPI_get_event_info(PAPI_SP_OPS, &info) != PAPI_OK)
		return "PAPI_get_event_info(PAPI_SP_OPS)";
	if (strcmp(info.derived, "DERIVED_POSTFIX") != 0 ||
	    strcmp(info.postfix, "N0|N1|4|*|+|N2|8|*|+|") != 0)
		return "PAPI_SP_OPS is not skl's postfix formula";
	if (strcmp(info.name[2], "skl::FP_ARITH_INST_RETIRED:256B_PACKED_SINGLE") != 0)
		return "PAPI_SP_OPS's third native is not skl's";
	char message[PAPI_HUGE_STR_LEN];
	if (PAPI_preset_message(0, message, sizeof(message)) != PAPI_OK ||
	    !strstr(message, "intel-skl"))
		return "the first preset message does not name intel-skl";
	if (PAPI_preset_message(1, message, sizeof(message)) != PAPI_ENOEVNT)
		return "a second preset message";
	PAPI_shutdown();
	return NULL;
}

static void test_forced_libpfm4_pmu_selects_its_table(void)
{
#if defined(__x86_64__)
	char failed[256];
	int status = run_self(FORCED_CHILD_FLAG, failed, sizeof(failed));
	char text[320];
	snprintf(text, sizeof(text), "the child under LIBPFM_FORCE_PMU=skl: %s",
	         failed[0] ? failed : "exited without saying why");
	CU_assertImplementation(status == 0, __LINE__, text, __FILE__, "", CU_FALSE);
#else
	unit_skip(CU_get_current_test(), "the forced PMU is an x86 one");
#endif
}

/* A shutdown between two PAPI_library_init leaves libpfm4 as it was: a
 * new LIBPFM_FORCE_PMU is not applied, and nothing of the first init's
 * tables is used after being freed (debugfs mounted, libpfm4 4.13, this
 * crashed in pfm_get_event_info while the second init listed the perf
 * PMU's tracepoints). */
static void test_reinit_with_new_forced_pmu(void)
{
	init_library();
	int first = 0, second = 0, code = PAPI_NATIVE_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK)
		for (first = 1; PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK;)
			first++;
	PAPI_shutdown();
	setenv("LIBPFM_FORCE_PMU", "skl", 1);
	init_library();
	code = PAPI_NATIVE_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK)
		for (second = 1; PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK;)
			second++;
	PAPI_shutdown();
	unsetenv("LIBPFM_FORCE_PMU");
	CU_ASSERT(first > 0);
	CU_ASSERT_EQUAL(second, first);
}

static void test_user_presets_add_and_override(void)
{
	char path[] = "/tmp/papillon-user-presets-XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	static const char text[] =
	    "PAPI_TOT_CYC, NOT_DERIVED, perf::TASK-CLOCK, note: overridden by the user\n"
	    "PAPI_CA_SNP, DERIVED_POSTFIX, N0|N1|1000|*|+|, perf::TASK-CLOCK, perf::PAGE-FAULTS\n"
	    "PAPI_TOT_INS, NOT_DERIVED\n";
	CU_ASSERT_EQUAL(write(fd, text, sizeof(text) - 1), (ssize_t)(sizeof(text) - 1));
	close(fd);
	setenv("PAPI_USER_EVENTS_FILE", path, 1);
	init_library();
	PAPI_event_info_t info;
	UNIT_ASSERT_OK(PAPI_query_event(PAPI_TOT_CYC));
	UNIT_ASSERT_OK(PAPI_get_event_info(PAPI_TOT_CYC, &info));
	CU_ASSERT_EQUAL(info.count, 1);
	CU_ASSERT_STRING_EQUAL(info.name[0], "perf::TASK-CLOCK");
	CU_ASSERT_STRING_EQUAL(info.note, "overridden by the user");
	/* An added (derived) preset counts through an event set. */
	int set = PAPI_NULL;
	long long values[2] = {0, 0};
	UNIT_ASSERT_OK(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK(PAPI_add_event(set, PAPI_CA_SNP));
	UNIT_ASSERT_OK(PAPI_add_event(set, PAPI_TOT_CYC));
	UNIT_ASSERT_OK(PAPI_start(set));
	volatile double sink = 0;
	for (int i = 0; i < 2000000; i++)
		sink += i * 0.5;
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	CU_ASSERT(values[1] > 0);
	CU_ASSERT(values[0] >= values[1]);
	UNIT_ASSERT_OK(PAPI_cleanup_eventset(set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
	/* The bad third line is reported with its file and line. */
	char message[PAPI_HUGE_STR_LEN];
	char expected[128];
	snprintf(expected, sizeof(expected), "%s:3:", path);
	bool found = false;
	for (int m = 1; PAPI_preset_message(m, message, sizeof(message)) == PAPI_OK; m++)
		found = found || strstr(message, expected) == message;
	CU_ASSERT(found);
	PAPI_shutdown();
	unsetenv("PAPI_USER_EVENTS_FILE");
	unlink(path);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], FORCED_CHILD_FLAG) == 0) {
		const char *failed = forced_table_checks();
		if (failed)
			fputs(failed, stdout);
		return failed ? 1 : 0;
	}
	if (argc == 2 && strcmp(argv[1], ENCODE_CHILD_FLAG) == 0)
		return encode_forced_child();
	save_self_path();
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	/* The API suite first: forcing libpfm4 PMUs one after another (the
	 * encoding test) leaves each of them active in this process. */
	CU_pSuite api = CU_add_suite("api", NULL, NULL);
	CU_add_test(api, "no PMU: no preset claimed available",
	            test_no_pmu_no_preset_claimed_available);
	CU_add_test(api, "a forced libpfm4 PMU selects its table",
	            test_forced_libpfm4_pmu_selects_its_table);
	CU_add_test(api, "a shutdown leaves libpfm4 as it was", test_reinit_with_new_forced_pmu);
	CU_add_test(api, "user presets add and override", test_user_presets_add_and_override);
	CU_pSuite tables = CU_add_suite("tables", load_builtin, free_builtin);
	CU_add_test(tables, "every definition file loads without error",
	            test_every_definition_file_loads_without_error);
	CU_add_test(tables, "golden: Intel Core 2 to Broadwell",
	            test_golden_intel_core2_to_broadwell);
	CU_add_test(tables, "golden: Intel Skylake to Sapphire Rapids",
	            test_golden_intel_skylake_to_sapphire_rapids);
	CU_add_test(tables, "golden: Intel hybrid P and E cores",
	            test_golden_intel_hybrid_p_and_e_cores);
	CU_add_test(tables, "golden: AMD Zen 1 to Zen 5", test_golden_amd_zen1_to_zen5);
	CU_add_test(tables, "golden: arm64", test_golden_arm64);
	CU_add_test(tables, "golden: POWER", test_golden_power);
	CU_add_test(tables, "golden: EBB presets only when asked", test_golden_ebb_only_when_asked);
	CU_add_test(tables, "golden: riscvcsr presets only when asked",
	            test_golden_riscvcsr_only_when_asked);
	CU_add_test(tables, "golden: RISC-V and generic", test_golden_riscv_and_generic);
	CU_add_test(tables, "libpfm4 names encode with their PMU forced",
	            test_libpfm4_names_encode_with_their_pmu_forced);
	CU_add_test(tables, "malformed lines are rejected with file and line",
	            test_malformed_lines_are_rejected_with_file_and_line);
	CU_add_test(tables, "derived arithmetic", test_derived_arithmetic);
	return unit_run_all();
}
