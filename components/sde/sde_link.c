// SPDX-License-Identifier: BSD-3-Clause
/* Finding libsde's registry from libpapi (see sde_registry.h): a weak
 * reference when both are linked into the program, dlsym when libsde came
 * later into the global scope, or the table libsde handed over through
 * papillon_sde_attach. Found once, then kept: libsde is not unloaded while
 * libraries hold its handles. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>

#include "papi.h"
#include "sde_component.h"

extern const struct sde_registry_ops *papillon_sde_registry(void) __attribute__((weak));

static _Atomic(const struct sde_registry_ops *) registry;

/* A table this libpapi can use: the same contract, and at least as large. */
static bool usable(const struct sde_registry_ops *ops)
{
	return ops && ops->version == SDE_REGISTRY_VERSION &&
	       ops->size >= sizeof(struct sde_registry_ops);
}

__attribute__((visibility("default"))) void papillon_sde_attach(const struct sde_registry_ops *ops)
{
	/* The first registry found stays: ids are per registry, and a second
	 * libsde in the process (a rare mix of copies) must not swap them. */
	const struct sde_registry_ops *none = NULL;
	if (usable(ops))
		atomic_compare_exchange_strong_explicit(&registry, &none, ops, memory_order_acq_rel,
		                                        memory_order_acquire);
}

const struct sde_registry_ops *sde_registry(void)
{
	const struct sde_registry_ops *ops = atomic_load_explicit(&registry, memory_order_acquire);
	if (ops)
		return ops;
	const struct sde_registry_ops *(*get)(void) = papillon_sde_registry;
	if (!get)
		get = (const struct sde_registry_ops *(*)(void))dlsym(RTLD_DEFAULT,
		                                                      "papillon_sde_registry");
	ops = get ? get() : NULL;
	if (!usable(ops))
		return NULL;
	papillon_sde_attach(ops);
	return atomic_load_explicit(&registry, memory_order_acquire);
}
