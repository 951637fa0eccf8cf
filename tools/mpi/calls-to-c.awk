# SPDX-License-Identifier: BSD-3-Clause
# calls-to-c.awk: turns wrapped_calls.tbl (the routines the PMPI tool
# counts, one per line) into one binding's wrappers:
#
#   awk -v binding=c       -f calls-to-c.awk wrapped_calls.tbl > wrap_c_calls.c
#   awk -v binding=fortran -f calls-to-c.awk wrapped_calls.tbl > wrap_fortran_calls.c
#   awk -v binding=f08     -f calls-to-c.awk wrapped_calls.tbl > wrap_f08_calls.c
#
# c: int MPI_Send(...) over PMPI_Send. fortran: gfortran's mpi_send_ (mpif.h
# and the mpi module: every argument by reference, ierr last, a string's
# length after it) over pmpi_send_. f08: mpi_send_f08_ over F08_TWIN(send)
# (wrap_fortran.h says which twin each implementation has), ierror
# optional; a routine with a choice buffer only where F08_BUFFER_CALLS
# (MPICH's mpi_f08 hands those to the C MPI_Send, which wrap_c counts).

# C type and Fortran type of each kind of argument (the table's header).
function kinds_init() {
	split("cbuf buf int intout ints intsout type types comm op win group info file fileout " \
	      "req reqs status statuses aint aints offset string", names, " ")
	split("const void *|void *|int |int *|const int |int |MPI_Datatype |const MPI_Datatype |" \
	      "MPI_Comm |MPI_Op |MPI_Win |MPI_Group |MPI_Info |MPI_File |MPI_File *|" \
	      "MPI_Request *|MPI_Request |MPI_Status *|MPI_Status |MPI_Aint |const MPI_Aint |" \
	      "MPI_Offset |const char *", ctypes, "|")
	for (i = 1; i in names; i++) {
		ctype[names[i]] = ctypes[i]
		ftype[names[i]] = "fint *"
	}
	ftype["cbuf"] = ftype["buf"] = "void *"
	ftype["aint"] = ftype["aints"] = "MPI_Aint *"
	ftype["offset"] = "MPI_Offset *"
	ftype["string"] = "char *"
	# Arrays are declared name[] in C.
	split("ints intsout types reqs statuses aints", arrays, " ")
	for (i = 1; i in arrays; i++)
		is_array[arrays[i]] = 1
}

function fail(message) {
	printf "%s:%d: %s\n", FILENAME, line_number, message > "/dev/stderr"
	failed = 1
	exit 1
}

# The value an argument stands for in a BYTES expression, in C terms.
function value_of(kind, arg) {
	if (binding == "c")
		return kind == "req" ? "(*" arg ")" : arg
	if (kind == "int")
		return "(*" arg ")"
	if (kind == "type")
		return "MPI_Type_f2c(*" arg ")"
	if (kind == "comm")
		return "MPI_Comm_f2c(*" arg ")"
	if (kind == "req")
		return "MPI_Request_f2c(*" arg ")"
	return arg
}

# expr with each argument name replaced by its value_of.
function substitute(expr,    out, word) {
	out = ""
	while (match(expr, /[A-Za-z_][A-Za-z0-9_]*/)) {
		word = substr(expr, RSTART, RLENGTH)
		out = out substr(expr, 1, RSTART - 1) (word in arg_kind ? value_of(arg_kind[word], word) : word)
		expr = substr(expr, RSTART + RLENGTH)
	}
	return out expr
}

