#!/usr/bin/perl
# SPDX-License-Identifier: BSD-3-Clause
# Writes the two C sources of the header ABI check, taking the list of things to check from
# the reference (PAPI) headers themselves so that nothing they define can be forgotten:
#
#   values.c  prints every macro value, enumerator, type size, struct size/alignment and
#             member offset/size/type (bit-field position and width) of the public headers;
#             built once against PAPI's headers and once against ours, outputs diffed.
#   protos.c  compile-only, as C and as C++: includes the header under test, requires every
#             function and type name of the reference to exist, then repeats the reference's
#             own prototypes, typedefs and struct tags; the compiler rejects any that conflict.
#
# usage: gen-abi-check.pl REF_INCLUDE_DIR MACROS PREPROCESSED MEMBERS_LIST CALLS_LIST OUTDIR
#   MACROS        output of `cc -dM -E` on "#include <papi.h>" against the reference
#   PREPROCESSED  output of `cc -E` on the same file (with line markers)
#   MEMBERS_LIST  hand list of struct members ("Type member" lines), merged with those parsed
#   CALLS_LIST    hand list of expressions exercising the function-like macros
use strict;
use warnings;

my ($ref_dir, $macros_file, $pre_file, $members_file, $calls_file, $out_dir) = @ARGV;
die "usage: $0 REF_INCLUDE_DIR MACROS PREPROCESSED MEMBERS_LIST CALLS_LIST OUTDIR\n"
    unless defined $out_dir;

my @headers = ('papi.h', 'papiStdEventDefs.h');
my @problems;    # reasons the check itself is incomplete; any one fails the test

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	local $/;
	my $text = <$fh>;
	close $fh;
	return $text;
}

sub squeeze {
	my ($s) = @_;
	$s =~ s/\s+/ /g;
	$s =~ s/^ //;
	$s =~ s/ $//;
	return $s;
}

# ---- macros: the names come from the header text, their bodies from the preprocessor.

my (@macro_names, %macro_seen, %function_like);
for my $h (@headers) {
	my $text = slurp("$ref_dir/$h");
	$text =~ s{/\*.*?\*/}{ }gs;    # a #define inside a comment is not one
	$text =~ s{//[^\n]*}{}g;
	while ($text =~ /^[ \t]*#[ \t]*define[ \t]+(\w+)(\()?/mg) {
		my ($name, $paren) = ($1, $2);
		next if $macro_seen{$name}++;
		push @macro_names, $name;
		$function_like{$name} = 1 if defined $paren;
	}
}

my %macro_body;
for my $line (split /\n/, slurp($macros_file)) {
	$macro_body{$1} = defined $2 ? $2 : '' if $line =~ /^#define (\w+)(?:\([^)]*\))?(?: (.*))?$/;
}

# ---- declarations: top-level statements of the reference headers, after preprocessing.

my $src = '';
{
	my $in_ref = 0;
	for my $line (split /\n/, slurp($pre_file)) {
		if ($line =~ /^# \d+ "([^"]*)"/) {
			my $file = $1;
			$in_ref = grep { $file =~ m{(?:^|/)\Q$_\E$} } @headers;
			next;
		}
		next if $line =~ /^\s*#/;    # #pragma and friends
		$src .= "$line\n" if $in_ref;
	}
}

my @statements;
{
	my ($depth, $current) = (0, '');
	for my $c (split //, $src) {
		$depth++ if $c eq '{';
		$depth-- if $c eq '}';
		if ($c eq ';' && $depth == 0) {
			push @statements, squeeze($current);
			$current = '';
		} else {
			$current .= $c;
		}
	}
	push @problems, "unparsed text at the end of the reference header: " . squeeze($current)
	    if squeeze($current) ne '';
}

my (@aggregates, %aggregate, @enumerators, @enum_typedefs, @simple_typedefs, @functions);
my @redeclarations;

sub member_name {
	my ($decl) = @_;
	return ($1, $2) if $decl =~ /(\w+)\s*:\s*(\d+)$/;    # bit-field
	return (undef, undef) if $decl =~ /,/;               # several declarators: not handled
	$decl =~ s/(\s*\[[^\]]*\])+$//;
	return ($1, undef) if $decl =~ /\(\s*\*\s*(\w+)\s*\)/;
	return ($1, undef) if $decl =~ /(\w+)\s*$/;
	return (undef, undef);
}

