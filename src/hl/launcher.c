// SPDX-License-Identifier: BSD-3-Clause
/* The MPI rank and size of this process, from what the launchers put in
 * the environment (no MPI library is involved). */
#include <stdlib.h>

#include "hl/hl.h"

struct launcher_variables {
	const char *source;
	const char *rank;
	const char *size; /* NULL: the launcher gives none */
};

/* First match wins. */
static const struct launcher_variables launchers[] = {
    {"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
    {"PMIx", "PMIX_RANK", "PMIX_SIZE"},
    {"MPICH/Hydra", "PMI_RANK", "PMI_SIZE"},
    {"Cray ALPS", "ALPS_APP_PE", NULL},
    {"Slurm", "SLURM_PROCID", "SLURM_NTASKS"},
    {"MVAPICH2", "MV2_COMM_WORLD_RANK", "MV2_COMM_WORLD_SIZE"},
};

/* A non-negative decimal integer, or -1. */
static int parse_count(const char *text)
{
	if (!text || !*text)
		return -1;
	char *end;
	long value = strtol(text, &end, 10);
	if (*end || value < 0 || value > 1000000000L || *text == '-' || *text == '+')
		return -1;
	return (int)value;
}

struct hl_launch hl_launch_detect(void)
{
	for (size_t l = 0; l < sizeof launchers / sizeof *launchers; l++) {
		const char *rank_text = getenv(launchers[l].rank);
		if (!rank_text)
			continue;
		int rank = parse_count(rank_text);
		if (rank < 0) {
			hl_say("%s=\"%s\" is not a rank: ignored", launchers[l].rank, rank_text);
			continue;
		}
		const char *size_name = launchers[l].size;
		/* Open MPI 5 under PRRTE sets PMIX_RANK and the world size in
		 * OMPI_COMM_WORLD_SIZE. */
		int size = parse_count(size_name ? getenv(size_name) : NULL);
		if (size < 0 && l == 1)
			size = parse_count(getenv("OMPI_COMM_WORLD_SIZE"));
		if (size >= 0 && rank >= size) {
			hl_say("rank %d of %s is not below its size %d: size ignored", rank,
			       launchers[l].source, size);
			size = -1;
		}
		return (struct hl_launch){
		    .rank = rank, .size = size, .source = launchers[l].source};
	}
	return (struct hl_launch){.rank = -1, .size = -1, .source = NULL};
}
