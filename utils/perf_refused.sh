# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=sh
# Sourced by the utilities' tests (smoke_test.sh, papi_stat_test.sh), which
# skip their counting checks where the kernel itself forbids counting.

# perf_refused: whether the kernel refuses perf_event_open to this process,
# asked of the kernel itself and not of the library under test (which must
# not decide its own skip). Status 0 (and the reason on stdout): refused;
# 1: a software event opens. A direct system call through perl (in Debian's
# essential perl-base); without perl or for an unknown machine, the
# settings that forbid it: no perf_event_paranoid at all (a kernel without
# perf events), or Debian's level 3 for a user other than root.
perf_refused() {
	if command -v perl >/dev/null 2>&1; then
		# PERF_TYPE_SOFTWARE, PERF_ATTR_SIZE_VER0, TASK_CLOCK, exclude_kernel
		# and exclude_hv (flag bits 5 and 6): this thread, any CPU.
		perl -e '
			my %nr = (x86_64 => 298, aarch64 => 241, riscv64 => 241, ppc64le => 319,
			          ppc64 => 319, s390x => 331, i686 => 336, i386 => 336, armv7l => 364);
			my $n = $nr{$ARGV[0]} // exit 2;
			my $attr = pack("LLQQQQQ", 1, 64, 1, 0, 0, 0, 96) . ("\0" x 16);
			my $fd = syscall($n, $attr, 0, -1, -1, 0);
			if ($fd < 0) { print "perf_event_open: $!\n"; exit 0 }
			exit 1' "$(uname -m)"
		probe=$?
		[ "$probe" -eq 2 ] || return "$probe"
	fi
	paranoid=/proc/sys/kernel/perf_event_paranoid
	if [ ! -r "$paranoid" ]; then
		echo "no $paranoid: the kernel has no perf events"
		return 0
	fi
	if [ "$(cat "$paranoid")" -ge 3 ] && [ "$(id -u)" -ne 0 ]; then
		echo "perf_event_paranoid is $(cat "$paranoid") and this is not root"
		return 0
	fi
	return 1
}
