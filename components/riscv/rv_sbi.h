// SPDX-License-Identifier: BSD-3-Clause
/* The SBI PMU extension's numbers (RISC-V SBI specification, chapter
 * "Performance Monitoring Unit Extension"): the extension and function
 * ids, the flags of its calls, and how an event index is made of a type
 * and a code. Facts only; freestanding, shared with the kernel module. */
#ifndef PAPILLON_RV_SBI_H
#define PAPILLON_RV_SBI_H

#define RV_SBI_EXT_PMU 0x504d55l /* "PMU" */

enum rv_sbi_pmu_function {
	RV_SBI_PMU_NUM_COUNTERS = 0,
	RV_SBI_PMU_COUNTER_GET_INFO = 1,
	RV_SBI_PMU_COUNTER_CONFIG_MATCHING = 2,
	RV_SBI_PMU_COUNTER_START = 3,
	RV_SBI_PMU_COUNTER_STOP = 4,
	RV_SBI_PMU_COUNTER_FW_READ = 5,
};

/* counter_config_matching's config_flags. */
#define RV_SBI_CFG_SKIP_MATCH  (1ul << 0)
#define RV_SBI_CFG_CLEAR_VALUE (1ul << 1)
#define RV_SBI_CFG_AUTO_START  (1ul << 2)
#define RV_SBI_CFG_SET_VUINH   (1ul << 3)
#define RV_SBI_CFG_SET_VSINH   (1ul << 4)
#define RV_SBI_CFG_SET_UINH    (1ul << 5)
#define RV_SBI_CFG_SET_SINH    (1ul << 6)
#define RV_SBI_CFG_SET_MINH    (1ul << 7)
/* counter_start's and counter_stop's flags. */
#define RV_SBI_START_SET_INIT_VALUE (1ul << 0)
#define RV_SBI_STOP_RESET           (1ul << 0)

/* SBI error codes the driver tells apart. */
#define RV_SBI_SUCCESS      0l
#define RV_SBI_ERR_FAILED   -1l
#define RV_SBI_ERR_NOT_SUPP -2l /* config_matching: no counter can count the event */
#define RV_SBI_ERR_INVALID  -3l
#define RV_SBI_ERR_STARTED  -7l /* already started */
#define RV_SBI_ERR_STOPPED  -8l /* already stopped */

/* counter_get_info's answer: CSR number in bits 0-11, width - 1 in bits
 * 12-17, and the top bit set for a firmware counter. */
#define RV_SBI_INFO_CSR(info)   ((unsigned)((info)&0xfffu))
#define RV_SBI_INFO_WIDTH(info) ((unsigned)(((info) >> 12) & 0x3fu) + 1u)
#define RV_SBI_INFO_FIRMWARE    (1ul << (sizeof(unsigned long) * 8 - 1))

/* An event index: type in bits 16-19, code in bits 0-15. */
#define RV_SBI_EVENT_INDEX(type, code) ((unsigned long)(type) << 16 | (unsigned long)(code))
#define RV_SBI_EVENT_TYPE(index)       ((unsigned)(((index) >> 16) & 0xfu))

enum rv_sbi_event_type {
	RV_SBI_TYPE_HARDWARE = 0, /* general events, perf's PERF_TYPE_HARDWARE */
	RV_SBI_TYPE_CACHE = 1,    /* code = cache << 3 | op << 1 | result */
	RV_SBI_TYPE_RAW = 2,      /* the selector in event_data */
	RV_SBI_TYPE_FIRMWARE = 15,
};

enum rv_sbi_cache_op { RV_SBI_CACHE_READ = 0, RV_SBI_CACHE_WRITE = 1, RV_SBI_CACHE_PREFETCH = 2 };
enum rv_sbi_cache_result { RV_SBI_CACHE_ACCESS = 0, RV_SBI_CACHE_MISS = 1 };
#define RV_SBI_CACHE_CODE(cache, op, result) ((cache) << 3 | (op) << 1 | (result))

#endif
