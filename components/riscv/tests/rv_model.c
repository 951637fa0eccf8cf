// SPDX-License-Identifier: BSD-3-Clause
/* The hart model behind the CSR layer: see rv_model.h. Each rule of the
 * counter delegation extension sits behind rule_holds(), in the order the
 * extension checks them; the rest is the least of the privileged
 * architecture the rules need (CSR privilege levels, counters counting). */
#include <string.h>

#include "rv_model.h"
#include "rv_sbi.h"

static int rule_holds(const struct rv_model *model, enum rv_rule rule)
{
	return !(model->rules_removed >> rule & 1u);
}

static int has(const struct rv_model *model, unsigned extensions)
{
	return (model->extensions & extensions) == extensions;
}

static int cde(const struct rv_model *model)
{
	return (model->menvcfg & RV_MENVCFG_CDE) != 0;
}

static int virtualized(enum rv_priv priv)
{
	return priv == RV_PRIV_VS || priv == RV_PRIV_VU;
}

static uint64_t low_half_mask(unsigned xlen)
{
	return xlen == 32 ? 0xffffffffull : ~0ull;
}

void rv_model_init(struct rv_model *model, unsigned xlen, unsigned extensions)
{
	memset(model, 0, sizeof(*model));
	model->xlen = xlen;
	model->extensions = extensions;
	model->priv = RV_PRIV_S;
	/* Before delegation, firmware lets S-mode read every counter (the
	 * way Linux reads them) and stops the ones nobody uses. */
	model->mcounteren = ~0ull;
	model->mcountinhibit = ~0ull & ~(1ull << RV_COUNTER_TIME);
	model->mstateen0 = RV_STATEEN0_CSRIND;
	model->hstateen0 = RV_STATEEN0_CSRIND;
	model->hw_counters = RV_COUNTERS;
}

void rv_model_delegate(struct rv_model *model, uint64_t counters)
{
	model->menvcfg |= RV_MENVCFG_CDE;
	model->mstateen0 |= RV_STATEEN0_CSRIND;
	model->mcounteren = counters;
}

static int counter_implemented(const struct rv_model *model, unsigned i)
{
	if (i == 0 || i == 2)
		return has(model, RV_EXT_ZICNTR);
	return i >= 3 && i < model->hw_counters && i < RV_COUNTERS && has(model, RV_EXT_ZIHPM);
}

void rv_model_run(struct rv_model *model, uint64_t events)
{
	for (unsigned i = 0; i < RV_COUNTERS; i++) {
		if (!counter_implemented(model, i) || (model->mcountinhibit >> i & 1u))
			continue;
		if (i >= 3 && (model->selector[i] &
		               ~(RV_HPMEVENT_OF | RV_HPMEVENT_MINH | RV_HPMEVENT_SINH |
		                 RV_HPMEVENT_UINH | RV_HPMEVENT_VSINH | RV_HPMEVENT_VUINH)) == 0)
			continue; /* event 0: counts nothing */
		uint64_t before = model->counter[i];
		model->counter[i] += events;
		if (model->counter[i] >= before || i < 3 || !has(model, RV_EXT_SSCOFPMF))
			continue;
		if (!(model->selector[i] & RV_HPMEVENT_OF))
			model->overflow_interrupts |= 1ull << i;
		model->selector[i] |= RV_HPMEVENT_OF;
	}
}

/* The CSR's privilege level (bits 9:8 of its number) against the mode's:
 * the base access check every CSR has. */
static enum rv_trap privilege_check(const struct rv_model *model, unsigned csr)
{
	unsigned level = csr >> 8 & 3u;
	switch (model->priv) {
	case RV_PRIV_M:
		return RV_TRAP_NONE;
	case RV_PRIV_S:
		return level <= (has(model, RV_EXT_H) ? 2u : 1u) ? RV_TRAP_NONE
		                                                 : RV_TRAP_ILLEGAL_INSTRUCTION;
	case RV_PRIV_VS:
		if (level <= 1)
			return RV_TRAP_NONE;
		return level == 2 ? RV_TRAP_VIRTUAL_INSTRUCTION : RV_TRAP_ILLEGAL_INSTRUCTION;
	case RV_PRIV_VU:
		if (level == 0)
			return RV_TRAP_NONE;
		return level <= 2 ? RV_TRAP_VIRTUAL_INSTRUCTION : RV_TRAP_ILLEGAL_INSTRUCTION;
	case RV_PRIV_U:
	default:
		return level == 0 ? RV_TRAP_NONE : RV_TRAP_ILLEGAL_INSTRUCTION;
	}
}

