#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The include rules of the tree (tests/build/include_rules.txt, the rules as
# data; doc/architecture.md says why): every #include "..." of the C and C++
# sources is resolved as the compiler would, and each one that breaks a rule
# is reported as FILE:LINE: the include, the rule and what it allows:
#   - layer: a file of src/ includes nothing of a higher layer of src/;
#   - component: a component's sources include their own files, include/
#     and the files of src/ the rules list, nothing else;
#   - private: a private header is included only from the paths listed;
#   - kernel: a kernel module's side includes only files of its own
#     component folder and of the folders the modules share, each found.
# Also fails when a file of src/ is in no layer, or when a file of src/ the
# component rule allows is not named in doc/architecture.md.
#   include_rules.sh [TOP]   (TOP: the repository, default this script's)
# Prints a verdict line last.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "${1:-$here/../..}" && pwd)
rules=$here/include_rules.txt
doc=$top/doc/architecture.md

cd "$top" || exit 99
[ -r "$rules" ] || {
	echo "FAILED: cannot read $rules"
	exit 1
}
# The sources: every C or C++ file of the project. In a git checkout, the
# tracked ones and the untracked ones git does not ignore: the lab copies
# the tree into lab/build/ (ignored), and a scan of the folders would judge
# that copy too. In a release tarball (make distcheck) only distributed
# files exist, so the folders are scanned.
source_dirs="src components tests ctests utils bench tools ftests include lab"
source_pattern='\.(c|h|cc|cpp|hpp|inc)$'
if git -C "$top" rev-parse --show-toplevel 2>/dev/null | grep -qxF "$top"; then
	# shellcheck disable=SC2086 # the folders are words
	sources=$(git -C "$top" ls-files --cached --others --exclude-standard -- $source_dirs | grep -E "$source_pattern" | LC_ALL=C sort)
else
	# shellcheck disable=SC2086
	sources=$(find $source_dirs -type f 2>/dev/null | grep -E "$source_pattern" | LC_ALL=C sort)
fi
[ -n "$sources" ] || {
	echo "FAILED: no sources found under $top"
	exit 1
}

