# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# The host's guard on skips and on how many tests each part runs (issue
# 27), as lab/expectations.txt is the guests': every SKIPPED result of a
# part must be one that tests/expected-skips.txt allows on this machine,
# with a reason its ERE matches, and each part must run (pass or fail) at
# least the tests that tests/part-floors.txt records for this kind of
# machine. Anything else is a failure: a skip that spreads, or a part that
# shrinks, must not stay green. Requires scripts/lib/common.sh.
#
# The matching is the lab's (lab/lib/results.sh, sourced read-only): rules
# are held in its EXPECT_SKIP table (with "host" for the configuration),
# expect_exceptions finds those whose name glob covers a result, and a
# reason is allowed by the first of them whose ERE (grep -E) matches it.

# shellcheck source=lab/lib/results.sh
. "$PAPILLON_SRC_DIR/lab/lib/results.sh"

SKIPS_FILE=${PAPILLON_EXPECTED_SKIPS:-$PAPILLON_SRC_DIR/tests/expected-skips.txt}
FLOORS_FILE=${PAPILLON_PART_FLOORS:-$PAPILLON_SRC_DIR/tests/part-floors.txt}

# --- the facts of this machine ----------------------------------------------

# skips_machine_facts: the facts that hold here, one word each (the words a
# condition names; every other fact is false):
#   root             uid 0 (the setup step installs every tool the parts use)
#   ci               CI=true
#   arch=MACHINE     uname -m (x86_64, aarch64, ppc64le, riscv64...)
#   cpu-pmu          the kernel has a CPU PMU: sysfs's event sources include
#                    cpu, cpu_core, cpu_atom (x86, POWER, RISC-V's SBI PMU)
#                    or armv* (arm64's PMUv3, arm's)
#   overlay          unshare and the overlay filesystem (the deb part's
#                    throw-away install)
#   perfctr          /dev/perfctr: the perfctr module is loaded (the lab's
#                    x86_64 guest loads it; the host does not build it)
#   icount           PAPILLON_LAB_ICOUNT_SHIFT=0: a QEMU -icount shift=0
#                    guest, where the clock counts instructions (the lab)
#   lab-off          PAPILLON_SKIP_LAB is set
#   lab-confs        PAPILLON_LAB_CONFS is set (fewer lab guests)
# PAPILLON_SKIP_FACTS, when set, is the list instead (the self-test's
# made-up machines).
skips_machine_facts() {
	if [ -n "${PAPILLON_SKIP_FACTS+set}" ]; then
		printf '%s\n' "$PAPILLON_SKIP_FACTS"
		return 0
	fi
	local facts=() d
	! is_root || facts+=(root)
	[ "${CI:-}" != true ] || facts+=(ci)
	facts+=("arch=$(uname -m)")
	for d in /sys/bus/event_source/devices/*; do
		case ${d##*/} in
		cpu | cpu_core | cpu_atom | armv*)
			facts+=(cpu-pmu)
			break
			;;
		esac
	done
	if command -v unshare >/dev/null && grep -qw overlay /proc/filesystems 2>/dev/null; then
		facts+=(overlay)
	fi
	[ ! -e /dev/perfctr ] || facts+=(perfctr)
	[ "${PAPILLON_LAB_ICOUNT_SHIFT:-}" != 0 ] || facts+=(icount)
	[ -z "${PAPILLON_SKIP_LAB:-}" ] || facts+=(lab-off)
	[ -z "${PAPILLON_LAB_CONFS+set}" ] || facts+=(lab-confs)
	printf '%s\n' "${facts[*]}"
}

SKIPS_FACTS=''

# skips_condition COND: true if the condition holds: terms joined by
# commas, all of which must hold; a term is a fact or !fact (not it);
# "always" holds everywhere.
skips_condition() {
	local term terms
	[ -n "$SKIPS_FACTS" ] || SKIPS_FACTS=" $(skips_machine_facts) "
	IFS=, read -r -a terms <<<"$1"
	for term in "${terms[@]}"; do
		# A misspelt fact would never hold, and its negation always would.
		case ${term#!} in
		always | root | ci | arch=?* | cpu-pmu | overlay | perfctr | icount | lab-off | lab-confs) ;;
		*) die "condition '$1': '${term#!}' is not a fact skips_machine_facts knows" ;;
		esac
		case $term in
		always) ;;
		!*) [[ $SKIPS_FACTS != *" ${term#!} "* ]] || return 1 ;;
		*) [[ $SKIPS_FACTS == *" $term "* ]] || return 1 ;;
		esac
	done
}