/* sireg..sireg6 are 0x151-0x157 but for 0x154 (likewise vsireg*). */
static int is_sireg(unsigned csr)
{
	return csr >= RV_CSR_SIREG && csr <= RV_CSR_SIREG6 && csr != RV_CSR_SIREG4 - 1;
}

static int is_vsireg(unsigned csr)
{
	return csr >= RV_CSR_VSIREG && csr <= RV_CSR_VSIREG6 && csr != RV_CSR_VSIREG4 - 1;
}

static int selects_counter(uint64_t select)
{
	return select >= RV_SISELECT_COUNTER_0 && select <= RV_SISELECT_COUNTER_N;
}

/* Smstateen's bit 60 and the virtual-mode rules for siselect, sireg*,
 * vsiselect and vsireg*; RV_TRAP_NONE when the access may go on. */
static enum rv_trap indirect_gate(const struct rv_model *model, unsigned csr)
{
	int direct_virtual = csr >= RV_CSR_VSISELECT && csr <= RV_CSR_VSIREG6;
	if (rule_holds(model, RV_RULE_VIRTUAL_DIRECT_ACCESS) &&
	    ((virtualized(model->priv) && direct_virtual) || model->priv == RV_PRIV_VU))
		return RV_TRAP_VIRTUAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_MSTATEEN_BLOCKS) && has(model, RV_EXT_SMSTATEEN) &&
	    model->priv != RV_PRIV_M && !(model->mstateen0 & RV_STATEEN0_CSRIND))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_HSTATEEN_BLOCKS) && has(model, RV_EXT_SMSTATEEN | RV_EXT_H) &&
	    model->priv == RV_PRIV_VS && !(model->hstateen0 & RV_STATEEN0_CSRIND))
		return RV_TRAP_VIRTUAL_INSTRUCTION;
	return RV_TRAP_NONE;
}

/* The extension counter i's state behind sireg_csr depends on (the
 * footnotes of the extension's table); 0: no state there. */
static unsigned state_extension(unsigned i, unsigned sireg_csr)
{
	int counter_value = sireg_csr == RV_CSR_SIREG || sireg_csr == RV_CSR_SIREG4;
	if (i == 0 || i == 2)
		return counter_value ? RV_EXT_ZICNTR : RV_EXT_SMCNTRPMF;
	if (counter_value || sireg_csr == RV_CSR_SIREG2)
		return RV_EXT_ZIHPM;
	return RV_EXT_ZIHPM | RV_EXT_SSCOFPMF; /* mhpmeventh */
}

/* The MINH bit counter i's configuration hides from S-mode. */
static uint64_t hidden_minh(const struct rv_model *model, unsigned i)
{
	if (i >= 3)
		return rule_holds(model, RV_RULE_EVENT_MINH_READ_ONLY) &&
		               has(model, RV_EXT_SSCOFPMF)
		           ? RV_HPMEVENT_MINH
		           : 0;
	return rule_holds(model, RV_RULE_CONFIG_MINH_READ_ONLY) ? RV_HPMEVENT_MINH : 0;
}

