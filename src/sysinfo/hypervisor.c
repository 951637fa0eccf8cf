// SPDX-License-Identifier: BSD-3-Clause
/* Is this a virtual machine, and whose? On x86 the cpuid hypervisor bit and
 * signature answer; elsewhere the kernel's /sys/hypervisor, the device tree
 * and the firmware (DMI) tables name the virtual platform. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sysinfo/internal.h"

#define DMI        "/sys/class/dmi/id/"
#define DEVTREE    "/proc/device-tree/"
#define HYPERVISOR "/sys/hypervisor/"

/* A file whose text names a virtual platform. Device-tree properties are
 * lists of NUL-separated strings; every string is searched. */
struct hypervisor_probe {
	const char *path;
	const char *contains; /* case-insensitive */
	const char *vendor;
};

static const struct hypervisor_probe probes[] = {
    {DEVTREE "hypervisor/compatible", "linux,kvm", "KVM"},
    {DEVTREE "hypervisor/compatible", "xen", "Xen"},
    {DEVTREE "compatible", "linux,dummy-virt", "QEMU"}, /* arm virt board */
    {DEVTREE "compatible", "riscv-virtio", "QEMU"},     /* riscv virt board */
    {DEVTREE "model", "emulated by qemu", "QEMU"},      /* ppc64 pseries */
    {DEVTREE "ibm,partition-name", "", "PowerVM"},      /* an LPAR */
    {DMI "sys_vendor", "QEMU", "QEMU"},
    {DMI "product_name", "KVM", "KVM"},
    {DMI "sys_vendor", "VMware", "VMware"},
    {DMI "product_name", "VirtualBox", "VirtualBox"},
    {DMI "sys_vendor", "Xen", "Xen"},
    {DMI "sys_vendor", "Parallels", "Parallels"},
    {DMI "product_name", "Virtual Machine", "Microsoft Hv"}, /* Hyper-V's name */
    {DMI "sys_vendor", "Bochs", "Bochs"},
};

static int text_contains(char *text, int len, const char *needle)
{
	for (int i = 0; i < len; i++)
		if (text[i] == '\0')
			text[i] = ' ';
	return strcasestr(text, needle) != NULL;
}

static int probe_files(char *vendor, size_t vendor_len)
{
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		char text[512];
		int len = sysinfo_read_text(probes[i].path, text, sizeof(text));
		if (len < 0 || !text_contains(text, len, probes[i].contains))
			continue;
		snprintf(vendor, vendor_len, "%s", probes[i].vendor);
		return 1;
	}
	return 0;
}

/* /sys/hypervisor: Xen guests (and s390 hosts) describe themselves here. */
static int sys_hypervisor(char *vendor, size_t vendor_len, char *version, size_t version_len)
{
	char type[64];
	if (sysinfo_read_text(HYPERVISOR "type", type, sizeof(type)) <= 0)
		return 0;
	snprintf(vendor, vendor_len, "%s", type);
	long long major = sysinfo_read_number(HYPERVISOR "version/major", -1);
	long long minor = sysinfo_read_number(HYPERVISOR "version/minor", -1);
	char extra[64] = "";
	sysinfo_read_text(HYPERVISOR "version/extra", extra, sizeof(extra));
	if (major >= 0 && minor >= 0 && !version[0])
		snprintf(version, version_len, "%lld.%lld%s", major, minor, extra);
	return 1;
}

void sysinfo_hypervisor(PAPI_hw_info_t *hw)
{
	char *vendor = hw->virtual_vendor_string;
	char *version = hw->virtual_vendor_version;
	size_t vendor_len = sizeof(hw->virtual_vendor_string);
	size_t version_len = sizeof(hw->virtual_vendor_version);

	vendor[0] = version[0] = '\0';
	if (sysinfo_x86_hypervisor(vendor, vendor_len, version, version_len)) {
		hw->virtualized = 1;
		/* Xen fills in its version here even when cpuid did not. */
		char xen_vendor[64];
		sys_hypervisor(xen_vendor, sizeof(xen_vendor), version, version_len);
		return;
	}
	hw->virtualized = sys_hypervisor(vendor, vendor_len, version, version_len) ||
	                  probe_files(vendor, vendor_len);
}
