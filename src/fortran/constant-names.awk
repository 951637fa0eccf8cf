# SPDX-License-Identifier: BSD-3-Clause
# The names of papi.h's constants that Fortran can use, one FORTRAN_CONSTANT(NAME) a line,
# for gen_fortran_headers.c: every object-like #define and enum member named PAPI_* or
# PAPIF_* (upper case: the lower-case ones are functions' aliases) whose value is not a
# string. The compiler, not this script, evaluates the values.
function emit(name) {
	if (name ~ /^PAPIF?_[A-Z0-9_]+$/ && !(name in seen)) {
		seen[name] = 1
		print "FORTRAN_CONSTANT(" name ")"
	}
}
/^[ \t]*#[ \t]*define[ \t]+PAPI/ {
	line = $0
	sub(/^[ \t]*#[ \t]*define[ \t]+/, "", line)
	name = line
	sub(/[^A-Za-z0-9_].*$/, "", name)
	rest = substr(line, length(name) + 1)
	# Function-like macros, empty ones (include guards) and strings are not constants.
	if (rest ~ /^\(/ || rest ~ /^[ \t]*$/ || rest ~ /"/)
		next
	emit(name)
	next
}
/^[ \t]*(typedef[ \t]+)?enum[ \t]*[A-Za-z0-9_]*[ \t]*\{/ { in_enum = 1; next }
in_enum && /\}/ { in_enum = 0; next }
in_enum {
	line = $0
	sub(/\/\*.*$/, "", line)
	if (match(line, /^[ \t]*PAPIF?_[A-Z0-9_]+[ \t]*(=|,|$)/)) {
		name = line
		sub(/^[ \t]*/, "", name)
		sub(/[^A-Za-z0-9_].*$/, "", name)
		emit(name)
	}
}