/* sireg* while siselect selects counter i = select - 0x40, from M or S. */
static enum rv_trap delegated_access(struct rv_model *model, unsigned csr, uint64_t *value,
                                     int write)
{
	unsigned i = (unsigned)(model->siselect - RV_SISELECT_COUNTER_0);
	if (rule_holds(model, RV_RULE_SIREG_NEEDS_CDE) && !cde(model))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_SIREG3_SIREG6_ILLEGAL) &&
	    (csr == RV_CSR_SIREG3 || csr == RV_CSR_SIREG6))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_SIREG4_SIREG5_RV64) && model->xlen == 64 &&
	    (csr == RV_CSR_SIREG4 || csr == RV_CSR_SIREG5))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_SISELECT_TIME_ILLEGAL) && i == RV_COUNTER_TIME)
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_NOT_DELEGATED_ILLEGAL) && !(model->mcounteren >> i & 1u))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_STATE_NEEDS_EXTENSION) &&
	    !has(model, state_extension(i, csr)))
		return RV_TRAP_ILLEGAL_INSTRUCTION;

	uint64_t *state = NULL;
	unsigned shift = 0;
	if (rule_holds(model, RV_RULE_DELEGATED_STATE) && i != RV_COUNTER_TIME) {
		if (csr == RV_CSR_SIREG || csr == RV_CSR_SIREG4)
			state = &model->counter[i];
		else if (csr == RV_CSR_SIREG2 || csr == RV_CSR_SIREG5)
			state = &model->selector[i];
		shift = csr == RV_CSR_SIREG4 || csr == RV_CSR_SIREG5 ? 32 : 0;
	}
	if (!state) {
		if (!write)
			*value = 0;
		return RV_TRAP_NONE;
	}
	uint64_t view = low_half_mask(model->xlen) << shift;
	uint64_t hidden = state == &model->selector[i] ? hidden_minh(model, i) : 0;
	if (write) {
		uint64_t writable = view & ~hidden;
		*state = (*state & ~writable) | ((*value << shift) & writable);
	} else {
		*value = ((*state & ~hidden) & view) >> shift;
	}
	return RV_TRAP_NONE;
}

static enum rv_trap indirect_access(struct rv_model *model, unsigned csr, uint64_t *value,
                                    int write)
{
	enum rv_trap trap = indirect_gate(model, csr);
	if (trap != RV_TRAP_NONE)
		return trap;
	if (csr == RV_CSR_SISELECT || csr == RV_CSR_VSISELECT) {
		/* In VS-mode, siselect is really vsiselect. */
		uint64_t *select = csr == RV_CSR_VSISELECT || model->priv == RV_PRIV_VS
		                       ? &model->vsiselect
		                       : &model->siselect;
		if (write)
			*select = *value;
		else
			*value = *select;
		return RV_TRAP_NONE;
	}
	if (is_vsireg(csr)) {
		if (rule_holds(model, RV_RULE_VSIREG_FROM_M_S) && selects_counter(model->vsiselect))
			return RV_TRAP_ILLEGAL_INSTRUCTION;
	} else if (model->priv == RV_PRIV_VS) {
		if (rule_holds(model, RV_RULE_VS_SIREG) && selects_counter(model->vsiselect))
			return cde(model) ? RV_TRAP_VIRTUAL_INSTRUCTION
			                  : RV_TRAP_ILLEGAL_INSTRUCTION;
	} else if (selects_counter(model->siselect)) {
		return delegated_access(model, csr, value, write);
	}
	/* Other selections belong to other extensions (AIA): not modelled. */
	if (!write)
		*value = 0;
	return RV_TRAP_NONE;
}

static enum rv_trap scountinhibit_access(struct rv_model *model, uint64_t *value, int write)
{
	if (!has(model, RV_EXT_SMCDELEG))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_SCOUNTINHIBIT_VIRTUAL) && virtualized(model->priv) &&
	    cde(model))
		return RV_TRAP_VIRTUAL_INSTRUCTION;
	if (rule_holds(model, RV_RULE_SCOUNTINHIBIT_NEEDS_CDE) && !cde(model))
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	uint64_t delegated = rule_holds(model, RV_RULE_SCOUNTINHIBIT_MASKED)
	                         ? model->mcounteren & low_half_mask(model->xlen)
	                         : low_half_mask(model->xlen);
	delegated &= ~(1ull << RV_COUNTER_TIME); /* mcountinhibit has no time bit */
	uint64_t *target = rule_holds(model, RV_RULE_SCOUNTINHIBIT_ALIAS)
	                       ? &model->mcountinhibit
	                       : &model->scountinhibit_unaliased;
	if (write)
		*target = (*target & ~delegated) | (*value & delegated);
	else
		*value = *target & delegated;
	return RV_TRAP_NONE;
}

static uint64_t overflow_bits(const struct rv_model *model)
{
	uint64_t bits = 0;
	for (unsigned i = 3; i < RV_COUNTERS; i++)
		if (model->selector[i] & RV_HPMEVENT_OF)
			bits |= 1ull << i;
	return bits;
}

