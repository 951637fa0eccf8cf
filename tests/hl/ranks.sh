#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# MPI awareness without MPI: N processes started with a launcher's rank
# variables write rank_XXXXXX.json each into one directory, and the last to
# finish writes papi_hl_aggregate.json, which must equal what the rank files
# say (min, max, mean, sum, min_rank, max_rank, per region and value) and
# what the ranks did (rank r touched 4 (r + 1) fresh pages; its page faults
# in "compute" are exactly those its getrusage counted over the body).
# shellcheck source=tests/hl/common.sh
. "${srcdir:-.}/hl/common.sh"
export PAPI_EVENTS=perf::TASK-CLOCK,perf::PAGE-FAULTS
unset PAPI_HL_VERBOSE PAPI_REPORT

# launch DIR SIZE RANK_VARIABLE SIZE_VARIABLE: SIZE ranks at once.
launch() {
	dir=$1 size=$2 rank_var=$3 size_var=$4
	mkdir -p "$dir"
	rank=0
	pids=
	while [ "$rank" -lt "$size" ]; do
		env "$rank_var=$rank" "$size_var=$size" PAPI_OUTPUT_DIRECTORY="$dir" \
			"$workload" rank $((4 * (rank + 1))) >"$dir/expected.$rank.json" 2>&1 &
		pids="$pids $!"
		rank=$((rank + 1))
	done
	for pid in $pids; do
		wait "$pid" || fail "a rank of $dir failed"
	done
}

# check_aggregate DIR SIZE: 0 when the aggregate holds, else 1.
check_aggregate() {
	python3 - "$1" "$2" <<'PY'
import json, os, sys
base, size = sys.argv[1], int(sys.argv[2])
out = os.path.join(base, "papi_hl_output")
names = sorted(f for f in os.listdir(out) if f.startswith("rank_"))
want = [f"rank_{r:06d}.json" for r in range(size)]
assert names == want, names
agg = json.load(open(os.path.join(out, "papi_hl_aggregate.json")))
assert agg["size"] == size and agg["ranks"] == list(range(size)), agg["ranks"]
assert agg["rank_files"] == want
assert agg["events"] == ["cycles", "real_time_nsec", "perf::TASK-CLOCK", "perf::PAGE-FAULTS"], agg["events"]
# Per rank, per value: the sum over threads and instances of region_value.
per_rank = {}
for r in range(size):
    rep = json.load(open(os.path.join(out, want[r])))
    for t in rep["threads"].values():
        for reg in t["regions"].values():
            d = per_rank.setdefault(reg["name"], {}).setdefault(r, {"count": 0})
            d["count"] += 1
            for k in agg["events"]:
                v = reg[k]
                v = int(v["region_value"] if isinstance(v, dict) else v)
                d[k] = d.get(k, 0) + v
assert list(agg["regions"]) == list(per_rank), (list(agg["regions"]), list(per_rank))
def stats(values):
    lo = min(values.values()); hi = max(values.values())
    return {"min": lo, "max": hi, "mean": round(sum(values.values()) / len(values), 3),
            "sum": sum(values.values()),
            "min_rank": min(r for r, v in values.items() if v == lo),
            "max_rank": min(r for r, v in values.items() if v == hi)}
for name, ranks in per_rank.items():
    a = agg["regions"][name]
    assert a["ranks"] == len(ranks) and a["threads"] == len(ranks), a
    got = dict(a["region_count"]); got["mean"] = round(got["mean"], 3)
    assert got == stats({r: d["count"] for r, d in ranks.items()}), (name, got)
    for k in agg["events"]:
        got = dict(a["events"][k]); got["mean"] = round(got["mean"], 3)
        assert got == stats({r: d[k] for r, d in ranks.items()}), (name, k, got)
# What the ranks did: rank r brought in its 4 (r + 1) fresh pages in
# "compute", and its perf::PAGE-FAULTS there are the faults its thread's
# getrusage counted over the region's body (hl_workload.c), so the
# aggregate's are their statistics, exactly, whatever else the kernel faulted.
faults = {}
for r in range(size):
    with open(os.path.join(base, f"expected.{r}.json")) as f:
        lines = [l for l in f if l.startswith('{"scenario"')]
    e = [e for e in json.loads(lines[-1])["regions"] if e["name"] == "compute"][0]
    assert e["pages"] == 4 * (r + 1) and e["touched"] == e["pages"], (r, e)
    faults[r] = e["faults"]
got = agg["regions"]["compute"]["events"]["perf::PAGE-FAULTS"]
got = dict(got); got["mean"] = round(got["mean"], 3)
if got != stats(faults):
    print("page faults in compute:", got, "; the ranks' getrusage:", faults)
    sys.exit(1)
PY
}

# aggregate_case DIR SIZE RANK_VARIABLE SIZE_VARIABLE: the ranks, then their
# aggregate.
aggregate_case() {
	checks=$((checks + 1))
	launch "$1" "$2" "$3" "$4"
	check_aggregate "$1" "$2" || fail "aggregate of $1"
}

aggregate_case "$scratch/ompi4" 4 OMPI_COMM_WORLD_RANK OMPI_COMM_WORLD_SIZE
aggregate_case "$scratch/mpich2" 2 PMI_RANK PMI_SIZE
aggregate_case "$scratch/slurm3" 3 SLURM_PROCID SLURM_NTASKS

# A rank missing (size 3, two ran): no aggregate, the rank files are there.
mkdir -p "$scratch/short"
for rank in 0 1; do
	OMPI_COMM_WORLD_RANK=$rank OMPI_COMM_WORLD_SIZE=3 PAPI_OUTPUT_DIRECTORY=$scratch/short \
		"$workload" rank 1 >/dev/null || fail "rank $rank of short failed"
done
checks=$((checks + 1))
[ ! -e "$scratch/short/papi_hl_output/papi_hl_aggregate.json" ] || fail "an aggregate without all ranks"
[ -f "$scratch/short/papi_hl_output/rank_000001.json" ] || fail "short: no rank file"

verdict
