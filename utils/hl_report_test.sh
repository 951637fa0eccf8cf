#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# papi_hl_report on a made-up papi_hl_output directory (two ranks, two
# threads, a region entered three times, a PAPI_hl_read value object, an
# instant event, a name with a comma): the table, CSV, JSON and SVG carry
# the exact statistics, --check accepts the true aggregate and rejects an
# altered one, bad input fails with status 1 and the line of the fault.
# Run by make check from the build's utils directory; needs no counters.

failures=0
checks=0
dir=$(mktemp -d) || exit 99
trap 'rm -rf "$dir"' EXIT
out=$dir/papi_hl_output
mkdir "$out"

cat >"$out/rank_000000.json" <<'JSON'
{"papi_version":"7.0.0.0",
 "event_definitions":{"perf::TASK-CLOCK":{"component":"perf_event","type":"delta"},
                      "temp":{"component":"sensors","type":"instant"}},
 "threads":{
  "0":{"regions":{
   "0":{"name":"main, loop","parent_region_id":"-1","cycles":"1000","real_time_nsec":"500","perf::TASK-CLOCK":"400","temp":"30"},
   "1":{"name":"inner","parent_region_id":"0","cycles":"100","real_time_nsec":"50",
        "perf::TASK-CLOCK":{"region_value":"40","read_1":"20"},"temp":"35"},
   "2":{"name":"inner","parent_region_id":"0","cycles":"200","real_time_nsec":"60","perf::TASK-CLOCK":"45","temp":"33"}}},
  "1":{"regions":{
   "0":{"name":"inner","parent_region_id":"-1","cycles":"300","real_time_nsec":"70","perf::TASK-CLOCK":"65","temp":"31"}}}}}
JSON
cat >"$out/rank_000001.json" <<'JSON'
{"papi_version":"7.0.0.0",
 "event_definitions":{"perf::TASK-CLOCK":{"component":"perf_event","type":"delta"},
                      "temp":{"component":"sensors","type":"instant"}},
 "threads":{"0":{"regions":{
   "0":{"name":"main, loop","parent_region_id":"-1","cycles":"3000","real_time_nsec":"900","perf::TASK-CLOCK":"800","temp":"28"},
   "1":{"name":"inner","parent_region_id":"0","cycles":"50","real_time_nsec":"20","perf::TASK-CLOCK":"10","temp":"40"}}}}}
JSON
# What the high-level API's aggregate says of these two files (doc/hl.md).
cat >"$out/papi_hl_aggregate.json" <<'JSON'
{"papillon_aggregate_version":1,"papi_version":"7.0.0.0","size":2,"ranks":[0,1],
 "rank_files":["rank_000000.json","rank_000001.json"],
 "events":["cycles","real_time_nsec","perf::TASK-CLOCK","temp"],
 "regions":{
  "main, loop":{"ranks":2,"threads":2,
   "region_count":{"min":1,"max":1,"mean":1.0,"sum":2,"min_rank":0,"max_rank":0},
   "events":{
    "cycles":{"min":1000,"max":3000,"mean":2000.0,"sum":4000,"min_rank":0,"max_rank":1},
    "real_time_nsec":{"min":500,"max":900,"mean":700.0,"sum":1400,"min_rank":0,"max_rank":1},
    "perf::TASK-CLOCK":{"min":400,"max":800,"mean":600.0,"sum":1200,"min_rank":0,"max_rank":1},
    "temp":{"min":28,"max":30,"mean":29.0,"sum":58,"min_rank":1,"max_rank":0}}},
  "inner":{"ranks":2,"threads":3,
   "region_count":{"min":1,"max":3,"mean":2.0,"sum":4,"min_rank":1,"max_rank":0},
   "events":{
    "cycles":{"min":50,"max":600,"mean":325.0,"sum":650,"min_rank":1,"max_rank":0},
    "real_time_nsec":{"min":20,"max":180,"mean":100.0,"sum":200,"min_rank":1,"max_rank":0},
    "perf::TASK-CLOCK":{"min":10,"max":150,"mean":80.0,"sum":160,"min_rank":1,"max_rank":0},
    "temp":{"min":35,"max":40,"mean":37.5,"sum":75,"min_rank":0,"max_rank":1}}}}}