/* The LCOFI bit of mvip/mvien (m) or hvip/hvien (!m): writable where the
 * extensions the rule names are all there, else read-only zero. */
static uint64_t lcofi_writable(const struct rv_model *model, int machine)
{
	unsigned needed = RV_EXT_SMCDELEG | RV_EXT_SSCOFPMF | RV_EXT_SMAIA;
	enum rv_rule rule = RV_RULE_LCOFI_MVIP_MVIEN;
	if (!machine) {
		needed |= RV_EXT_H;
		rule = RV_RULE_LCOFI_HVIP_HVIEN;
	}
	return rule_holds(model, rule) && has(model, needed) ? 1ull << RV_IRQ_LCOFI_BIT : 0;
}

static enum rv_trap plain_access(struct rv_model *model, unsigned csr, uint64_t *value, int write)
{
	uint64_t *reg = NULL;
	uint64_t writable = ~0ull;
	switch (csr) {
	case RV_CSR_MENVCFG:
		reg = &model->menvcfg;
		break;
	case RV_CSR_MSTATEEN0:
		reg = &model->mstateen0;
		break;
	case RV_CSR_HSTATEEN0:
		reg = &model->hstateen0;
		break;
	case RV_CSR_MCOUNTEREN:
		reg = &model->mcounteren;
		break;
	case RV_CSR_SCOUNTEREN:
		reg = &model->scounteren;
		break;
	case RV_CSR_MCOUNTINHIBIT:
		reg = &model->mcountinhibit;
		writable = ~(1ull << RV_COUNTER_TIME);
		break;
	case RV_CSR_MVIP:
	case RV_CSR_MVIEN:
		reg = csr == RV_CSR_MVIP ? &model->mvip : &model->mvien;
		writable = lcofi_writable(model, 1);
		break;
	case RV_CSR_HVIP:
	case RV_CSR_HVIEN:
		if (!has(model, RV_EXT_H))
			return RV_TRAP_ILLEGAL_INSTRUCTION;
		reg = csr == RV_CSR_HVIP ? &model->hvip : &model->hvien;
		writable = lcofi_writable(model, 0);
		break;
	case RV_CSR_SCOUNTOVF:
		if (!has(model, RV_EXT_SSCOFPMF) || write)
			return RV_TRAP_ILLEGAL_INSTRUCTION;
		if (rule_holds(model, RV_RULE_SCOUNTOVF_VIRTUAL) && has(model, RV_EXT_H) &&
		    virtualized(model->priv) && cde(model))
			return RV_TRAP_VIRTUAL_INSTRUCTION;
		*value = overflow_bits(model) & model->mcounteren;
		return RV_TRAP_NONE;
	default:
		if (csr >= RV_CSR_CYCLE && csr < RV_CSR_CYCLE + RV_COUNTERS) {
			unsigned i = csr - RV_CSR_CYCLE;
			/* A counter below M-mode: readable when mcounteren
			 * (and for U-mode scounteren) allows it. */
			int allowed = model->priv == RV_PRIV_M ||
			              ((model->mcounteren >> i & 1u) &&
			               (model->priv == RV_PRIV_S || (model->scounteren >> i & 1u)));
			if (write || !allowed || i == RV_COUNTER_TIME ||
			    !counter_implemented(model, i))
				return RV_TRAP_ILLEGAL_INSTRUCTION;
			*value = model->counter[i] & low_half_mask(model->xlen);
			return RV_TRAP_NONE;
		}
		return RV_TRAP_ILLEGAL_INSTRUCTION; /* not modelled */
	}
	if (write)
		*reg = (*reg & ~writable) | (*value & writable);
	else
		*value = *reg;
	return RV_TRAP_NONE;
}

static enum rv_trap model_access(struct rv_model *model, unsigned csr, uint64_t *value, int write)
{
	if (csr == RV_CSR_SISELECT || is_sireg(csr) || csr == RV_CSR_VSISELECT || is_vsireg(csr)) {
		/* The virtual modes' exceptions for these are the rules'
		 * (indirect_gate), so that each can be taken out alone. */
		int vs_csr = csr >= RV_CSR_VSISELECT;
		if (model->priv == RV_PRIV_U || (vs_csr && !has(model, RV_EXT_H)))
			return RV_TRAP_ILLEGAL_INSTRUCTION;
		return indirect_access(model, csr, value, write);
	}
	int counter_csr = csr >= RV_CSR_CYCLE && csr < RV_CSR_CYCLE + RV_COUNTERS;
	enum rv_trap trap = counter_csr ? RV_TRAP_NONE : privilege_check(model, csr);
	if (trap != RV_TRAP_NONE)
		return trap;
	if (csr == RV_CSR_SCOUNTINHIBIT)
		return scountinhibit_access(model, value, write);
	return plain_access(model, csr, value, write);
}