# --- the list of expected skips ---------------------------------------------

# The rules whose condition does not hold here ("NAME-GLOB<TAB>CONDITION<TAB>
# REASON"), to say why a listed skip is refused.
SKIPS_UNMET=()
SKIPS_LOADED=0

# skips_load: read tests/expected-skips.txt (once): the rules whose
# condition holds go to the lab's table, as configuration "host"; dies on a
# malformed line (its fields are split at " | " as the lab's are).
skips_load() {
	local line n=0 cond name ere why re
	[ "$SKIPS_LOADED" = 0 ] || return 0
	[ -n "$SKIPS_FACTS" ] || SKIPS_FACTS=" $(skips_machine_facts) "
	re='^skip[[:space:]]+([^[:space:]]+)[[:space:]]+([^[:space:]]+)[[:space:]]+\|[[:space:]](.+)[[:space:]]\|[[:space:]](.+)$'
	while IFS= read -r line; do
		n=$((n + 1))
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		[[ $line =~ $re ]] || die "$SKIPS_FILE:$n: not 'skip CONDITION NAME | ERE | REASON'"
		cond=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]} ere=${BASH_REMATCH[3]} why=${BASH_REMATCH[4]}
		if skips_condition "$cond"; then
			EXPECT_SKIP+=("host"$'\t'"$name"$'\t'"$ere"$'\t'"$why")
		else
			SKIPS_UNMET+=("$name"$'\t'"$cond"$'\t'"$why")
		fi
	done <"$SKIPS_FILE"
	SKIPS_LOADED=1
}

