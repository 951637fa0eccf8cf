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
 *          [cwd=DIR] [env=NAME=VALUE] -- PROGRAM ARGS...
 * "default" changes the settings of the tests that follow it. expect=pass
 * turns a SKIP into a failure: where the lab knows a PMU is there, a test
 * that finds none has caught a broken lab, not a limit of the machine.
 * cwd= runs the test in DIR (tests that exec "./helper" expect to start in
 * their own directory); tests start in / otherwise. env= sets one variable
 * for that test alone, over what "env" lines set for all that follow them.
 *
 * A test PASSES when it exits 0, is SKIPPED when it exits 77 (automake's
 * code) or exits 0 after printing the word SKIPPED and never the word PASSED
 * (the PAPI ctest convention), and FAILS otherwise.
 *
 * Timeouts are in guest seconds. Under -icount shift=0 one guest second is
 * 10^9 guest instructions, which TCG runs in a few real seconds: the host's
 * own timeout around QEMU is the one that bounds real time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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
	bool must_pass; /* expect=pass: a SKIP here is a failure of the lab */
	char cwd[128];  /* cwd=: the test's working directory ("": keep /) */
	char env[160];  /* env=: NAME=VALUE for this test only ("": none) */
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
	else
		return false;
	return true;
}

/* Output scanning: the classification looks for the words PASSED and
 * SKIPPED on the lines a test prints. */
struct scan {
	char line[256];
	size_t len;
	bool saw_passed, saw_skipped, ends_with_newline;
	char skip_line[120]; /* the first line saying SKIPPED: the reason */
};

static bool has_word(const char *line, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = strstr(line, word); p; p = strstr(p + 1, word)) {
		bool start = p == line || p[-1] == ' ' || p[-1] == '\t';
		char after = p[wl];
		if (start && (after == '\0' || after == ' ' || after == ':' || after == '\t' ||
		              after == '\r' || after == '.' || after == ','))
			return true;
	}
	return false;
}

static void scan_line_end(struct scan *sc)
{
	sc->line[sc->len] = '\0';
	if (has_word(sc->line, "PASSED"))
		sc->saw_passed = true;
	if (has_word(sc->line, "SKIPPED") && !sc->saw_skipped) {
		sc->saw_skipped = true;
		snprintf(sc->skip_line, sizeof sc->skip_line, "%.119s", sc->line);
		sc->skip_line[strcspn(sc->skip_line, "\r")] = '\0';
	}
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

static void run_test(const char *name, char **argv, const struct settings *s, struct totals *t)
{
	int fds[2];
	set_sysctl("perf_event_paranoid", s->paranoid);
	set_sysctl("perf_user_access", s->user_access);
	say("LAB-TEST %s\n", name);
	if (pipe(fds) != 0) {
		say("LAB-RESULT %s FAILED 127 pipe: %s\n", name, strerror(errno));
		t->failed++;
		return;
	}
	pid_t pid = spawn(argv, s, fds[1], fds[0]);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		say("LAB-RESULT %s FAILED 127 fork: %s\n", name, strerror(errno));
		t->failed++;
		return;
	}
	setpgid(pid, pid); /* also here: the child may not have run yet */

	struct scan sc = {.ends_with_newline = true};
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
		if (code == 77 || (code == 0 && sc.saw_skipped && !sc.saw_passed)) {
			verdict = s->must_pass ? "FAILED" : "SKIPPED";
			snprintf(why, sizeof why, " %s%s", s->must_pass ? "expected to pass: " : "",
			         sc.skip_line[0] ? sc.skip_line : "skipped");
		} else if (code == 0)
			verdict = "PASSED";
		else
			verdict = "FAILED";
	}
	if (verdict[0] == 'P')
		t->passed++;
	else if (verdict[0] == 'S')
		t->skipped++;
	else
		t->failed++;
	say("LAB-RESULT %s %s %d%s\n", name, verdict, code, why);
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