static enum rv_trap model_read(void *context, unsigned csr, uint64_t *value)
{
	return model_access(context, csr, value, 0);
}

static enum rv_trap model_write(void *context, unsigned csr, uint64_t value)
{
	return model_access(context, csr, &value, 1);
}

uint64_t rv_model_selector_of(unsigned long event_index, unsigned long event_data)
{
	/* The model's firmware maps an SBI event to a selector its own way
	 * (a real platform's device tree says): raw events carry theirs. */
	if (RV_SBI_EVENT_TYPE(event_index) == RV_SBI_TYPE_RAW)
		return event_data;
	return 0x10000ull | event_index;
}

/* config_matching: the first free counter of the mask that can count the
 * event (cycles only on 0, instructions only on 2, the rest on 3..31;
 * firmware events on firmware counters). */
static struct rv_sbi_ret sbi_config_matching(struct rv_model *model, const unsigned long *args)
{
	unsigned long base = args[0], mask = args[1], flags = args[2], event = args[3];
	unsigned type = RV_SBI_EVENT_TYPE(event);
	unsigned code = (unsigned)(event & 0xffffu);
	for (unsigned bit = 0; bit < 64; bit++) {
		unsigned long i = base + bit;
		if (i >= model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS)
			break;
		if (!(mask >> bit & 1u) || (model->sbi_allocated >> i & 1u))
			continue;
		if (type == RV_SBI_TYPE_FIRMWARE) {
			if (i < model->hw_counters ||
			    i >= model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS)
				continue;
			model->sbi_allocated |= 1ull << i;
			model->firmware_event[i - model->hw_counters] = code;
			return (struct rv_sbi_ret){RV_SBI_SUCCESS, i};
		}
		int fits = type == RV_SBI_TYPE_HARDWARE && code == 1 ? i == 0
		           : type == RV_SBI_TYPE_HARDWARE && code == 2
		               ? i == 2
		               : i >= 3 && i < model->hw_counters;
		if (!fits || !counter_implemented(model, (unsigned)i))
			continue;
		model->sbi_allocated |= 1ull << i;
		uint64_t inhibits = (flags & RV_SBI_CFG_SET_VUINH ? RV_HPMEVENT_VUINH : 0) |
		                    (flags & RV_SBI_CFG_SET_VSINH ? RV_HPMEVENT_VSINH : 0) |
		                    (flags & RV_SBI_CFG_SET_UINH ? RV_HPMEVENT_UINH : 0) |
		                    (flags & RV_SBI_CFG_SET_SINH ? RV_HPMEVENT_SINH : 0) |
		                    (flags & RV_SBI_CFG_SET_MINH ? RV_HPMEVENT_MINH : 0);
		model->selector[i] = (i >= 3 ? rv_model_selector_of(event, args[4]) : 0) | inhibits;
		if (flags & RV_SBI_CFG_CLEAR_VALUE)
			model->counter[i] = 0;
		if (flags & RV_SBI_CFG_AUTO_START)
			model->mcountinhibit &= ~(1ull << i);
		else
			model->mcountinhibit |= 1ull << i;
		return (struct rv_sbi_ret){RV_SBI_SUCCESS, i};
	}
	if (model->fixed_counter_fallback && type == RV_SBI_TYPE_HARDWARE &&
	    (code == 1 || code == 2)) {
		unsigned fixed = code == 1 ? 0 : 2;
		if (flags & RV_SBI_CFG_CLEAR_VALUE)
			model->counter[fixed] = 0;
		return (struct rv_sbi_ret){RV_SBI_SUCCESS, fixed};
	}
	return (struct rv_sbi_ret){RV_SBI_ERR_NOT_SUPP, 0};
}

