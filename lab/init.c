// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/init.c: /init of the emulated-PMU lab's initramfs.
 *
 * Runs as PID 1 in a QEMU guest: mounts proc, sys and devtmpfs, then runs
 * every test of /lab/manifest in turn with its own perf sysctls and timeout,
 * echoes the test's output to the console and after it prints one line
 *
 *     LAB-RESULT <name> PASSED|SKIPPED|FAILED <status> [reason]
 *
 * (<status>: the exit code, 128+N for signal N, 124 for a timeout), then
 * "LAB-DONE ..." and powers the machine off so QEMU exits. The host side
 * (lab/lib/results.sh) parses these lines; a console without LAB-DONE means
 * the guest hung, crashed or stopped early, and is a failure.
 *
 * Manifest lines (whitespace separated, no quoting; '#' starts a comment):
 *     default [paranoid=N|keep] [user_access=N|keep] [timeout=SECONDS]
 *     env NAME=VALUE
 *     test NAME [paranoid=..] [user_access=..] [timeout=..] [expect=pass|any]
 *          [cwd=DIR] [env=NAME=VALUE] [pass_line=ERE] [counts=nonzero|equal]
 *          -- PROGRAM ARGS...
 * "default" changes the settings of the tests that follow it. expect=pass
 * turns a SKIP into a failure: where the lab knows a PMU is there, a test
 * that finds none has caught a broken lab, not a limit of the machine.
 * cwd= runs the test in DIR (tests that exec "./helper" expect to start in
 * their own directory); tests start in / otherwise. env= sets one variable
 * for that test alone, over what "env" lines set for all that follow them.
 *
 * The verdict follows the rule of the host's runner (run_ctest in
 * scripts/lib/common.sh), so that a test means the same in both places: a
 * test that exits 77 (automake's code) is SKIPPED; one that exits 0 is judged
 * by the last line of its output that names a verdict (PASSED, SKIPPED or
 * FAILED as a word; FAILED wins over SKIPPED over PASSED on one line): PAPI's
 * ctest convention. Exit 0 without any verdict line is a FAILURE: a program
 * that stopped early, or never checked anything, must not pass. Any other
 * status FAILS.
 *
 * Utilities print no verdict of their own; their manifest line says what
 * their output must show instead. pass_line=ERE: exit 0 and a line matching
 * the extended regular expression (no blanks in a manifest word: '.' or
 * [[:space:]] stand for one) is a PASS, its absence a failure.
 * counts=nonzero: the "NAME : VALUE" lines papi_command_line prints are the
 * verdict: at least one, and every value above 0; counts=equal: also all the
 * same (instructions and cycles where the emulation makes them equal).
 *
 * Timeouts are in guest seconds. Under -icount shift=0 one guest second is
 * 10^9 guest instructions, which TCG runs in a few real seconds: the host's
 * own timeout around QEMU is the one that bounds real time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MANIFEST "/lab/manifest"
#define MAX_LINE 4096
#define MAX_ARGS 64
#define KEEP     (-1)

struct settings {
	int paranoid;    /* /proc/sys/kernel/perf_event_paranoid, or KEEP */
	int user_access; /* /proc/sys/kernel/perf_user_access, or KEEP */
	unsigned timeout;
	bool must_pass;      /* expect=pass: a SKIP here is a failure of the lab */
	char cwd[128];       /* cwd=: the test's working directory ("": keep /) */
	char env[160];       /* env=: NAME=VALUE for this test only ("": none) */
	char pass_line[160]; /* pass_line=: the ERE a passing run prints ("": none) */
	enum { COUNTS_NONE, COUNTS_NONZERO, COUNTS_EQUAL } counts;
};

struct totals {
	unsigned passed, failed, skipped;
};

static volatile sig_atomic_t alarm_fired;

static void on_alarm(int sig)
{
	(void)sig;
	alarm_fired = 1;
}

/* Console output goes straight to fd 1 with write(): nothing may sit in a
 * stdio buffer when the machine powers off or a child is forked. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	size_t len = (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1;
	for (size_t off = 0; off < len;) {
		ssize_t w = write(STDOUT_FILENO, buf + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		off += (size_t)w;
	}
}

static _Noreturn void power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	/* Only reached if reboot() failed: PID 1 must not exit (panic). */
	for (;;)
		pause();
}

