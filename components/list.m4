# SPDX-License-Identifier: BSD-3-Clause
dnl The components this tree can build, in index order: the first one built
dnl is component 0. configure builds every one whose dependencies it finds,
dnl or those --with-components names. Adding a component: its directory
dnl components/NAME/ (see doc/components.md) and one line here.
m4_include([components/perf_event/component.m4])
m4_include([components/sde/component.m4])
m4_include([components/ebb/component.m4])
m4_include([components/perfctr/component.m4])
m4_include([components/riscv/component.m4])
