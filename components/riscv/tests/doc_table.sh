#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# doc/riscv.md's table from each rule of counter delegation to its test
# must name every rule and every test of tests/test_rules.c, and nothing
# else: the table is how a reader finds a rule's test. Prints a verdict.
set -u
srcdir=${srcdir:-.}
doc="$srcdir/../../doc/riscv.md"
tests="$srcdir/tests/test_rules.c"
[ -f "$doc" ] || {
	echo "SKIPPED: no $doc (the documentation is not in this tree)"
	exit 77
}
failures=0
# Rows of the rule table: "{RV_RULE_X, "name", function}," in the source.
rows=$(sed -n 's/^[[:space:]]*{\(RV_RULE_[A-Z0-9_]*\), "\([a-z0-9_]*\)".*/\1 \2/p' "$tests")
[ -n "$rows" ] || {
	echo "FAILED: no rule rows found in $tests"
	exit 1
}
count=0
while read -r rule name; do
	count=$((count + 1))
	if ! grep -q "| \`$rule\` | \`$name\` |" "$doc"; then
		echo "error: doc/riscv.md has no row with \`$rule\` and \`$name\`"
		failures=$((failures + 1))
	fi
done <<ROWS
$rows
ROWS
tick='`'
documented=$(grep -c "^| .* | ${tick}RV_RULE_[A-Z0-9_]*${tick} | ${tick}[a-z0-9_]*${tick} |\$" "$doc")
if [ "$documented" != "$count" ]; then
	echo "error: doc/riscv.md has $documented rule rows, tests/test_rules.c $count"
	failures=$((failures + 1))
fi
if [ "$failures" -gt 0 ]; then
	echo "FAILED: $failures problems"
	exit 1
fi
echo "PASSED: $count rules, each with its test in doc/riscv.md"