static struct rv_sbi_ret sbi_start_stop(struct rv_model *model, const unsigned long *args,
                                        int start)
{
	for (unsigned bit = 0; bit < 64; bit++) {
		unsigned long i = args[0] + bit;
		if (!(args[1] >> bit & 1u))
			continue;
		if (i >= model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS)
			return (struct rv_sbi_ret){RV_SBI_ERR_INVALID, 0};
		if (!(model->sbi_allocated >> i & 1u))
			return (struct rv_sbi_ret){RV_SBI_ERR_INVALID, 0};
		/* OpenSBI answers a stop of a stopped counter with
		 * SBI_ERR_ALREADY_STOPPED (and leaves it stopped). */
		bool stopped = i >= model->hw_counters
		                   ? !(model->firmware_running >> (i - model->hw_counters) & 1u)
		                   : (model->mcountinhibit >> i & 1u) != 0;
		if (!start && stopped && !(args[2] & RV_SBI_STOP_RESET))
			return (struct rv_sbi_ret){RV_SBI_ERR_STOPPED, 0};
		if (i >= model->hw_counters) {
			uint64_t running = 1ull << (i - model->hw_counters);
			model->firmware_running = start ? model->firmware_running | running
			                                : model->firmware_running & ~running;
		} else if (start) {
			if (args[2] & RV_SBI_START_SET_INIT_VALUE)
				model->counter[i] = args[3];
			model->selector[i] &= ~RV_HPMEVENT_OF; /* as OpenSBI re-arms */
			model->mcountinhibit &= ~(1ull << i);
		} else {
			model->mcountinhibit |= 1ull << i;
		}
		if (!start && (args[2] & RV_SBI_STOP_RESET))
			model->sbi_allocated &= ~(1ull << i);
	}
	return (struct rv_sbi_ret){RV_SBI_SUCCESS, 0};
}

static struct rv_sbi_ret model_sbi_call(void *context, long extension, long function,
                                        const unsigned long args[6])
{
	struct rv_model *model = context;
	model->ecalls++;
	if (extension != RV_SBI_EXT_PMU)
		return (struct rv_sbi_ret){RV_SBI_ERR_NOT_SUPP, 0};
	switch (function) {
	case RV_SBI_PMU_NUM_COUNTERS:
		return (struct rv_sbi_ret){RV_SBI_SUCCESS,
		                           model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS};
	case RV_SBI_PMU_COUNTER_GET_INFO:
		if (args[0] == RV_COUNTER_TIME ||
		    args[0] >= model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS)
			return (struct rv_sbi_ret){RV_SBI_ERR_INVALID, 0};
		if (args[0] >= model->hw_counters)
			return (struct rv_sbi_ret){RV_SBI_SUCCESS, RV_SBI_INFO_FIRMWARE};
		/* A 64-bit counter (width - 1 = 63) at CSR 0xc00 + i. */
		return (struct rv_sbi_ret){RV_SBI_SUCCESS, (63ul << 12) | (RV_CSR_CYCLE + args[0])};
	case RV_SBI_PMU_COUNTER_CONFIG_MATCHING:
		return sbi_config_matching(model, args);
	case RV_SBI_PMU_COUNTER_START:
		return sbi_start_stop(model, args, 1);
	case RV_SBI_PMU_COUNTER_STOP:
		return sbi_start_stop(model, args, 0);
	case RV_SBI_PMU_COUNTER_FW_READ:
		if (args[0] < model->hw_counters ||
		    args[0] >= model->hw_counters + RV_MODEL_FIRMWARE_COUNTERS)
			return (struct rv_sbi_ret){RV_SBI_ERR_INVALID, 0};
		return (struct rv_sbi_ret){
		    RV_SBI_SUCCESS,
		    (unsigned long)model->firmware_counter[args[0] - model->hw_counters]};
	default:
		return (struct rv_sbi_ret){RV_SBI_ERR_NOT_SUPP, 0};
	}
}

static const struct rv_csr_ops model_ops = {
    .read = model_read,
    .write = model_write,
    .sbi_call = model_sbi_call,
};

void rv_model_hart(struct rv_model *model, struct rv_hart *hart)
{
	hart->ops = &model_ops;
	hart->context = model;
	hart->xlen = model->xlen;
}