for my $st (@statements) {
	next if $st eq '';
	if ($st =~ /^typedef (struct|union) ?(\w*) ?\{(.*)\} ?(\w+)$/) {
		my ($kind, $tag, $body, $name) = ($1, $2, $3, $4);
		push @problems, "nested aggregate in $name: not handled" if $body =~ /\{/;
		my $agg = { name => $name, members => [], seen => {} };
		for my $decl (split /;/, $body) {
			$decl = squeeze($decl);
			next if $decl eq '';
			my ($member, $bits) = member_name($decl);
			if (!defined $member) {
				push @problems, "cannot parse member '$decl' of $name";
				next;
			}
			push @{ $agg->{members} }, { name => $member, bitfield => defined $bits };
			$agg->{seen}{$member} = 1;
		}
		push @aggregates, $agg;
		$aggregate{$name} = $agg;
		push @redeclarations, "typedef $kind $tag $name;" if $tag ne '';
	} elsif ($st =~ /^(typedef )?enum ?(\w*) ?\{(.*)\} ?(\w*)$/) {
		my ($is_typedef, $body, $name) = ($1, $3, $4);
		for my $e (split /,/, $body) {
			push @enumerators, $1 if $e =~ /^\s*(\w+)/;
		}
		push @enum_typedefs, $name if $is_typedef && $name ne '';
	} elsif ($st =~ /^typedef /) {
		my $name = $st =~ /\(\s*\*\s*(\w+)\s*\)/ ? $1 : ($st =~ /(\w+)\s*$/)[0];
		push @simple_typedefs, $name;
		push @redeclarations, "$st;";
	} elsif ($st =~ /(\w+)\s*\(/) {
		push @functions, $1;
		# PAPI declares a few functions with "()"; C would accept any parameters against
		# that, so hold the header under test to what was meant (and what C++ reads): void.
		$st =~ s/\(\s*\)$/(void)/;
		push @redeclarations, "$st;";
	} else {
		push @problems, "reference declaration not understood: $st";
	}
}

# ---- hand lists

for my $line (split /\n/, slurp($members_file)) {
	$line =~ s/#.*//;
	my ($type, $member, $flag) = split ' ', $line;
	next unless defined $member;
	my $agg = $aggregate{$type};
	if (!$agg) {
		$agg = { name => $type, members => [], seen => {} };
		push @aggregates, $agg;
		$aggregate{$type} = $agg;
	}
	next if $agg->{seen}{$member}++;
	push @{ $agg->{members} },
	    { name => $member, bitfield => defined $flag && $flag eq 'bitfield' };
}

my @calls;
for my $line (split /\n/, slurp($calls_file)) {
	next if $line =~ /^\s*(#|$)/;
	my ($how, $expr) = $line =~ /^\s*(value|type)\s+(.*?)\s*$/
	    or do { push @problems, "bad line in macro call list: $line"; next };
	push @calls, [ $how, $expr ];
}
for my $name (grep { $function_like{$_} } @macro_names) {
	push @problems, "function-like macro $name has no entry in the macro call list"
	    unless grep { $_->[1] =~ /\b\Q$name\E\s*\(/ } @calls;
}

# ---- values.c

sub cstr {
	my ($s) = @_;
	$s =~ s/(["\\])/\\$1/g;
	return "\"$s\"";
}

open(my $v, '>', "$out_dir/values.c") or die "$out_dir/values.c: $!\n";
print $v <<'EOF';
/* Generated by tests/abi/gen-abi-check.pl; prints the ABI facts of <papi.h>. */
#include <papi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define TYPE_NAME(x)                                                                       \
	_Generic((x), _Bool: "_Bool", char: "char", signed char: "signed char",            \
		 unsigned char: "unsigned char", short: "short", unsigned short: "unsigned short", \
		 int: "int", unsigned int: "unsigned int", long: "long",                    \
		 unsigned long: "unsigned long", long long: "long long",                    \
		 unsigned long long: "unsigned long long", float: "float", double: "double",  \
		 long double: "long double", char *: "char *", const char *: "const char *",  \
		 char **: "char **", void *: "void *", void **: "void **", int *: "int *",    \
		 unsigned int *: "unsigned int *", unsigned long *: "unsigned long *",        \
		 long long *: "long long *", default: "other")

static void show_signed(const char *name, const char *type, long long v)
{
	printf("value %s = %lld (%s)\n", name, v, type);
}
static void show_unsigned(const char *name, const char *type, unsigned long long v)
{
	printf("value %s = %llu (%s)\n", name, v, type);
}
static void show_real(const char *name, const char *type, long double v)
{
	printf("value %s = %La (%s)\n", name, v, type);
}
static void show_string(const char *name, const char *type, const char *v)
{
	printf("value %s = \"%s\" (%s)\n", name, v, type);
}
/* Called with (T)-1 converted to long long: negative exactly when T is signed. */
static const char *signedness(long long minus_one)
{
	return minus_one < 0 ? "signed" : "unsigned";
}
#define SHOW(name, x)                                                                      \
	_Generic((x), char *: show_string, const char *: show_string, float: show_real,     \
		 double: show_real, long double: show_real, unsigned int: show_unsigned,     \
		 unsigned long: show_unsigned, unsigned long long: show_unsigned,            \
		 default: show_signed)(name, TYPE_NAME(x), (x))

#define MEMBER(T, m)                                                                       \
	printf("member %s.%s offset %zu size %zu type %s\n", #T, #m, offsetof(T, m),        \
	       sizeof(((T *)0)->m), TYPE_NAME(((T *)0)->m))

/* A bit-field has no offset or size: set it to all ones and see which bits light up. */
#define BITFIELD(T, m)                                                                     \
	do {                                                                               \
		T v_;                                                                      \
		unsigned char bytes_[sizeof(T)];                                           \
		int first_ = -1, count_ = 0;                                               \
		memset(&v_, 0, sizeof v_);                                                 \
		v_.m = 0;                                                                  \
		v_.m--;                                                                    \
		memcpy(bytes_, &v_, sizeof v_);                                            \
		for (size_t i_ = 0; i_ < 8 * sizeof(T); i_++) {                            \
			if ((bytes_[i_ / 8] >> (i_ % 8)) & 1) {                             \
				if (first_ < 0)                                            \
					first_ = (int)i_;                                  \
				count_++;                                                  \
			}                                                                  \
		}                                                                          \
		printf("bitfield %s.%s first-bit %d width %d %s\n", #T, #m, first_, count_,  \
		       v_.m > 0 ? "unsigned" : "signed");                                  \
	} while (0)

int main(void)
{
EOF

print $v "\t/* macros */\n";
for my $name (@macro_names) {
	next if $function_like{$name};
	my $body = $macro_body{$name};
	my $q = cstr($name);
	print $v "#ifndef $name\n\tprintf(\"macro %s MISSING\\n\", $q);\n#else\n";
	if (!defined $body) {
		push @problems, "macro $name is not defined after including the reference papi.h";
	} elsif ($body eq '') {
		print $v "\tprintf(\"macro %s defined, empty\\n\", $q);\n";
	} elsif ($body =~ /^\s*(?:(?:unsigned|signed|long|short|int|char|float|double)\s*)+$/) {
		print $v "\tprintf(\"type macro %s size %zu %s\\n\", $q, sizeof($name), "
		    . "TYPE_NAME(($name)0));\n";
	} else {
		print $v "\tSHOW($q, $name);\n";
	}
	print $v "#endif\n";
}
for my $name (grep { $function_like{$_} } @macro_names) {
	print $v "#ifndef $name\n\tprintf(\"macro %s MISSING\\n\", " . cstr($name) . ");\n#endif\n";
}

print $v "\t/* function-like macros, on sample arguments */\n";
for my $call (@calls) {
	my ($how, $expr) = @$call;
	if ($how eq 'value') {
		print $v "\tSHOW(" . cstr($expr) . ", $expr);\n";
	} else {
		print $v "\tprintf(\"type-of %s %s\\n\", " . cstr($expr) . ", TYPE_NAME($expr));\n";
	}
}

print $v "\t/* enumerators */\n";
print $v "\tSHOW(" . cstr($_) . ", $_);\n" for @enumerators;

print $v "\t/* enum types */\n";
for my $t (@enum_typedefs) {
	print $v "\tprintf(\"enum %s size %zu %s\\n\", \"$t\", sizeof($t), "
	    . "signedness((long long)($t)-1));\n";
}

print $v "\t/* other typedefs */\n";
for my $t (@simple_typedefs) {
	print $v "\tprintf(\"typedef %s size %zu %s\\n\", \"$t\", sizeof($t), TYPE_NAME(($t)0));\n";
}

print $v "\t/* structs and unions */\n";
for my $agg (@aggregates) {
	my $t = $agg->{name};
	print $v "\tprintf(\"aggregate %s size %zu align %zu\\n\", \"$t\", sizeof($t), "
	    . "_Alignof($t));\n";
	for my $m (@{ $agg->{members} }) {
		print $v $m->{bitfield} ? "\tBITFIELD($t, $m->{name});\n" : "\tMEMBER($t, $m->{name});\n";
	}
}
print $v "\treturn 0;\n}\n";
close $v;

# ---- protos.c

open(my $p, '>', "$out_dir/protos.c") or die "$out_dir/protos.c: $!\n";
print $p "/* Generated by tests/abi/gen-abi-check.pl; compile only. */\n#include <papi.h>\n\n";
print $p "/* Every reference function and type must exist before it is redeclared below. */\n";
print $p "void abi_presence(void);\nvoid abi_presence(void)\n{\n";
print $p "\t(void)&$_;\n" for @functions;
print $p "\t(void)sizeof($_);\n" for (map { $_->{name} } @aggregates), @enum_typedefs,
    @simple_typedefs;
print $p "}\n\n/* The reference's declarations; any incompatibility is a hard error. */\n";
print $p "#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
print $p "$_\n" for @redeclarations;
print $p "#ifdef __cplusplus\n}\n#endif\n";
close $p;

# ---- summary for the driver script

open(my $s, '>', "$out_dir/summary.txt") or die "$out_dir/summary.txt: $!\n";
my $nmembers = 0;
$nmembers += @{ $_->{members} } for @aggregates;
printf $s "%d macros (%d function-like, %d sample calls), %d enumerators, %d structs/unions "
    . "with %d members, %d other typedefs, %d functions\n",
    scalar(@macro_names), scalar(grep { $function_like{$_} } @macro_names), scalar(@calls),
    scalar(@enumerators), scalar(@aggregates), $nmembers,
    scalar(@enum_typedefs) + scalar(@simple_typedefs), scalar(@functions);
close $s;

if (@problems) {
	print STDERR "gen-abi-check: $_\n" for @problems;
	exit 1;
}
exit 0;
