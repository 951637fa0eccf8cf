#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks a high-level report against the workload's own measurement.

  check_report.py RANK_FILE EXPECTATIONS_JSON [--events E1,E2,...]

RANK_FILE is a rank_XXXXXX.json the library wrote; EXPECTATIONS_JSON is
what tests/hl/hl_workload printed. Checks PAPI 7.0's layout (doc/hl.md: key
order, strings of digits, region ids and parents) and the numbers:
perf::PAGE-FAULTS (a delta) equal to the faults the kernel counted for the
thread over the region's body (getrusage; at each PAPI_hl_read too),
exactly, in every build: whatever the kernel's fault-around, huge pages or
allocator state, or a sanitizer's shadow memory add, both measures see it;
the workload's fresh pages each brought in by one fault of its own and
among those counted; perf::TASK-CLOCK and real_time_nsec between the CPU
time the workload spun and the time measured around the region (for the
task clock, the thread's CPU time plus the machine's interrupt and steal
time, which the task clock counts and the thread's CPU clock does not).
Prints one line per failure and exits 1 if any."""
import json
import re
import sys
from collections import OrderedDict

failures = []


def fail(message):
    failures.append(message)
    print("failed: " + message)


def number(value, where):
    """The integer of a count string (or of region_value)."""
    if isinstance(value, dict):
        value = value.get("region_value")
    if not isinstance(value, str) or not re.fullmatch(r"-?[0-9]+", value):
        fail(f"{where}: {value!r} is not a string of digits")
        return 0
    return int(value)


def check_layout(report):
    keys = list(report.keys())
    want = ["papi_version", "cpu_info", "max_cpu_rate_mhz", "min_cpu_rate_mhz",
            "event_definitions", "threads"]
    if keys != want:
        fail(f"top-level keys {keys}, expected {want}")
    if report.get("papi_version") != "7.2.0.0":
        fail(f"papi_version {report.get('papi_version')!r}")
    events = list(report.get("event_definitions", {}).keys())
    for name, definition in report.get("event_definitions", {}).items():
        if list(definition.keys()) != ["component", "type"] or \
                definition["type"] not in ("delta", "instant"):
            fail(f"event_definitions[{name}] = {definition}")
    threads = report.get("threads", {})
    if list(threads.keys()) != [str(i) for i in range(len(threads))]:
        fail(f"thread keys {list(threads.keys())} are not 0..n-1")
    for tkey, thread in threads.items():
        if list(thread.keys()) != ["regions"]:
            fail(f"thread {tkey} keys {list(thread.keys())}")
        ids = [int(k) for k in thread["regions"].keys()]
        if ids != sorted(ids):
            fail(f"thread {tkey}: region ids {ids} not increasing")
        for rkey, region in thread["regions"].items():
            rkeys = list(region.keys())
            want = ["name", "parent_region_id", "cycles", "real_time_nsec"] + events
            if rkeys != want:
                fail(f"thread {tkey} region {rkey}: keys {rkeys}, expected {want}")
            parent = number(region["parent_region_id"], f"region {rkey} parent")
            if parent != -1 and (str(parent) not in thread["regions"] or parent >= int(rkey)):
                fail(f"thread {tkey} region {rkey}: parent {parent} is not an earlier region")
            for key in rkeys[2:]:
                value = region[key]
                if isinstance(value, dict):
                    vkeys = list(value.keys())
                    reads = [f"read_{i}" for i in range(1, len(vkeys))]
                    if vkeys != ["region_value"] + reads:
                        fail(f"region {rkey} {key}: keys {vkeys}")
                    for k in vkeys:
                        number(value[k], f"region {rkey} {key} {k}")
                else:
                    number(value, f"region {rkey} {key}")
            if number(region["cycles"], "cycles") <= 0:
                fail(f"thread {tkey} region {rkey}: cycles not positive")
    return events


def check_faults(region, e, where, counted):
    """The region's page faults against the workload's own measures."""
    if e["touched"] != e["pages"]:
        fail(f"{where}: of its {e['pages']} fresh pages the workload brought in {e['touched']} "
             f"by a fault of their own (a page present before its touch: huge pages?)")
    if e["faults"] < e["touched"]:
        fail(f"{where}: getrusage counted {e['faults']} faults over the body, which brought in "
             f"{e['touched']} pages")
    if not counted:
        return
    got = number(region["perf::PAGE-FAULTS"], where)
    if got != e["faults"]:
        fail(f"{where}: perf::PAGE-FAULTS {got}, the thread's getrusage counted {e['faults']} "
             f"faults over the region's body ({e['touched']} fresh pages touched)")
    value = region["perf::PAGE-FAULTS"]
    reads = [number(value[k], where) for k in list(value)[1:]] if isinstance(value, dict) else []
    if reads != e["read_faults"]:
        fail(f"{where}: perf::PAGE-FAULTS at the reads {reads}, getrusage counted "
             f"{e['read_faults']}")


def check_numbers(report, expectations):
    events = report["event_definitions"]
    seen = {}
    for e in expectations["regions"]:
        thread = report["threads"].get(str(e["thread"]))
        if thread is None:
            fail(f"no thread {e['thread']} for region {e['name']}")
            continue
        key = (e["thread"], e["name"])
        index = seen.get(key, 0)
        seen[key] = index + 1
        instances = [(k, r) for k, r in thread["regions"].items() if r["name"] == e["name"]]
        if index >= len(instances):
            fail(f"thread {e['thread']}: instance {index} of {e['name']} missing")
            continue
        region = instances[index][1]
        where = f"thread {e['thread']} {e['name']}#{index}"
        check_faults(region, e, where, "perf::PAGE-FAULTS" in events and
                     events["perf::PAGE-FAULTS"]["type"] == "delta")
        floor = 0.8 * e["spin_ns"]
        if "perf::TASK-CLOCK" in events:
            got = number(region["perf::TASK-CLOCK"], where)
            ceiling = e["cpu_ceiling_ns"]
            if not floor <= got <= ceiling:
                fail(f"{where}: perf::TASK-CLOCK {got} not in [{floor:.0f}, {ceiling:.0f}] "
                     f"(thread CPU time around the region: {e['cpu_ns']}, "
                     f"with the machine's interrupt and steal time: {e['cpu_ceiling_ns']})")
        got = number(region["real_time_nsec"], where)
        if not floor <= got <= e["wall_ns"]:
            fail(f"{where}: real_time_nsec {got} not in [{floor:.0f}, {e['wall_ns']}]")
    for (thread, name), count in seen.items():
        have = [r for r in report["threads"][str(thread)]["regions"].values() if r["name"] == name]
        if len(have) != count:
            fail(f"thread {thread}: {len(have)} instances of {name}, the workload made {count}")


def main():
    with open(sys.argv[1]) as f:
        text = f.read()
    report = json.loads(text, object_pairs_hook=OrderedDict)
    with open(sys.argv[2]) as f:
        expectations = json.load(f)
    events = check_layout(report)
    options = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    if "--events" in options:
        want = options["--events"].split(",")
        if events != want:
            fail(f"events {events}, expected {want}")
    check_numbers(report, expectations)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
