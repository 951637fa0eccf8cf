# shellcheck shell=bash
# Turning a guest's console log into results. Requires lib/common.sh.
#
# Results files hold one line per test: "STATUS NAME CODE REASON...", with
# STATUS one of PASSED, SKIPPED, FAILED.

# results_parse SUITE_DIR LOG BOOT_OK: write SUITE_DIR/results from the
# console LOG. Every test of SUITE_DIR/expected must have its LAB-RESULT
# line: a missing one is a failure (the guest hung, crashed or stopped
# before it). BOOT_OK=0 adds a failed "boot" entry.
results_parse() {
	local dir=$1 log=$2 boot_ok=$3
	{
		cat "$dir/host-results"
		tr -d '\r' <"$log" | awk -v expected="$dir/expected" '
			BEGIN { while ((getline n < expected) > 0) order[++k] = n }
			/^LAB-RESULT / {
				r = ""
				for (i = 5; i <= NF; i++) r = r " " $i
				st[$2] = $3; code[$2] = $4; why[$2] = r
			}
			END {
				for (i = 1; i <= k; i++) {
					n = order[i]
					if (n in st) print st[n], n, code[n] why[n]
					else print "FAILED", n, "-", "no result: the guest stopped before this test ended"
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
# own tests and the hardware ctests (they print the exact counts).
# PAPILLON_LAB_VERBOSE=1 prints every test's output.
results_show() {
	local dir=$1 conf=$2 log=$3 st name code why
	while read -r st name code why; do
		[ "$st" != FAILED ] || [ "$code" = - ] || why="status $code${why:+, $why}"
		printf '%-8s %s %s%s\n' "$st" "$conf" "$name" "${why:+  ($why)}"
		case "$st:$name" in
		FAILED:boot) tr -d '\r' <"$log" | tail -n 15 | sed 's/^/    | /' ;;
		FAILED:* | *:lab/* | *:ctests/hw_*) results_output "$log" "$name" | sed 's/^/    | /' ;;
		*) if [ "${PAPILLON_LAB_VERBOSE:-0}" = 1 ]; then results_output "$log" "$name" | sed 's/^/    | /'; fi ;;
		esac
	done <"$dir/results"
}
