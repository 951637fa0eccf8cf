// SPDX-License-Identifier: BSD-3-Clause
/* Profiles: the histogram side of PAPI_profil/PAPI_sprofil.
 *
 * A region maps text addresses from pr_off on to buckets: bucket =
 * (address - pr_off) * pr_scale / 2^17, pr_scale being profil(3)'s 16-bit
 * fixed-point fraction of a 16-bit word per two bytes of text (0x10000: one
 * bucket per two bytes, 0x20000: one per byte). A region whose scale is 2 is
 * the overflow bin: its first bucket takes every sample no other region
 * covers. Buckets saturate rather than wrap; with PAPI_PROFIL_COMPRESS a
 * region whose bucket would saturate is halved first, keeping its shape. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "core/profil.h"

#define OVERFLOW_BIN_SCALE 2
#define MAX_SCALE          0x20000u
#define KNOWN_FLAGS                                                                                \
	(PAPI_PROFIL_POSIX | PAPI_PROFIL_RANDOM | PAPI_PROFIL_WEIGHTED | PAPI_PROFIL_COMPRESS |    \
	 PAPI_PROFIL_BUCKETS | PAPI_PROFIL_FORCE_SW | PAPI_PROFIL_DATA_EAR | PAPI_PROFIL_INST_EAR)

struct profile_region {
	unsigned char *base;
	uintptr_t offset;
	unsigned scale;
	size_t buckets;
};

struct profile {
	int flags;
	int bucket_bytes;
	int region_count;
	int overflow_bin; /* region index, -1: none */
	uint32_t random_state;
	struct profile_region regions[];
};

static int bucket_bytes_of(int flags, int *bytes)
{
	switch (flags & PAPI_PROFIL_BUCKETS) {
	case 0:
	case PAPI_PROFIL_BUCKET_16:
		*bytes = 2;
		return PAPI_OK;
	case PAPI_PROFIL_BUCKET_32:
		*bytes = 4;
		return PAPI_OK;
	case PAPI_PROFIL_BUCKET_64:
		*bytes = 8;
		return PAPI_OK;
	default:
		return papi_error_set(PAPI_EINVAL,
		                      "profile flags %#x name more than one bucket size", flags);
	}
}

int profile_create(const PAPI_sprofil_t *regions, int count, int flags, struct profile **out)
{
	if (!regions || count <= 0)
		return papi_error_set(PAPI_EINVAL, "no profile regions (array %p, count %d)",
		                      (const void *)regions, count);
	if (flags & ~KNOWN_FLAGS)
		return papi_error_set(PAPI_EINVAL, "unknown profile flags %#x",
		                      (unsigned)(flags & ~KNOWN_FLAGS));
	if (flags & (PAPI_PROFIL_DATA_EAR | PAPI_PROFIL_INST_EAR))
		return papi_error_set(
		    PAPI_ENOSUPP, "event address registers (PAPI_PROFIL_DATA_EAR, "
		                  "PAPI_PROFIL_INST_EAR) are an Itanium feature, not available");
	int bytes = 2;
	int status = bucket_bytes_of(flags, &bytes);
	if (status != PAPI_OK)
		return status;
	struct profile *profile =
	    calloc(1, sizeof(*profile) + sizeof(struct profile_region) * (size_t)count);
	if (!profile)
		return papi_error_set(PAPI_ENOMEM, "no memory for a profile");
	profile->flags = flags;
	profile->bucket_bytes = bytes;
	profile->region_count = count;
	profile->overflow_bin = -1;
	profile->random_state = 0x9e3779b9u;
	for (int r = 0; r < count; r++) {
		const PAPI_sprofil_t *region = &regions[r];
		struct profile_region *copy = &profile->regions[r];
		if (!region->pr_base || region->pr_size == 0) {
			free(profile);
			return papi_error_set(PAPI_EINVAL,
			                      "profile region %d has no buffer (base %p, "
			                      "size %u)",
			                      r, region->pr_base, region->pr_size);
		}
		if (region->pr_scale < OVERFLOW_BIN_SCALE || region->pr_scale > MAX_SCALE) {
			free(profile);
			return papi_error_set(
			    PAPI_EINVAL, "profile region %d: scale %#x is outside 0x2..0x20000", r,
			    region->pr_scale);
		}
		copy->base = region->pr_base;
		copy->offset = (uintptr_t)region->pr_off;
		copy->scale = region->pr_scale;
		if (region->pr_scale == OVERFLOW_BIN_SCALE) {
			copy->buckets = 1;
			if (profile->overflow_bin < 0)
				profile->overflow_bin = r;
			continue;
		}
		copy->buckets = region->pr_size / (unsigned)bytes;
		if (copy->buckets == 0) {
			free(profile);
			return papi_error_set(PAPI_EINVAL,
			                      "profile region %d: %u bytes hold no %d-byte bucket",
			                      r, region->pr_size, bytes);
		}
	}
	*out = profile;
	return PAPI_OK;
}