# skips_verdict NAME REASON: true if the list allows NAME to skip here with
# REASON. Sets SKIPS_WHY: the listed reason when allowed, else why not.
# The sanitizer part's results (asan/NAME) are a second run of the same
# tests: the rules of NAME apply to them too.
skips_verdict() {
	local name=$1 reason=$2 allowing='' more ex ere listed refused='' r g c w unmet=''
	skips_load
	allowing=$(expect_exceptions host "$name" || true)
	if [[ $name == asan/* ]] && more=$(expect_exceptions host "${name#asan/}"); then
		allowing+="${allowing:+$'\n'}$more"
	fi
	if [ -n "$allowing" ]; then
		while IFS= read -r ex; do
			ere=${ex%%$'\t'*} listed=${ex#*$'\t'}
			if printf '%s\n' "$reason" | grep -Eq -- "$ere"; then
				SKIPS_WHY=$listed
				return 0
			fi
			refused+="${refused:+; }/$ere/: $listed"
		done <<<"$allowing"
		SKIPS_WHY="the reason matches none of the rules for it here ($refused)"
		return 1
	fi
	for r in "${SKIPS_UNMET[@]}"; do
		IFS=$'\t' read -r g c w <<<"$r"
		# shellcheck disable=SC2053 # the rule's name is a glob
		if [[ $name == $g || ($name == asan/* && ${name#asan/} == $g) ]]; then
			unmet+="${unmet:+; }$c ($w)"
		fi
	done
	if [ -n "$unmet" ]; then
		SKIPS_WHY="listed only where $unmet, which does not hold here (facts:$SKIPS_FACTS)"
	else
		SKIPS_WHY="not in tests/expected-skips.txt"
	fi
	return 1
}

# skips_result_lines LOG: the SKIPPED results of a part's log (result_line's
# lines, colours stripped), "NAME<TAB>REASON" each. The lab's own lines
# (lab/check's, without the indent) are lab/expectations.txt's to judge.
skips_result_lines() {
	sed 's/\x1b\[[0-9;]*m//g' "$1" | sed -nE 's/^  SKIPPED  (.*)$/\1/p' |
		while IFS= read -r line; do
			# The name is words with single blanks between them; its
			# reason follows two blanks, in parentheses.
			if [[ $line =~ ^([^[:space:]]+(\ [^[:space:]]+)*)\ \ \((.*)\)$ ]]; then
				printf '%s\t%s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}"
			else
				printf '%s\t\n' "${line%"${line##*[![:space:]]}"}"
			fi
		done
}

# --- the floors ---------------------------------------------------------------

# skips_floor PART: set SKIPS_FLOOR to the floor of PART here, the largest
# N of the lines "PART CONDITION N" of tests/part-floors.txt whose
# condition holds (empty if none does), and SKIPS_FLOOR_COND to that
# line's condition.
skips_floor() {
	local part cond n line ln=0
	SKIPS_FLOOR='' SKIPS_FLOOR_COND=''
	while IFS= read -r line; do
		ln=$((ln + 1))
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		read -r part cond n _ <<<"$line"
		[[ $n =~ ^[0-9]+$ ]] || die "$FLOORS_FILE:$ln: not 'PART CONDITION N'"
		[ "$part" = "$1" ] || continue
		skips_condition "$cond" || continue
		if [ -z "$SKIPS_FLOOR" ] || [ "$n" -gt "$SKIPS_FLOOR" ]; then
			SKIPS_FLOOR=$n SKIPS_FLOOR_COND=$cond
		fi
	done <"$FLOORS_FILE"
}

# --- the check of one part ------------------------------------------------------

# skips_check_part PART LOG PASSED FAILED SKIPPED [RAN]: print a FAILED
# result for each skip in LOG the list does not allow here ("unexpected
# skip: ..."), one for skips the part counted without a SKIPPED result line
# (nothing could judge them; the lab part's lines are lab/check's, judged by
# lab/expectations.txt), and one if the part ran fewer tests (passed +
# failed) than its floor; RAN=0: a part that did not run (its own skip is
# judged, it has no floor). Sets SKIPS_UNEXPECTED (skips turned into
# failures) and SKIPS_SHORT (a floor's failure: 0 or 1).
# shellcheck disable=SC2034 # SKIPS_SHORT is the caller's
skips_check_part() {
	local part=$1 log=$2 ran=$(($3 + $4)) counted=$5 runs=${6:-1} name reason seen=0
	SKIPS_UNEXPECTED=0 SKIPS_SHORT=0
	skips_load
	while IFS=$'\t' read -r name reason; do
		[ -n "$name" ] || continue
		seen=$((seen + 1))
		skips_verdict "$name" "$reason" && continue
		result_line FAILED "$name" "unexpected skip: ${reason:-no reason given}; $SKIPS_WHY"
		SKIPS_UNEXPECTED=$((SKIPS_UNEXPECTED + 1))
	done < <(skips_result_lines "$log")
	if [ "$part" != lab ] && [ "$counted" -gt "$seen" ]; then
		result_line FAILED "part $part" "unexpected skip: it counted $counted skips, $((counted - seen)) of them without a SKIPPED result line that tests/expected-skips.txt could judge"
		SKIPS_UNEXPECTED=$((SKIPS_UNEXPECTED + counted - seen))
	fi
	[ "$runs" = 1 ] || return 0
	skips_floor "$part"
	if [ -n "$SKIPS_FLOOR" ] && [ "$ran" -lt "$SKIPS_FLOOR" ]; then
		result_line FAILED "part $part" "part $part ran $ran tests, floor $SKIPS_FLOOR (tests/part-floors.txt, where $SKIPS_FLOOR_COND)"
		SKIPS_SHORT=1
	fi
}

# skips_guard PART LOGS PASSED FAILED SKIPPED: the driver's hook
# (scripts/test), after each part: skips_check_part on LOGS/part-PART.log,
# its lines shown and added to that log. A part that did not run
# (part_skipped) or whose tests another part counts has no floor. The
# caller moves SKIPS_UNEXPECTED from its skips to its failures and adds
# SKIPS_SHORT.
skips_guard() {
	local part=$1 logs=$2 out=$2/part-$1.guard runs=1
	[ ! -f "$logs/part-$part.skipped" ] && [ ! -f "$logs/part-$part.elsewhere" ] || runs=0
	skips_check_part "$part" "$logs/part-$part.log" "$3" "$4" "$5" "$runs" >"$out"
	cat "$out"
	cat "$out" >>"$logs/part-$part.log"
}
