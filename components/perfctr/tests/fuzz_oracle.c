// SPDX-License-Identifier: BSD-3-Clause
/* The rules again, for the fuzzer to hold the validator to: written per
 * CPU model from the seed and the manuals, apart from the driver's code,
 * so that one mistake does not hide in both. */
#include "fuzz_x86.h"

enum kind { GENERIC, P5, CYRIX, WINCHIP, P6, K7, C3, P4, ARCH, AMD };

static const struct model {
	const char *name;
	enum kind kind;
	uint32_t counters; /* general-purpose */
	uint32_t fixed;    /* Intel fixed counters */
	uint32_t version;  /* arch perfmon version, P4 model */
	bool interrupts, hyperthreaded;
} models[FUZZ_MODELS] = {
    {"generic", GENERIC, 0, 0, 0, false, false},
    {"p5", P5, 2, 0, 0, false, false},
    {"p5mmx", P5, 2, 0, 0, false, false},
    {"cyrix", CYRIX, 2, 0, 0, false, false},
    {"winchip", WINCHIP, 2, 0, 0, false, false},
    {"p6", P6, 2, 0, 0, true, false},
    {"k7", K7, 4, 0, 0, true, false},
    {"k8", K7, 4, 0, 0, true, false},
    {"via_c3", C3, 1, 0, 0, false, false},
    {"p4 model 1", P4, 18, 0, 1, true, false},
    {"p4 model 2", P4, 18, 0, 2, true, false},
    {"p4 model 3 ht", P4, 18, 0, 3, true, true},
    {"arch perfmon v1", ARCH, 2, 0, 1, true, false},
    {"arch perfmon v2", ARCH, 4, 3, 2, true, false},
    {"arch perfmon v4", ARCH, 4, 3, 4, true, false},
    {"amd family 17h", AMD, 6, 0, 0, true, false},
    {"amd family 1ah", AMD, 6, 0, 0, true, false},
};

void fuzz_model_build(int model, struct sim_cpu *sim)
{
	switch (model) {
	case 0:
		sim_cpu_generic(sim);
		break;
	case 1:
		sim_cpu_p5(sim, false);
		break;
	case 2:
		sim_cpu_p5(sim, true);
		break;
	case 3:
		sim_cpu_cyrix(sim);
		break;
	case 4:
		sim_cpu_winchip(sim);
		break;
	case 5:
		sim_cpu_p6(sim);
		break;
	case 6:
		sim_cpu_k7(sim, false);
		break;
	case 7:
		sim_cpu_k7(sim, true);
		break;
	case 8:
		sim_cpu_via_c3(sim);
		break;
	case 9:
		sim_cpu_p4(sim, 1, false);
		break;
	case 10:
		sim_cpu_p4(sim, 2, false);
		break;
	case 11:
		sim_cpu_p4(sim, 3, true);
		break;
	case 12:
		sim_cpu_arch_perfmon(sim, 1, 2, 0);
		break;
	case 13:
		sim_cpu_arch_perfmon(sim, 2, 4, 3);
		break;
	case 14:
		sim_cpu_arch_perfmon(sim, 4, 4, 3);
		break;
	case 15:
		sim_cpu_amd(sim, 0x17, true, false);
		break;
	default:
		sim_cpu_amd(sim, 0x1A, true, true);
		break;
	}
}

const char *fuzz_model_name(int model)
{
	return model >= 0 && model < FUZZ_MODELS ? models[model].name : "?";
}

/* The P4's ESCRs as Intel lists them, by ESCR: its MSR, the ESCR_SELECT
 * value a CCCR names it by, and the counters that can use it (a bit
 * each). The driver keeps the inverse table (by counter group). */