static void mount_one(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) != 0 && errno != EBUSY)
		say("lab-init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

/* The kernel may start /init without a console on fds 0-2 (no /dev/console
 * in the archive), so reopen it once devtmpfs is there. */
static void open_console(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	for (int i = 0; i < 3; i++)
		if (fd != i)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
}

static bool write_file(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return false;
	ssize_t n = write(fd, value, strlen(value));
	close(fd);
	return n == (ssize_t)strlen(value);
}

static void set_sysctl(const char *name, int value)
{
	char path[128], buf[32];
	if (value == KEEP)
		return;
	snprintf(path, sizeof path, "/proc/sys/kernel/%s", name);
	snprintf(buf, sizeof buf, "%d\n", value);
	/* perf_user_access exists only on arm64 and riscv: elsewhere there is
	 * nothing to set, which is not the test's problem. */
	if (!write_file(path, buf) && errno != ENOENT)
		say("lab-init: cannot set %s=%d: %s\n", name, value, strerror(errno));
}

/* parse_option: "key=value" into the settings; false if not an option. */
static bool parse_option(const char *tok, struct settings *s)
{
	const char *eq = strchr(tok, '=');
	if (!eq)
		return false;
	size_t klen = (size_t)(eq - tok);
	const char *v = eq + 1;
	int num = strcmp(v, "keep") == 0 ? KEEP : atoi(v);
	if (klen == 8 && strncmp(tok, "paranoid", klen) == 0)
		s->paranoid = num;
	else if (klen == 11 && strncmp(tok, "user_access", klen) == 0)
		s->user_access = num;
	else if (klen == 7 && strncmp(tok, "timeout", klen) == 0)
		s->timeout = num > 0 ? (unsigned)num : 1;
	else if (klen == 6 && strncmp(tok, "expect", klen) == 0)
		s->must_pass = strcmp(v, "pass") == 0;
	else if (klen == 3 && strncmp(tok, "cwd", klen) == 0)
		snprintf(s->cwd, sizeof s->cwd, "%s", v);
	else if (klen == 3 && strncmp(tok, "env", klen) == 0 && strchr(v, '='))
		snprintf(s->env, sizeof s->env, "%s", v);
	else if (klen == 9 && strncmp(tok, "pass_line", klen) == 0)
		snprintf(s->pass_line, sizeof s->pass_line, "%s", v);
	else if (klen == 6 && strncmp(tok, "counts", klen) == 0 && strcmp(v, "nonzero") == 0)
		s->counts = COUNTS_NONZERO;
	else if (klen == 6 && strncmp(tok, "counts", klen) == 0 && strcmp(v, "equal") == 0)
		s->counts = COUNTS_EQUAL;
	else
		return false;
	return true;
}

/* Output scanning: the verdict is read from the lines a test prints. */
struct scan {
	char line[1024];
	size_t len;
	bool ends_with_newline;
	char verdict;           /* of the last line naming one: 'P', 'S', 'F', or 0 */
	char verdict_line[120]; /* that line: the reason of a skip or failure */
	const regex_t *pass_re; /* pass_line=, compiled; NULL: none */
	bool saw_pass_line;
	unsigned counts, zero_counts; /* "NAME : VALUE" lines, and those <= 0 */
	bool counts_differ;
	double first_count;
	char zero_name[64];   /* the first event that counted 0 */
	char differ_line[96]; /* the first count unlike the first one */
};

/* The word at a start boundary, as the host's runner matches it (grep -E
 * '(^|[^[:alnum:]])WORD'), so that the guest and the host agree. */
static bool has_word(const char *line, const char *word)
{
	for (const char *p = strstr(line, word); p; p = strstr(p + 1, word)) {
		bool start = p == line ||
		             !((p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z') ||
		               (p[-1] >= '0' && p[-1] <= '9'));
		if (start)
			return true;
	}
	return false;
}

/* A "NAME : VALUE" line of papi_command_line (VALUE decimal, hex, or
 * with a "(u)" suffix): counted and checked for counts=. */
static void scan_count(struct scan *sc)
{
	char *sep = strstr(sc->line, " : ");
	if (!sep || sep == sc->line || strcspn(sc->line, " \t") != (size_t)(sep - sc->line))
		return;
	char *end;
	double v = strtod(sep + 3, &end);
	if (end == sep + 3)
		return;
	sc->counts++;
	if (v <= 0 && sc->zero_counts++ == 0)
		snprintf(sc->zero_name, sizeof sc->zero_name, "%.*s",
		         (int)(sep - sc->line < 63 ? sep - sc->line : 63), sc->line);
	if (sc->counts == 1)
		sc->first_count = v;
	else if (v != sc->first_count && !sc->counts_differ) {
		sc->counts_differ = true;
		snprintf(sc->differ_line, sizeof sc->differ_line, "%.95s", sc->line);
		sc->differ_line[strcspn(sc->differ_line, "\t")] = ' ';
	}
}

static void scan_line_end(struct scan *sc)
{
	sc->line[sc->len] = '\0';
	sc->line[strcspn(sc->line, "\r")] = '\0';
	char v = has_word(sc->line, "FAILED")    ? 'F'
	         : has_word(sc->line, "SKIPPED") ? 'S'
	         : has_word(sc->line, "PASSED")  ? 'P'
	                                         : 0;
	if (v) {
		sc->verdict = v;
		snprintf(sc->verdict_line, sizeof sc->verdict_line, "%.119s", sc->line);
	}
	if (sc->pass_re && regexec(sc->pass_re, sc->line, 0, NULL, 0) == 0)
		sc->saw_pass_line = true;
	scan_count(sc);
	sc->len = 0;
}

static void scan_bytes(struct scan *sc, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '\n')
			scan_line_end(sc);
		else if (sc->len < sizeof sc->line - 1)
			sc->line[sc->len++] = buf[i];
	}
	if (n)
		sc->ends_with_newline = buf[n - 1] == '\n';
}

