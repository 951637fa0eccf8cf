// SPDX-License-Identifier: BSD-3-Clause
/* A double carried in the bits of a long long: PAPI hands out every value
 * as a long long, and software-defined and derived floating-point values
 * travel as the bit pattern of a double (GET_DOUBLE_SDE and
 * PAPI_DATATYPE_FP64 read them back). memcpy is the conversion C11 defines
 * for this; compilers turn it into a register move. */
#ifndef PAPILLON_SERVICES_DOUBLE_BITS_H
#define PAPILLON_SERVICES_DOUBLE_BITS_H

#include <string.h>

static inline double double_of_bits(long long bits)
{
	double value;
	memcpy(&value, &bits, sizeof(value));
	return value;
}

static inline long long bits_of_double(double value)
{
	long long bits;
	memcpy(&bits, &value, sizeof(bits));
	return bits;
}

#endif