#define C(a, b)     (1u << (a) | 1u << (b))
#define C3(a, b, c) (1u << (a) | 1u << (b) | 1u << (c))
static const struct p4_escr {
	uint16_t msr;
	uint8_t select;
	uint32_t counters;
} p4_escrs[] = {
    {0x3A0, 7, C(0, 1)},        {0x3A1, 7, C(2, 3)},        {0x3A2, 6, C(0, 1)},
    {0x3A3, 6, C(2, 3)},        {0x3A4, 1, C(8, 9)},        {0x3A5, 1, C(10, 11)},
    {0x3A6, 0, C(8, 9)},        {0x3A7, 0, C(10, 11)},      {0x3A8, 5, C(8, 9)},
    {0x3A9, 5, C(10, 11)},      {0x3AA, 2, C(0, 1)},        {0x3AB, 2, C(2, 3)},
    {0x3AC, 4, C(0, 1)},        {0x3AD, 4, C(2, 3)},        {0x3AE, 2, C(8, 9)},
    {0x3AF, 2, C(10, 11)},      {0x3B0, 3, C(8, 9)},        {0x3B1, 3, C(10, 11)},
    {0x3B2, 0, C(0, 1)},        {0x3B3, 0, C(2, 3)},        {0x3B4, 1, C(0, 1)},
    {0x3B5, 1, C(2, 3)},        {0x3B6, 3, C(0, 1)},        {0x3B7, 3, C(2, 3)},
    {0x3B8, 4, C3(12, 13, 16)}, {0x3B9, 4, C3(14, 15, 17)}, {0x3BA, 0, C3(12, 13, 16)},
    {0x3BB, 0, C3(14, 15, 17)}, {0x3BC, 2, C3(12, 13, 16)}, {0x3BD, 2, C3(14, 15, 17)},
    {0x3BE, 3, C3(12, 13, 16)}, {0x3C0, 0, C(4, 5)},        {0x3C1, 0, C(6, 7)},
    {0x3C2, 2, C(4, 5)},        {0x3C3, 2, C(6, 7)},        {0x3C4, 1, C(4, 5)},
    {0x3C5, 1, C(6, 7)},        {0x3C8, 5, C(0, 1)},        {0x3C9, 5, C(2, 3)},
    {0x3CA, 1, C3(12, 13, 16)}, {0x3CB, 1, C3(14, 15, 17)}, {0x3CC, 5, C3(12, 13, 16)},
    {0x3CD, 5, C3(14, 15, 17)},
};

uint32_t fuzz_oracle_p4_escr(uint32_t counter, uint32_t select)
{
	for (unsigned k = 0; k < sizeof(p4_escrs) / sizeof(p4_escrs[0]); k++)
		if (p4_escrs[k].select == select && counter < 32 &&
		    (p4_escrs[k].counters >> counter & 1))
			return p4_escrs[k].msr;
	return 0;
}

static bool bit(uint32_t value, unsigned n)
{
	return value >> n & 1;
}

/* A counter's identity, to see two controls on one counter. */
static uint64_t counter_key(const struct model *m, uint32_t map)
{
	if (m->kind == P4)
		return map & 0x7FFFFFFFu;
	return map;
}

static bool map_valid(const struct model *m, uint32_t map)
{
	switch (m->kind) {
	case P4:
		return (map & 0x7FFFFFFFu) < 18;
	case ARCH:
		if (bit(map, 30))
			return (map & ~(1u << 30)) < m->fixed;
		return map < m->counters;
	case C3:
		return map == 1;
	default:
		return map < m->counters;
	}
}

static bool p5_rules(const struct model *m, uint32_t evntsel)
{
	uint32_t reserved = m->kind == CYRIX ? 0xFA00 : m->kind == WINCHIP ? 0xFF00 : 0xFE00;
	if (evntsel > 0xFFFF || (evntsel & reserved))
		return false;
	return m->kind == WINCHIP || (evntsel & 0xC0);
}

static bool p6_like_rules(const struct model *m, const struct perfctr_cpu_control *c, uint32_t i,
                          bool imode)
{
	uint32_t e = c->evntsel[i];
	if (bit(e, 19) || bit(e, 21) || bit(e, 20) != imode)
		return false;
	if (m->kind == P6)
		return bit(e, 22) == (c->pmc_map[i] == 0);
	if (m->kind == AMD && (c->p4.escr[i] & ~0x30Fu))
		return false;
	return bit(e, 22);
}

static bool arch_rules(const struct model *m, uint32_t map, uint32_t e, bool imode)
{
	if (bit(map, 30)) {
		uint32_t allowed = 0xB | (m->version >= 3 ? 0x4 : 0);
		return !(e & ~allowed) && (e & 3) && bit(e, 3) == imode;
	}
	if (bit(e, 19) || (bit(e, 21) && m->version < 3))
		return false;
	return bit(e, 22) && bit(e, 20) == imode;
}

