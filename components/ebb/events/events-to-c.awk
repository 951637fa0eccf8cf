# SPDX-License-Identifier: BSD-3-Clause
# events-to-c.awk: turns one model's event table (NAME CODE [DESCRIPTION]
# per line, '#' comments; powerN.events beside this file) into the C table
# the ebb component links (struct ebb_pmu_table, ebb_events.h).
#
#   awk -v model=power9 -f events-to-c.awk power9.events > ebb_events_power9.c
#
# An event without a description of its own is described by its facts: the
# model, the raw code and the PMC the code names (bits 16-19, the fifth hex
# digit from the right; 0 is any of PMC1-4).

function pmc_of(code,    digits) {
	digits = substr(code, 3)
	return length(digits) >= 5 ? substr(digits, length(digits) - 4, 1) : "0"
}

function where(code,    pmc) {
	pmc = pmc_of(code)
	if (pmc == "0")
		return "any of PMC1-4"
	if (pmc == "5" || pmc == "6")
		return "PMC" pmc " (fixed)"
	return "PMC" pmc
}

function c_string(text) {
	gsub(/\\/, "\\\\", text)
	gsub(/"/, "\\\"", text)
	return "\"" text "\""
}

BEGIN {
	if (model !~ /^power[0-9]+$/) {
		print "events-to-c.awk: set -v model=powerN" > "/dev/stderr"
		exit 2
	}
	upper = toupper(model)
	printf "/* %s's native events for the ebb component, generated from %s.events\n", upper, model
	print " * by events-to-c.awk at build time: edit the .events file, not this. */"
	print "#include \"ebb_events.h\""
	print ""
	printf "static const struct ebb_event %s_events[] = {\n", model
}

/^[ \t]*(#|$)/ { next }

{
	if ($2 !~ /^0x[0-9a-f]+$/ || $1 !~ /^PM_[A-Z0-9_]+$/) {
		printf "%s:%d: not NAME 0xCODE [DESCRIPTION]: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
		failed = 1
		exit 1
	}
	text = $0
	sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", text)
	if (text == "")
		text = upper " event " $2 " on " where($2)
	else
		text = text " (" $2 ", " where($2) ")"
	printf "    {\"%s\", UINT64_C(%s), %s},\n", $1, $2, c_string(text)
	events++
}

END {
	if (failed)
		exit 1
	if (events == 0) {
		print "events-to-c.awk: no events read" > "/dev/stderr"
		exit 1
	}
	print "};"
	print ""
	printf "const struct ebb_pmu_table ebb_%s_table = {\n", model
	printf "    .model = EBB_PMU_%s,\n", upper
	printf "    .name = \"%s\",\n", model
	printf "    .events = %s_events,\n", model
	printf "    .count = sizeof(%s_events) / sizeof(%s_events[0]),\n", model, model
	print "};"
}
