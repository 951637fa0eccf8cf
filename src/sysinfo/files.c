// SPDX-License-Identifier: BSD-3-Clause
/* Small readers for the text files of /proc and /sys. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "sysinfo/internal.h"

int sysinfo_read_text(const char *path, char *buf, size_t len)
{
	if (len == 0)
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t used = 0;
	while (used < len - 1) {
		ssize_t got = read(fd, buf + used, len - 1 - used);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		used += (size_t)got;
	}
	close(fd);
	while (used > 0 && (buf[used - 1] == '\n' || buf[used - 1] == '\0'))
		used--;
	buf[used] = '\0';
	return (int)used;
}

long long sysinfo_read_number(const char *path, long long fallback)
{
	char text[64];
	if (sysinfo_read_text(path, text, sizeof(text)) <= 0)
		return fallback;
	char *end;
	errno = 0;
	long long value = strtoll(text, &end, 0);
	if (end == text || errno != 0)
		return fallback;
	return value;
}

int sysinfo_list_count(const char *list, int *first)
{
	int count = 0;
	int lowest = -1;
	const char *p = list;
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10);
		if (end == p)
			break;
		long hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || hi < lo)
				break;
			p = end;
		}
		count += (int)(hi - lo + 1);
		if (lowest < 0 || lo < lowest)
			lowest = (int)lo;
		if (*p != ',')
			break;
		p++;
	}
	if (first)
		*first = lowest;
	return count;
}

int sysinfo_first_cpu(void)
{
	char list[4096];
	int first = 0;
	if (sysinfo_read_text("/sys/devices/system/cpu/online", list, sizeof(list)) > 0)
		sysinfo_list_count(list, &first);
	return first < 0 ? 0 : first;
}
