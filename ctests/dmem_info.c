// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_dmem_info reports this process's memory in kilobytes as the
 * kernel does (/proc/self/status), with the page size in bytes; touching
 * 64 MiB of fresh memory raises the resident and virtual sizes by that much. */
#include "ctest_util.h"

#include <stdio.h>
#include <string.h>

struct status {
	long long peak, size, resident, hwm, stack, text, library;
};

static long long status_field(const char *key)
{
	FILE *file = fopen("/proc/self/status", "r");
	char line[256];
	long long value = -1;
	size_t key_len = strlen(key);

	FAIL_IF(file == NULL, "cannot open /proc/self/status");
	while (fgets(line, sizeof(line), file) != NULL)
		if (strncmp(line, key, key_len) == 0 && line[key_len] == ':')
			sscanf(line + key_len + 1, "%lld", &value);
	fclose(file);
	FAIL_IF(value < 0, "/proc/self/status has no %s", key);
	return value;
}

static void read_status(struct status *status)
{
	status->peak = status_field("VmPeak");
	status->size = status_field("VmSize");
	status->resident = status_field("VmRSS");
	status->hwm = status_field("VmHWM");
	status->stack = status_field("VmStk");
	status->text = status_field("VmExe");
	status->library = status_field("VmLib");
}

static bool within(long long value, long long low, long long high)
{
	return value >= low && value <= high;
}

/* value must lie between the kernel's figures read just before and after
 * it, with a margin for what the library itself allocated. */
static void check_field(const char *name, long long value, long long before, long long after)
{
	long long low = before < after ? before : after;
	long long high = before < after ? after : before;
	long long margin = high / 20 + 2048;

	FAIL_IF(!within(value, low - margin, high + margin),
	        "dmem %s is %lld kB, /proc/self/status says %lld..%lld kB", name, value, low, high);
}

int main(int argc, char **argv)
{
	const size_t pages = (64u << 20) / ctest_page_size();
	PAPI_dmem_info_t first, second;
	struct status before, after;
	char *memory;

	ctest_init(argc, argv);
	ctest_library_init();

	read_status(&before);
	CHECK_OK(PAPI_get_dmem_info(&first));
	read_status(&after);
	ctest_note("size %lld resident %lld peak %lld hwm %lld text %lld library %lld stack %lld "
	           "heap %lld shared %lld pte %lld locked %lld pagesize %lld",
	           first.size, first.resident, first.peak, first.high_water_mark, first.text,
	           first.library, first.stack, first.heap, first.shared, first.pte, first.locked,
	           first.pagesize);

	FAIL_IF(first.pagesize != (long long)ctest_page_size(), "pagesize is %lld, expected %zu",
	        first.pagesize, ctest_page_size());
	check_field("size", first.size, before.size, after.size);
	check_field("resident", first.resident, before.resident, after.resident);
	/* PAPI 7.0 leaves peak at 0 (unknown); a value must be the kernel's. */
	if (first.peak != 0)
		check_field("peak", first.peak, before.peak, after.peak);
	check_field("high_water_mark", first.high_water_mark, before.hwm, after.hwm);
	FAIL_IF(first.high_water_mark < first.resident, "high_water_mark %lld < resident %lld",
	        first.high_water_mark, first.resident);
	FAIL_IF(first.peak != 0 && first.peak < first.size, "peak %lld < size %lld", first.peak,
	        first.size);
	FAIL_IF(first.text <= 0 || first.text != before.text,
	        "text is %lld kB, /proc/self/status says %lld", first.text, before.text);
	FAIL_IF(first.library <= 0, "library is %lld kB for a program linked with libpapi",
	        first.library);
	FAIL_IF(first.stack <= 0, "stack is %lld kB", first.stack);

	memory = ctest_fresh_pages(pages);
	ctest_touch_pages(memory, pages);
	CHECK_OK(PAPI_get_dmem_info(&second));
	ctest_free_pages(memory, pages);
	FAIL_IF(second.resident - first.resident < 60 * 1024,
	        "resident grew by %lld kB after touching 64 MiB", second.resident - first.resident);
	FAIL_IF(second.size - first.size < 60 * 1024, "size grew by %lld kB after mapping 64 MiB",
	        second.size - first.size);
	FAIL_IF(second.high_water_mark < second.resident,
	        "high_water_mark %lld < resident %lld after growth", second.high_water_mark,
	        second.resident);

	EXPECT_RC(PAPI_get_dmem_info(NULL), PAPI_EINVAL);

	ctest_pass();
}
