# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# Turning a guest's console log into results. Requires lib/common.sh.
#
# Results files hold one line per test: "STATUS NAME CODE REASON...", with
# STATUS one of PASSED, SKIPPED, FAILED. A test that passed with skipped
# cases ('SKIPPED case "CASE": REASON' lines: CUnit cases that unit_skip made
# inactive, see tests/unit/unit_assert.h, and ctest_skip_case's in the
# ctests) adds a SKIPPED NAME/CASE line for each, as scripts/test's check
# part does; lab/expectations.txt must allow each one (its case lines).

# The expectations of lab/expectations.txt: pass rules (name globs),
# exceptions to them and allowed case skips (both
# "CONF-GLOB<TAB>NAME-GLOB<TAB>ERE<TAB>REASON").
EXPECT_PASS=()
EXPECT_SKIP=()
EXPECT_CASE=()

# expect_load: read lab/expectations.txt (once); dies on a malformed line,
# on an exception for a test no pass rule covers (it would allow nothing)
# and on a case line whose name has no case part.
expect_load() {
	local file=$LAB_DIR/expectations.txt line kind conf name ere why n=0 g ok
	[ ${#EXPECT_PASS[@]} -eq 0 ] || return 0
	while IFS= read -r line; do
		n=$((n + 1))
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		read -r kind conf name _ <<<"$line"
		case $kind in
		pass) EXPECT_PASS+=("$conf") ;;
		skip | case)
			# "KIND CONF NAME | ERE | REASON": fields split at " | ", so
			# an ERE may use | without blanks around it.
			[[ $line =~ ^${kind}[[:space:]]+[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+\|[[:space:]](.+)[[:space:]]\|[[:space:]](.+)$ ]] ||
				die "$file:$n: not '$kind CONF NAME | ERE | REASON'"
			ere=${BASH_REMATCH[1]} why=${BASH_REMATCH[2]}
			if [ "$kind" = case ]; then
				# DIR/PROGRAM/CASE: a case of one test (or of a glob's).
				[[ $name == */*/* ]] || die "$file:$n: a case line names DIR/PROGRAM/CASE, not $name"
				EXPECT_CASE+=("$conf"$'\t'"$name"$'\t'"$ere"$'\t'"$why")
				continue
			fi
			ok=0
			for g in "${EXPECT_PASS[@]}"; do
				# shellcheck disable=SC2053 # both are globs: does one cover the other?
				[[ $name == $g ]] && ok=1
			done
			[ "$ok" = 1 ] || die "$file:$n: no pass rule above covers $name"
			EXPECT_SKIP+=("$conf"$'\t'"$name"$'\t'"$ere"$'\t'"$why")
			;;
		*) die "$file:$n: a line starts with pass, skip or case" ;;
		esac
	done <"$file"
	[ ${#EXPECT_PASS[@]} -gt 0 ] || die "$file: no pass rule"
}

# expect_must_pass NAME: true if a pass rule covers NAME.
expect_must_pass() {
	local g
	for g in "${EXPECT_PASS[@]}"; do
		# shellcheck disable=SC2053 # the rule is a glob
		[[ $1 == $g ]] && return 0
	done
	return 1
}

# expect_exceptions CONF NAME [case]: print "ERE<TAB>REASON" of every
# exception (with "case": every case line) for NAME in CONF, in the file's
# order (a general line, e.g. every hw_* test of x86_64, and a particular
# one may both apply); false if none.
expect_exceptions() {
	local e conf name rest found=1 rules=("${EXPECT_SKIP[@]}")
	[ "${3:-}" != case ] || rules=("${EXPECT_CASE[@]}")
	for e in "${rules[@]}"; do
		IFS=$'\t' read -r conf name rest <<<"$e"
		# shellcheck disable=SC2053 # globs
		if [[ $1 == $conf && $2 == $name ]]; then
			printf '%s\n' "$rest"
			found=0
		fi
	done
	return $found
}

# expect_allowed WHY EXCEPTIONS: true if one of the EXCEPTIONS (lines
# "ERE<TAB>REASON") has an ERE that matches the skip message WHY, with
# ALLOWED set to the first such line's REASON; else false, with REFUSED set
# to the exceptions tried ("/ERE/: REASON; ...").
expect_allowed() {
	local ex ere reason
	ALLOWED='' REFUSED=''
	while IFS= read -r ex; do
		[ -n "$ex" ] || continue
		ere=${ex%%$'\t'*} reason=${ex#*$'\t'}
		if printf '%s\n' "$1" | grep -Eq -- "$ere"; then
			ALLOWED=$reason
			return 0
		fi
		REFUSED="$REFUSED${REFUSED:+; }/$ere/: $reason"
	done <<<"$2"
	return 1
}

# results_expect SUITE_DIR: hold SUITE_DIR/results to lab/expectations.txt:
# the skip of a test that must pass is a failure, unless an exception for
# this configuration allows it and the skip's message matches the
# exception's; an allowed skip shows the listed reason. A skipped case
# (NAME/CASE, NAME a test of SUITE_DIR/expected) is a failure unless a case
# line allows it here with a matching message, whatever NAME's pass rule.
results_expect() {
	local dir=$1 conf st name code why out exceptions ALLOWED REFUSED
	local -A tests=()
	conf=$(cat "$dir/conf")
	expect_load
	while read -r name; do
		[ -z "$name" ] || tests[$name]=1
	done <"$dir/expected"
	out=$(mktemp)
	while read -r st name code why; do
		if [ "$st" = SKIPPED ] && [ -z "${tests[$name]:-}" ] && [ -n "${tests[${name%/*}]:-}" ]; then
			if ! exceptions=$(expect_exceptions "$conf" "$name" case); then
				st=FAILED why="a skipped case no case line of lab/expectations.txt allows here: $why"
			elif expect_allowed "$why" "$exceptions"; then
				why="$why; allowed here: $ALLOWED"
			else
				st=FAILED why="a skipped case, not as lab/expectations.txt allows it here ($REFUSED): $why"
			fi
		elif [ "$st" = SKIPPED ] && expect_must_pass "$name"; then
			if ! exceptions=$(expect_exceptions "$conf" "$name"); then
				st=FAILED why="expected to pass here (lab/expectations.txt), skipped: $why"
			elif expect_allowed "$why" "$exceptions"; then
				# Allowed by any of the lines that apply.
				why="$why; allowed here: $ALLOWED"
			else
				st=FAILED why="skipped, not as lab/expectations.txt allows it here ($REFUSED): $why"
			fi
		fi
		echo "$st $name $code${why:+ $why}"
	done <"$dir/results" >"$out"
	mv "$out" "$dir/results"
}

# results_parse SUITE_DIR LOG BOOT_OK: write SUITE_DIR/results from the
# console LOG (results_collect) and hold them to lab/expectations.txt
# (results_expect).
results_parse() {
	results_collect "$@"
	results_expect "$1"
}

# results_collect SUITE_DIR LOG BOOT_OK: write SUITE_DIR/results from the
# console LOG, as the guest gave them. Every test of SUITE_DIR/expected must
# have its LAB-RESULT line: a missing one is a failure (the guest hung,
# crashed or stopped before it). BOOT_OK=0 adds a failed "boot" entry.
results_collect() {
	local dir=$1 log=$2 boot_ok=$3
	{
		cat "$dir/host-results"
		tr -d '\r' <"$log" | awk -v expected="$dir/expected" '
			BEGIN { while ((getline n < expected) > 0) order[++k] = n }
			/^LAB-TEST / { cur = $2; next }
			/^LAB-RESULT / {
				r = ""
				for (i = 5; i <= NF; i++) r = r " " $i
				st[$2] = $3; code[$2] = $4; why[$2] = r
				cur = ""
				next
			}
			# A skipped case of a test that passes: a result of its own.
			cur != "" && /^SKIPPED case / {
				c = substr($0, 15)
				p = index(c, "\": ")
				cname = p ? substr(c, 1, p - 1) : c
				# One word, and no slash: NAME/CASE stays two parts.
				gsub(/[ \t\/]/, "_", cname)
				cases[cur] = cases[cur] "SKIPPED " cur "/" cname " - " (p ? substr(c, p + 3) : "no reason given") "\n"
			}
			END {
				for (i = 1; i <= k; i++) {
					n = order[i]
					if (n in st) {
						print st[n], n, code[n] why[n]
						if (st[n] == "PASSED") printf "%s", cases[n]
					} else print "FAILED", n, "-", "no result: the guest stopped before this test ended"
				}
			}'
		[ "$boot_ok" = 1 ] || echo "FAILED boot - the guest hung, crashed or stopped early (see the console log)"
	} >"$dir/results"
}

# results_output LOG NAME: the console lines a test printed. (awk reads to
# the end: exiting early would kill tr with SIGPIPE, fatal under pipefail.)
results_output() {
	tr -d '\r' <"$1" | awk -v n="$2" '
		$0 == "LAB-TEST " n { on = 1; next }
		on && index($0, "LAB-RESULT " n " ") == 1 { on = 0 }
		on { print }'
}

# results_count FILE STATUS: how many results have STATUS.
results_count() { awk -v s="$2" '$1 == s { c++ } END { print c + 0 }' "$1"; }

# results_show SUITE_DIR CONF LOG: print one line per test, and the output
# of the tests worth reading in a CI log: failures (to see why), the lab's
# own tests and the hardware ctests (they print the exact counts), and the
# riscv component's ctests (they name the component's mode: perf-managed,
# legacy, kernel module).
# PAPILLON_LAB_VERBOSE=1 prints every test's output.
results_show() {
	local dir=$1 conf=$2 log=$3 st name code why
	while read -r st name code why; do
		[ "$st" != FAILED ] || [ "$code" = - ] || why="status $code${why:+, $why}"
		printf '%-8s %s %s%s\n' "$st" "$conf" "$name" "${why:+  ($why)}"
		case "$st:$name" in
		FAILED:boot) tr -d '\r' <"$log" | tail -n 15 | sed 's/^/    | /' ;;
		FAILED:* | *:lab/* | *:ctests/hw_* | *:ctests/riscv_csr*) results_output "$log" "$name" | sed 's/^/    | /' ;;
		*) if [ "${PAPILLON_LAB_VERBOSE:-0}" = 1 ]; then results_output "$log" "$name" | sed 's/^/    | /'; fi ;;
		esac
	done <"$dir/results"
}

# results_slowest TIMES [N]: the N (default 3) tests that took longest in
# lab/boot's TIMES file, as "NAME Ns, ..." (empty without the file).
results_slowest() {
	[ -s "$1" ] || return 0
	sort -rn "$1" | head -n "${2:-3}" | awk '{ printf "%s%s %d s", (NR > 1 ? ", " : ""), $2, $1 }'
}