/* verdict_of_exit0: the verdict of a test that exited 0, with its reason in
 * why (starting with a blank when there is one). */
static const char *verdict_of_exit0(const struct scan *sc, const struct settings *s, char *why,
                                    size_t len)
{
	if (sc->verdict == 'F') {
		snprintf(why, len, " %s", sc->verdict_line);
		return "FAILED";
	}
	if (sc->verdict == 'S') {
		snprintf(why, len, " %s", sc->verdict_line);
		return "SKIPPED";
	}
	if (s->counts != COUNTS_NONE) {
		if (sc->counts == 0) {
			snprintf(why, len, " no \"NAME : VALUE\" count in the output");
			return "FAILED";
		}
		if (sc->zero_counts) {
			snprintf(why, len, " %u of %u counts are 0 (first: %s)", sc->zero_counts,
			         sc->counts, sc->zero_name);
			return "FAILED";
		}
		if (s->counts == COUNTS_EQUAL && sc->counts_differ) {
			snprintf(why, len, " counts differ, expected equal: %.0f, then %s",
			         sc->first_count, sc->differ_line);
			return "FAILED";
		}
	}
	if (s->pass_line[0]) {
		if (sc->saw_pass_line)
			return "PASSED";
		snprintf(why, len, " exit 0 without a line matching /%.120s/", s->pass_line);
		return "FAILED";
	}
	if (s->counts != COUNTS_NONE || sc->verdict == 'P')
		return "PASSED";
	snprintf(why, len, " exit 0 without a verdict line (PASSED or SKIPPED)");
	return "FAILED";
}

static void write_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		buf += w;
		n -= (size_t)w;
	}
}