# One table entry: name, class, arguments, bytes.
function entry(text,    opening, closing, list, n, i, parts, kind, arg, params, args, hidden,
               hidden_args, lower, bytes, has_buffer, decl) {
	if (!match(text, /^[A-Za-z_0-9]+[ \t]+(P2P|COLL|WAIT|RMA|IO)[ \t]*\(/))
		fail("not Name CLASS (arguments) BYTES: " text)
	split(text, parts, /[ \t(]+/)
	name = parts[1]
	class = parts[2]
	opening = index(text, "(")
	closing = index(text, ")")
	if (closing < opening)
		fail(name ": no ')' closing the arguments")
	list = substr(text, opening + 1, closing - opening - 1)
	bytes = substr(text, closing + 1)
	gsub(/^[ \t]+|[ \t]+$/, "", bytes)
	if (bytes == "")
		fail(name ": no BYTES expression")
	if (name in seen)
		fail(name " is listed twice")
	seen[name] = 1
	delete arg_kind
	params = args = hidden = hidden_args = ""
	has_buffer = 0
	n = split(list, parts, ",")
	for (i = 1; i <= n; i++) {
		gsub(/^[ \t]+|[ \t]+$/, "", parts[i])
		if (split(parts[i], decl, /[ \t]+/) != 2 || !(decl[1] in ctype))
			fail(name ": argument '" parts[i] "' is not 'kind name' of a known kind")
		kind = decl[1]
		arg = decl[2]
		arg_kind[arg] = kind
		has_buffer = has_buffer || kind == "cbuf" || kind == "buf"
		if (binding == "c")
			params = params (i > 1 ? ", " : "") ctype[kind] arg (kind in is_array ? "[]" : "")
		else
			params = params (i > 1 ? ", " : "") ftype[kind] arg
		args = args (i > 1 ? ", " : "") arg
		if (kind == "string") {
			hidden = hidden ", size_t " arg "_len"
			hidden_args = hidden_args ", " arg "_len"
		}
	}
	bytes = substitute(bytes)
	lower = tolower(name)
	if (binding == "c")
		c_wrapper(name, params, args, bytes)
	else if (binding == "fortran")
		fortran_wrapper(lower, params, args, hidden, hidden_args, bytes)
	else
		f08_wrapper(lower, params, args, hidden, hidden_args, bytes, has_buffer)
	wrapped++
}

function c_wrapper(name, params, args, bytes) {
	printf "int MPI_%s(%s)\n{\n", name, params
	printf "\tCOUNTED_CALL(%s, %s, PMPI_%s(%s));\n}\n\n", class, bytes, name, args
}

function fortran_wrapper(lower, params, args, hidden, hidden_args, bytes,    signature) {
	signature = "(" params ", fint *ierr" hidden ")"
	printf "void pmpi_%s_%s;\n", lower, signature
	printf "void mpi_%s_%s;\n", lower, signature
	printf "void mpi_%s_%s\n{\n", lower, signature
	printf "\tCOUNTED_FCALL(%s, %s, pmpi_%s_(%s, ierr%s), ierr);\n}\n\n", class, bytes, lower,
	       args, hidden_args
}

function f08_wrapper(lower, params, args, hidden, hidden_args, bytes, has_buffer) {
	if (has_buffer)
		print "#if F08_BUFFER_CALLS"
	printf "void F08_TWIN(%s)(%s, fint *ierr%s) F08_TWIN_ATTRIBUTES;\n", lower, params, hidden
	printf "void mpi_%s_f08_(%s, fint *ierr_given%s);\n", lower, params, hidden
	printf "void mpi_%s_f08_(%s, fint *ierr_given%s)\n{\n", lower, params, hidden
	print "\tfint absent, *ierr = ierr_given ? ierr_given : &absent;"
	printf "\tCOUNTED_FCALL(%s, %s, F08_TWIN(%s)(%s, ierr%s), ierr);\n}\n", class, bytes, lower,
	       args, hidden_args
	if (has_buffer)
		print "#endif"
	print ""
}

BEGIN {
	if (binding != "c" && binding != "fortran" && binding != "f08") {
		print "calls-to-c.awk: set -v binding=c, fortran or f08" > "/dev/stderr"
		exit 2
	}
	kinds_init()
	print "// Generated from wrapped_calls.tbl by calls-to-c.awk (binding " binding ") at build"
	print "// time: edit the table, not this."
	if (binding == "c") {
		print "#include \"wrap_c.h\""
	} else {
		print "#include \"wrap_fortran.h\""
		print ""
		print "#include <stddef.h>"
	}
	if (binding == "f08")
		print "\n#if defined(F08_TWIN)"
	print ""
	pending = ""
}

# Comments and blank lines; a trailing backslash continues the entry.
/^[ \t]*(#|$)/ && pending == "" { next }

{
	if (pending == "")
		line_number = FNR
	text = $0
	if (sub(/\\[ \t]*$/, "", text)) {
		pending = pending text " "
		next
	}
	entry(pending text)
	pending = ""
}

END {
	if (failed)
		exit 1
	if (pending != "")
		fail("the last entry ends in a backslash")
	if (binding == "f08")
		print "#endif"
	if (wrapped == 0)
		fail("no routine in the table")
}