void profile_free(struct profile *profile)
{
	free(profile);
}

int profile_flags(const struct profile *profile)
{
	return profile->flags;
}

/* (distance * scale) >> 17 without overflowing 64 bits. */
static uint64_t bucket_of(uint64_t distance, unsigned scale)
{
	return (distance >> 17) * scale + (((distance & 0x1ffff) * scale) >> 17);
}

static uint64_t bucket_max(int bytes)
{
	return bytes == 8 ? UINT64_MAX : (1ull << (8 * bytes)) - 1;
}

static uint64_t load_bucket(const unsigned char *at, int bytes)
{
	if (bytes == 2) {
		uint16_t v;
		memcpy(&v, at, sizeof(v));
		return v;
	}
	if (bytes == 4) {
		uint32_t v;
		memcpy(&v, at, sizeof(v));
		return v;
	}
	uint64_t v;
	memcpy(&v, at, sizeof(v));
	return v;
}

static void store_bucket(unsigned char *at, int bytes, uint64_t value)
{
	if (bytes == 2) {
		uint16_t v = (uint16_t)value;
		memcpy(at, &v, sizeof(v));
	} else if (bytes == 4) {
		uint32_t v = (uint32_t)value;
		memcpy(at, &v, sizeof(v));
	} else {
		memcpy(at, &value, sizeof(value));
	}
}

static void halve_region(const struct profile_region *region, int bytes)
{
	for (size_t b = 0; b < region->buckets; b++) {
		unsigned char *at = region->base + b * (size_t)bytes;
		store_bucket(at, bytes, load_bucket(at, bytes) / 2);
	}
}

static void add_to_bucket(const struct profile *profile, const struct profile_region *region,
                          uint64_t bucket, uint64_t increment)
{
	int bytes = profile->bucket_bytes;
	unsigned char *at = region->base + bucket * (uint64_t)bytes;
	uint64_t max = bucket_max(bytes);
	uint64_t value = load_bucket(at, bytes);
	if (max - value < increment && (profile->flags & PAPI_PROFIL_COMPRESS)) {
		halve_region(region, bytes);
		value = load_bucket(at, bytes);
	}
	store_bucket(at, bytes, max - value < increment ? max : value + increment);
}

void profile_record(struct profile *profile, void *address, long long weight)
{
	if (profile->flags & PAPI_PROFIL_RANDOM) {
		/* Drop about one sample in four (xorshift: no locks, no libc). */
		uint32_t x = profile->random_state;
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		profile->random_state = x;
		if ((x & 3) == 0)
			return;
	}
	uint64_t increment = 1;
	if ((profile->flags & PAPI_PROFIL_WEIGHTED) && weight > 1)
		increment = (uint64_t)weight;
	uintptr_t pc = (uintptr_t)address;
	for (int r = 0; r < profile->region_count; r++) {
		const struct profile_region *region = &profile->regions[r];
		if (r == profile->overflow_bin || pc < region->offset)
			continue;
		uint64_t bucket = bucket_of(pc - region->offset, region->scale);
		if (bucket < region->buckets) {
			add_to_bucket(profile, region, bucket, increment);
			return;
		}
	}
	if (profile->overflow_bin >= 0)
		add_to_bucket(profile, &profile->regions[profile->overflow_bin], 0, increment);
}