JSON

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect STATUS CMD...: CMD exits with STATUS; its output is in $dir/log.
expect() {
	want=$1
	shift
	checks=$((checks + 1))
	"$@" >"$dir/log" 2>&1
	got=$?
	[ "$got" -eq "$want" ] || {
		fail "$* exited $got, not $want"
		sed 's/^/    /' "$dir/log" | head -n 10
	}
}

# has FILE REGEX WHAT: FILE has a line matching the extended REGEX.
has() {
	checks=$((checks + 1))
	grep -Eq -- "$2" "$1" || fail "$3: no line matching '$2' in $(basename "$1")"
}

expect 0 ./papi_hl_report --help
has "$dir/log" '--svg FILE' "help lists --svg"
expect 2 ./papi_hl_report
expect 2 ./papi_hl_report --no-such-option "$out"
expect 1 ./papi_hl_report "$dir/missing"

# The table: inner's TASK-CLOCK sums its three instances on rank 0.
expect 0 ./papi_hl_report "$out"
awk '$1 == "inner" && $2 == "perf::TASK-CLOCK" { print $3, $4, $5, $6, $7, $8, $9 }' "$dir/log" >"$dir/row"
has "$dir/row" '^2 160 10 1 150 0 80$' "table row inner perf::TASK-CLOCK (ranks sum min rank max rank mean)"
has "$dir/log" '^== .*papi_hl_output \(high-level API\): 2 ranks$' "table heading"

expect 0 ./papi_hl_report -q --check --csv "$dir/out.csv" --json "$dir/out.json" --svg "$dir/out.svg" "$out"
has "$dir/log" '^check: 10 aggregate values agree' "--check on the true aggregate"
has "$dir/out.csv" '^source,region,event,statistic,rank,value$' "CSV header"
has "$dir/out.csv" ',"main, loop",real_time_nsec,sum,,1400$' "CSV quotes a name with a comma"
has "$dir/out.csv" ',inner,region_count,value,0,3$' "CSV: rank 0 entered inner three times"
has "$dir/out.csv" ',inner,temp,max,1,40$' "CSV: an instant event keeps the largest instance"
has "$dir/out.csv" ',inner,perf::TASK-CLOCK,mean,,80$' "CSV mean"
has "$dir/out.json" '"name": "inner"' "JSON region"
has "$dir/out.json" '"per_rank": \{"0": 150, "1": 10\}' "JSON per-rank values"
has "$dir/out.svg" '<text [^>]*>inner</text>' "SVG draws the region name"
has "$dir/out.svg" '<text [^>]*>main, loop</text>' "SVG draws the other region name"
if command -v xmllint >/dev/null 2>&1; then
	expect 0 xmllint --noout "$dir/out.svg"
else
	echo 'SKIPPED case "svg-wellformed": xmllint is not installed (apt-get install libxml2-utils)'
fi

# An aggregate that disagrees with the rank files fails the check.
mkdir "$dir/bad"
cp "$out"/rank_*.json "$dir/bad/"
sed 's/"sum":160/"sum":161/' "$out/papi_hl_aggregate.json" >"$dir/bad/papi_hl_aggregate.json"
expect 1 ./papi_hl_report -q --check "$dir/bad"
has "$dir/log" 'inner perf::TASK-CLOCK: aggregate says ranks 2 sum 161' "--check names the wrong value"
expect 1 ./papi_hl_report -q --check "$out/rank_000000.json"
has "$dir/log" 'no aggregate in the input' "--check without an aggregate"

# Malformed input: the line of the fault, status 1.
printf '{"threads": {"0": {"regions": {\n  "0": {"name": "x",, }}}}\n' >"$dir/broken.json"
expect 1 ./papi_hl_report "$dir/broken.json"
has "$dir/log" 'broken.json: line 2, column' "the parse error's position"

if [ "$failures" -eq 0 ]; then
	echo "PASSED: hl_report_test.sh, $checks checks"
	exit 0
fi
echo "FAILED: hl_report_test.sh, $failures of $checks checks failed"
exit 1