# shellcheck disable=SC2086 # one file name per word: the tree has no blanks
printf '%s\n' $sources | LC_ALL=C awk -v rules="$rules" -v doc="$doc" '
function fail(text) {
	print "error: " text
	failures++
}
# A path with its "." and ".." elements resolved.
function normal(path,   parts, n, i, out, kept, k) {
	n = split(path, parts, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (parts[i] == "" || parts[i] == ".")
			continue
		if (parts[i] == ".." && k > 0 && kept[k] != "..") {
			k--
			continue
		}
		kept[++k] = parts[i]
	}
	out = ""
	for (i = 1; i <= k; i++)
		out = out (i > 1 ? "/" : "") kept[i]
	return out
}
function dir_of(path) {
	return sub(/\/[^\/]*$/, "", path) ? path : "."
}
# Whether path is under pattern: a folder (ending in /, a * standing for
# one element) or exactly a file.
function under(path, pattern,   regex) {
	if (pattern !~ /\/$/)
		return path == pattern
	regex = pattern
	gsub(/\./, "[.]", regex)
	gsub(/\*/, "[^/]+", regex)
	return path ~ ("^" regex)
}
# The component folder (components/NAME/) of a path, or "".
function component_of(path,   parts) {
	if (path !~ /^components\/[^\/]+\//)
		return ""
	split(path, parts, "/")
	return "components/" parts[2] "/"
}
# Whether path is under one of the folders of the rule "kernel-include".
function kernel_shared(path,   i) {
	for (i = 1; i <= kernel_include_count; i++)
		if (under(path, kernel_include[i]))
			return 1
	return 0
}
function kernel_side(path,   i) {
	for (i = 1; i <= kernel_side_count; i++)
		if (under(path, kernel_side_path[i]))
			return 1
	return 0
}
function layer_of(path,   i) {
	for (i = 1; i <= layer_count; i++)
		if (under(path, layer_path[i]))
			return layer_rank[i]
	return -1
}
# The file an include names, as the compiler finds it: next to the
# including file, then the component folder (its -I), the folders of the
# rule "search" (other -I, or copied beside a module by its build), src/,
# include/. "" when it is in none of them and names no folder of src/
# (config.h, a generated file).
function resolve(file, name,   candidate, own, i) {
	candidate = normal(dir_of(file) "/" name)
	if (candidate in exists)
		return candidate
	own = component_of(file)
	if (own != "" && normal(own name) in exists)
		return normal(own name)
	for (i = 1; i <= search_count; i++)
		if (normal(search_path[i] name) in exists)
			return normal(search_path[i] name)
	if (normal("src/" name) in exists)
		return normal("src/" name)
	if (normal("include/" name) in exists)
		return normal("include/" name)
	# A file of a folder of src/ that is not there (moved, or not written
	# yet) is still an include of src/: the rules judge what it names.
	candidate = normal("src/" name)
	if (candidate ~ /\// && dir_of(candidate) in src_folders)
		return candidate
	return ""
}
# Whether an include names a private header, existing or not: one of the
# places the compiler would look for it is the header.
function names_header(file, name, header,   own) {
	own = component_of(file)
	return normal(dir_of(file) "/" name) == header || normal("src/" name) == header ||
	       (own != "" && normal(own name) == header)
}
BEGIN {
	while ((getline line < rules) > 0) {
		rule_line++
		sub(/#.*/, "", line)
		n = split(line, word, /[ \t]+/)
		if (n == 0 || (n == 1 && word[1] == ""))
			continue
		first = word[1] == "" ? 2 : 1
		kind = word[first]
		if (kind == "layer" && n >= first + 2 && word[first + 1] ~ /^[0-9]+$/) {
			for (i = first + 2; i <= n; i++) {
				layer_path[++layer_count] = word[i]
				layer_rank[layer_count] = word[first + 1] + 0
			}
		} else if (kind == "component" && n >= first + 1) {
			for (i = first + 1; i <= n; i++) {
				component_allowed[word[i]] = 1
				component_count++
			}
		} else if (kind == "search" && n >= first + 1) {
			for (i = first + 1; i <= n; i++)
				search_path[++search_count] = word[i]
		} else if (kind == "kernel-side" && n >= first + 1) {
			for (i = first + 1; i <= n; i++)
				kernel_side_path[++kernel_side_count] = word[i]
		} else if (kind == "kernel-include" && n >= first + 1) {
			for (i = first + 1; i <= n; i++)
				kernel_include[++kernel_include_count] = word[i]
		} else if (kind == "private" && n >= first + 2) {
			header = word[first + 1]
			if (!(header in private_paths))
				private_list[++private_count] = header
			for (i = first + 2; i <= n; i++)
				private_paths[header] = private_paths[header] " " word[i]
		} else {
			fail(rules ":" rule_line ": not a rule: " line)
		}
	}
	close(rules)
	if (layer_count == 0 || component_count == 0 || kernel_side_count == 0)
		fail(rules ": no layer, component or kernel-side rules read")
}
{
	exists[$0] = 1
	files[++file_count] = $0
	if ($0 ~ /^src\/[^\/]+\//)
		src_folders[dir_of($0)] = 1
}
END {
	for (f = 1; f <= file_count; f++) {
		file = files[f]
		from_layer = file ~ /^src\// ? layer_of(file) : -1
		if (file ~ /^src\// && from_layer < 0)
			fail(file ": in no layer of tests/build/include_rules.txt: give its folder one")
		own = component_of(file)
		component_source = own != "" && file !~ /^components\/[^\/]+\/tests\//
		kernel_source = kernel_side(file)
		number = 0
		while ((getline text < file) > 0) {
			number++
			if (text !~ /^[ \t]*#[ \t]*include[ \t]*"/)
				continue
			name = text
			sub(/^[ \t]*#[ \t]*include[ \t]*"/, "", name)
			sub(/".*/, "", name)
			where = file ":" number ": #include \"" name "\""
			target = resolve(file, name)
			for (p = 1; p <= private_count; p++) {
				header = private_list[p]
				if (!names_header(file, name, header))
					continue
				allowed = 0
				who = ""
				count = split(private_paths[header], paths, " ")
				for (i = 1; i <= count; i++) {
					if (paths[i] == "")
						continue
					if (under(file, paths[i]))
						allowed = 1
					who = who (who == "" ? "" : ", ") paths[i]
				}
				if (!allowed)
					fail(where ": breaks the rule \"private " header "\": only " \
					     "files under " who " include it")
			}
			# The build of a module sees its own files and the shared ones
			# beside them, nothing else: what is found nowhere is an
			# error there too.
			if (kernel_source && (target == "" || (index(target, own) != 1 && !kernel_shared(target))))
				fail(where (target == "" ? ", found nowhere" : " (" target ")") \
				     ": breaks the rule \"kernel\": " file " includes only files of " own \
				     " and of the folders of the rule \"kernel-include\"")
			if (target == "")
				continue
			if (from_layer >= 0 && target ~ /^src\// && layer_of(target) > from_layer)
				fail(where " (" target ", layer " layer_of(target) \
				     "): breaks the rule \"layer\": a file of layer " from_layer \
				     " includes nothing of a higher layer")
			if (component_source && target !~ /^include\// && index(target, own) != 1 &&
			    !(target in component_allowed) && !kernel_shared(target))
				fail(where " (" target "): breaks the rule \"component\": " \
				     own " includes its own files, include/ and, of src/, only what" \
				     " tests/build/include_rules.txt lists")
		}
		close(file)
	}
	while ((getline line < doc) > 0)
		documented = documented "\n" line
	close(doc)
	for (path in component_allowed)
		if (index(documented, "`" path "`") == 0)
			fail("doc/architecture.md does not list `" path \
			     "`, which the rule \"component\" lets components include")
	print "checked " file_count " files"
	exit failures > 0
}'
status=$?
if [ "$status" -eq 0 ]; then
	echo "PASSED: the includes follow tests/build/include_rules.txt (layers, components, private headers, kernel sides)"
	exit 0
fi
echo "FAILED: includes break tests/build/include_rules.txt (the lines above name file, line and rule)"
exit 1