static pid_t spawn(char **argv, const struct settings *s, int out_fd, int pipe_read_end)
{
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	/* A process group of its own, so a timeout kills the whole tree. */
	setpgid(0, 0);
	close(pipe_read_end);
	dup2(out_fd, STDOUT_FILENO);
	dup2(out_fd, STDERR_FILENO);
	if (out_fd > 2)
		close(out_fd);
	signal(SIGALRM, SIG_DFL);
	if (s->cwd[0] && chdir(s->cwd) != 0) {
		say("lab-init: cannot change to %s: %s\n", s->cwd, strerror(errno));
		_exit(127);
	}
	/* The child's copy of the settings: putenv keeps the pointer, and the
	 * string lives until exec. */
	static char env[sizeof(s->env)];
	if (s->env[0]) {
		memcpy(env, s->env, sizeof(env));
		putenv(env);
	}
	execvp(argv[0], argv);
	say("lab-init: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Reap zombies of earlier tests' orphans: PID 1 inherits them. */
static void reap_orphans(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

static void run_test_once(const char *name, char **argv, const struct settings *s, struct totals *t)
{
	int fds[2];
	regex_t pass_re;
	if (s->pass_line[0] && regcomp(&pass_re, s->pass_line, REG_EXTENDED | REG_NOSUB) != 0) {
		say("LAB-TEST %s\nLAB-RESULT %s FAILED 127 pass_line=%s is not an ERE\n", name,
		    name, s->pass_line);
		t->failed++;
		return;
	}
	set_sysctl("perf_event_paranoid", s->paranoid);
	set_sysctl("perf_user_access", s->user_access);
	say("LAB-TEST %s\n", name);
	if (pipe(fds) != 0) {
		say("LAB-RESULT %s FAILED 127 pipe: %s\n", name, strerror(errno));
		t->failed++;
		if (s->pass_line[0])
			regfree(&pass_re);
		return;
	}
	pid_t pid = spawn(argv, s, fds[1], fds[0]);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		say("LAB-RESULT %s FAILED 127 fork: %s\n", name, strerror(errno));
		t->failed++;
		if (s->pass_line[0])
			regfree(&pass_re);
		return;
	}
	setpgid(pid, pid); /* also here: the child may not have run yet */

	struct scan sc = {.ends_with_newline = true, .pass_re = s->pass_line[0] ? &pass_re : NULL};
	char buf[4096];
	alarm_fired = 0;
	alarm(s->timeout);
	bool timed_out = false;
	for (;;) {
		ssize_t n = read(fds[0], buf, sizeof buf);
		if (n > 0) {
			write_all(STDOUT_FILENO, buf, (size_t)n);
			scan_bytes(&sc, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR) {
			if (alarm_fired && !timed_out) {
				timed_out = true;
				kill(-pid, SIGKILL);
				kill(pid, SIGKILL);
			}
			continue;
		}
		break; /* EOF: every writer is gone */
	}
	close(fds[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	alarm(0);
	reap_orphans();
	if (sc.len)
		scan_line_end(&sc);
	if (!sc.ends_with_newline)
		say("\n");

	const char *verdict;
	int code;
	char why[160] = "";
	if (timed_out) {
		verdict = "FAILED";
		code = 124;
		snprintf(why, sizeof why, " timeout after %us", s->timeout);
	} else if (WIFSIGNALED(status)) {
		verdict = "FAILED";
		code = 128 + WTERMSIG(status);
		snprintf(why, sizeof why, " killed by signal %d", WTERMSIG(status));
	} else {
		code = WEXITSTATUS(status);
		if (code == 77) {
			verdict = "SKIPPED";
			snprintf(why, sizeof why, " %s",
			         sc.verdict_line[0] ? sc.verdict_line : "exit 77");
		} else if (code == 0)
			verdict = verdict_of_exit0(&sc, s, why, sizeof why);
		else {
			verdict = "FAILED";
			/* The test's own FAILED line says why: a CI log that
			 * shows only the head of the output still has it here. */
			if (sc.verdict == 'F')
				snprintf(why, sizeof why, " %s", sc.verdict_line);
		}
		if (verdict[0] == 'S' && s->must_pass) {
			char skipped[sizeof why];
			snprintf(skipped, sizeof skipped, "%s", why);
			verdict = "FAILED";
			snprintf(why, sizeof why, " expected to pass:%.140s", skipped);
		}
	}
	if (sc.pass_re)
		regfree(&pass_re);
	if (verdict[0] == 'P')
		t->passed++;
	else if (verdict[0] == 'S')
		t->skipped++;
	else
		t->failed++;
	say("LAB-RESULT %s %s %d%s\n", name, verdict, code, why);
}

/* A sysctl's value now, or KEEP when there is none (perf_user_access
 * exists on arm64 and riscv only). */
static int read_sysctl(const char *name)
{
	char path[128];
	int value = KEEP;
	snprintf(path, sizeof path, "/proc/sys/kernel/%s", name);
	FILE *f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%d", &value) != 1)
			value = KEEP;
		fclose(f);
	}
	return value;
}

/* A test's sysctls are its own: what it set is put back after it, so that
 * the tests after it run as the manifest says (a test with
 * perf_user_access=2, riscv's legacy mode, would otherwise leave QEMU
 * 7.2's perf counting 0 instructions for every test that follows). */
static void run_test(const char *name, char **argv, const struct settings *s, struct totals *t)
{
	int paranoid = s->paranoid == KEEP ? KEEP : read_sysctl("perf_event_paranoid");
	int user_access = s->user_access == KEEP ? KEEP : read_sysctl("perf_user_access");
	run_test_once(name, argv, s, t);
	set_sysctl("perf_event_paranoid", paranoid);
	set_sysctl("perf_user_access", user_access);
}

/* Split a line into whitespace-separated tokens, in place. */
static int tokenize(char *line, char **tok, int max)
{
	int n = 0;
	char *save = NULL;
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	for (char *p = strtok_r(line, " \t\r\n", &save); p && n < max;
	     p = strtok_r(NULL, " \t\r\n", &save))
		tok[n++] = p;
	return n;
}

static void run_manifest(FILE *f, struct totals *t)
{
	struct settings def = {.paranoid = KEEP, .user_access = KEEP, .timeout = 300};
	char line[MAX_LINE];
	unsigned lineno = 0;

	while (fgets(line, sizeof line, f)) {
		char *tok[MAX_ARGS + 1];
		lineno++;
		int n = tokenize(line, tok, MAX_ARGS);
		if (n == 0)
			continue;
		if (strcmp(tok[0], "default") == 0) {
			for (int i = 1; i < n; i++)
				if (!parse_option(tok[i], &def))
					say("lab-init: manifest:%u: bad option %s\n", lineno,
					    tok[i]);
		} else if (strcmp(tok[0], "env") == 0 && n == 2 && strchr(tok[1], '=')) {
			/* Tests inherit init's environment. */
			putenv(strdup(tok[1]));
		} else if (strcmp(tok[0], "test") == 0 && n >= 4) {
			struct settings s = def;
			int i = 2;
			for (; i < n && strcmp(tok[i], "--") != 0; i++)
				if (!parse_option(tok[i], &s))
					say("lab-init: manifest:%u: bad option %s\n", lineno,
					    tok[i]);
			if (i + 1 >= n) {
				say("LAB-RESULT %s FAILED 127 manifest line %u has no command\n",
				    tok[1], lineno);
				t->failed++;
				continue;
			}
			tok[n] = NULL;
			run_test(tok[1], &tok[i + 1], &s, t);
		} else {
			say("lab-init: manifest:%u: cannot parse '%s'\n", lineno, tok[0]);
		}
	}
}

int main(void)
{
	mount_one("proc", "/proc", "proc");
	mount_one("sysfs", "/sys", "sysfs");
	mount_one("devtmpfs", "/dev", "devtmpfs");
	mkdir("/tmp", 01777);
	open_console();
	/* Keep kernel chatter (levels >= error) off the console the host
	 * parses; oopses and panics still show. */
	write_file("/proc/sys/kernel/printk", "3\n");
	setenv("PATH", "/bin:/usr/bin", 1);
	setenv("HOME", "/", 1);
	setenv("TMPDIR", "/tmp", 1);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm; /* no SA_RESTART: read() must see EINTR */
	sigaction(SIGALRM, &sa, NULL);

	struct totals t = {0, 0, 0};
	FILE *f = fopen(MANIFEST, "r");
	if (!f) {
		say("LAB-ERROR cannot open %s: %s\n", MANIFEST, strerror(errno));
		power_off();
	}
	say("LAB-START\n");
	run_manifest(f, &t);
	fclose(f);
	say("LAB-DONE passed=%u failed=%u skipped=%u\n", t.passed, t.failed, t.skipped);
	power_off();
}
