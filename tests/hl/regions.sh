#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The high-level report of each workload scenario: PAPI 7.0's layout, and
# its numbers against the workload's own measurement (page faults equal to
# the thread's getrusage over each region's body, CPU and wall time
# bounded): one region, nesting, repeated regions, reads,
# threads, PAPI_hl_stop, PAPI_shutdown before exit, a region left open, and
# short threads that leave no descriptor behind.
# shellcheck source=tests/hl/common.sh
. "${srcdir:-.}/hl/common.sh"
export PAPI_EVENTS="perf::TASK-CLOCK,perf::PAGE-FAULTS"
events=perf::TASK-CLOCK,perf::PAGE-FAULTS

for scenario in basic nested repeated reads threads stop shutdown open thread_fds; do
	run_workload "$scratch/$scenario" "$scenario" || continue
	check_report "$scratch/$scenario" --events "$events"
done

# Structure the checker does not know per scenario.
checks=$((checks + 1))
python3 - "$scratch" <<'PY' || fail "scenario structure"
import glob, json, sys
base = sys.argv[1]
def report(s):
    return json.load(open(glob.glob(f"{base}/{s}/papi_hl_output/rank_*.json")[0]))
bad = []
# Region 0 of each thread is the workload's "warmup" (hl_workload.c).
r = report("nested")["threads"]["0"]["regions"]
names = [(k, v["name"], v["parent_region_id"]) for k, v in r.items()]
if names != [("0", "warmup", "-1"), ("1", "outer", "-1"), ("2", "inner", "1"), ("3", "inner", "1"),
             ("4", "inner", "1")]:
    bad.append(f"nested: {names}")
outer = int(r["1"]["perf::PAGE-FAULTS"])
if outer < 12:
    bad.append(f"nested: outer has {outer} faults, its inner regions touched 12 pages")
r = report("repeated")["threads"]["0"]["regions"]
if [(k, v["name"], v["parent_region_id"]) for k, v in r.items()] != \
        [("0", "warmup", "-1")] + [(str(i), "loop", "-1") for i in range(1, 6)]:
    bad.append(f"repeated: {list(r.items())[:2]}")
r = report("reads")["threads"]["0"]["regions"]["1"]
faults = r["perf::PAGE-FAULTS"]
if r["name"] != "phases" or list(faults) != ["region_value", "read_1", "read_2", "read_3"]:
    bad.append(f"reads: {r['name']}: page faults {faults}")
for key in ("cycles", "real_time_nsec", "perf::TASK-CLOCK"):
    v = [int(r[key][k]) for k in ("read_1", "read_2", "read_3", "region_value")]
    if v != sorted(v):
        bad.append(f"reads: {key} not increasing: {v}")
t = report("threads")["threads"]
if len(t) != 4:
    bad.append(f"threads: {len(t)} threads")
r = report("open")["threads"]["0"]["regions"]
if [v["name"] for v in r.values()] != ["warmup", "closed"]:
    bad.append(f"open: {[v['name'] for v in r.values()]}")
for b in bad:
    print("failed: " + b)
sys.exit(1 if bad else 0)
PY
verdict
