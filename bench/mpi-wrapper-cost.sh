#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/mpi-wrapper-cost.sh [BUILD-DIR]: the PMPI tool's cost per call under
# each MPI implementation built, one rank: bench/mpi_wrapper_cost.c run
# with the tool preloaded (its MPI_ calls intercepted) and without it (both
# names reach the library: the difference is then noise). Figures: doc/performance.md.
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
src=$bench_top/bench
build=$(bench_build_dir "${1:-$bench_top/_build}")
bench_scratch
export LD_LIBRARY_PATH=$build/src/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for impl in openmpi mpich; do
	tool=$build/tools/mpi/.libs/libpapi_mpi_$impl.so
	if [ ! -f "$tool" ] || ! command -v "mpicc.$impl" >/dev/null; then
		echo "$impl: not built, skipped"
		continue
	fi
	"mpicc.$impl" -O2 -std=gnu11 -o "$scratch/cost_$impl" "$src/mpi_wrapper_cost.c"
	for preload in "" "$tool"; do
		if [ -n "$preload" ]; then
			echo "== $impl, the tool preloaded"
		else
			echo "== $impl, no tool"
		fi
		(cd "$scratch" && PAPI_OUTPUT_DIRECTORY=$scratch LD_PRELOAD=$preload \
			"$scratch/cost_$impl")
	done
done