static bool p4_rules(const struct model *m, const struct perfctr_cpu_control *c, uint32_t i,
                     bool imode, bool is_global)
{
	uint32_t cccr = c->evntsel[i], escr = c->p4.escr[i];
	uint32_t counter = c->pmc_map[i] & 0x7FFFFFFFu;

	if (cccr & 0xB80007FFu)
		return false;
	if (bit(cccr, 11) && !(m->version >= 2 && (counter == 12 || counter >= 15)))
		return false;
	if (!m->hyperthreaded && !(bit(cccr, 16) && bit(cccr, 17)))
		return false;
	if (!bit(cccr, 12) && !bit(cccr, 30) && !bit(cccr, 11))
		return false;
	if (bit(cccr, 26) != imode)
		return false;
	if (imode && bit(cccr, 25) && c->ireset[i] != -1)
		return false;
	if (bit(escr, 31))
		return false;
	if ((escr & 3) && !(m->hyperthreaded && is_global))
		return false;
	return true;
}

static bool p4_pebs_rules(const struct perfctr_cpu_control *c)
{
	uint32_t enable = c->p4.pebs_enable, matrix = c->p4.pebs_matrix_vert;
	if (!enable)
		return matrix == 0;
	if (enable & ~0x01000607u)
		return false;
	if (!bit(enable, 24) || !(enable & 0x607))
		return false;
	return !(matrix & ~3u) && (matrix & 3);
}

bool fuzz_oracle_accepts(int model, const struct perfctr_x86_cpu *cpu,
                         const struct perfctr_cpu_control *c, bool is_global)
{
	const struct model *m = &models[model];
	uint64_t n = (uint64_t)c->nractrs + c->nrictrs;
	bool map0_used = false, map1_used = false;

	(void)cpu;
	if (c->tsc_on > 1 || n > m->counters + m->fixed || (c->nrictrs && !m->interrupts))
		return false;
	if (m->kind == GENERIC)
		return c->tsc_on == 1 && n == 0;
	if (m->kind == WINCHIP && c->tsc_on)
		return false;
	if (m->kind == P4 && !p4_pebs_rules(c))
		return false;
	/* P4: each counter's ESCR exists (IQ_ESCR0/1 not after model 2) and
	 * serves one counter only. */
	for (uint32_t i = 0; m->kind == P4 && i < n && i < PERFCTR_MAX_COUNTERS; i++) {
		uint32_t counter = c->pmc_map[i] & 0x7FFFFFFFu;
		uint32_t escr = fuzz_oracle_p4_escr(counter, c->evntsel[i] >> 13 & 7);
		if (!escr || ((escr == 0x3BA || escr == 0x3BB) && m->version > 2))
			return false;
		for (uint32_t j = 0; j < i; j++)
			if (fuzz_oracle_p4_escr(c->pmc_map[j] & 0x7FFFFFFFu,
			                        c->evntsel[j] >> 13 & 7) == escr)
				return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		bool imode = i >= c->nractrs;
		if (!map_valid(m, c->pmc_map[i]))
			return false;
		for (uint32_t j = 0; j < i; j++)
			if (counter_key(m, c->pmc_map[j]) == counter_key(m, c->pmc_map[i]))
				return false;
		if (imode && c->ireset[i] >= 0)
			return false;
		map0_used |= c->pmc_map[i] == 0;
		map1_used |= c->pmc_map[i] == 1;
		switch (m->kind) {
		case P5:
		case CYRIX:
		case WINCHIP:
			if (!p5_rules(m, c->evntsel[i]))
				return false;
			break;
		case P6:
		case K7:
		case AMD:
			if (!p6_like_rules(m, c, i, imode))
				return false;
			break;
		case C3:
			if (c->evntsel[i] & 0xFFFFFE00u)
				return false;
			break;
		case ARCH:
			if (!arch_rules(m, c->pmc_map[i], c->evntsel[i], imode))
				return false;
			break;
		case P4:
			if (!p4_rules(m, c, i, imode, is_global))
				return false;
			break;
		default:
			return false;
		}
	}
	/* P6: counter 1 runs only under EVNTSEL0's enable. */
	if (m->kind == P6 && map1_used && !map0_used)
		return false;
	return true;
}
