# SPDX-License-Identifier: BSD-3-Clause
dnl Selecting the components to build: configure.ac includes this file,
dnl then components/list.m4 (the components' component.m4 files, in index
dnl order), calls PAPILLON_COMPONENTS_ASKED and, once the compiler is
dnl known, PAPILLON_SELECT_ARCH and PAPILLON_SELECT_COMPONENTS.
dnl
dnl A component's components/NAME/component.m4 holds one call
dnl     PAPILLON_COMPONENT([NAME], [CHECKS])
dnl CHECKS is configure code run only when the component is to be built. It
dnl checks the component's own dependencies and, when one is missing, sets
dnl component_reason to what is missing and how to get it: the component is
dnl then left out, or configure stops if --with-components asked for it. It
dnl may set component_summary (shown next to the component's name in
dnl configure's summary) and AC_SUBST what the component's Makefile.am needs.
AC_DEFUN([PAPILLON_COMPONENT],
[m4_append([papillon_component_names], [$1], [ ])dnl
m4_define([papillon_component_checks_$1], [$2])])

dnl PAPILLON_COMPONENTS_ASKED: --with-components, checked against the
dnl tree's components before anything else runs; sets components_asked
dnl (empty: the default, every component that can be built).
AC_DEFUN([PAPILLON_COMPONENTS_ASKED],
[AC_ARG_WITH([components],
  [AS_HELP_STRING([--with-components=LIST],
    [components to build, separated by commas or spaces (known: ]papillon_component_names[;
     default: every one whose dependencies are found)])],
  [], [with_components=default])
COMPONENT_ALL="papillon_component_names"
components_asked=''
AS_CASE([$with_components],
  [default|yes|''], [],
  [no], [AC_MSG_ERROR([--without-components: the library needs at least one component (known: $COMPONENT_ALL)])],
  [components_asked=`echo "$with_components" | tr ',' ' '`
   AS_IF([test -z "`echo $components_asked`"],
     [AC_MSG_ERROR([--with-components names no component (known: $COMPONENT_ALL)])])
   for component in $components_asked; do
     AS_CASE([" $COMPONENT_ALL "], [*" $component "*], [],
       [AC_MSG_ERROR([--with-components: no component '$component' in this tree (known: $COMPONENT_ALL)])])
   done])])

dnl PAPILLON_SELECT_COMPONENTS: after PAPILLON_COMPONENTS_ASKED and the
dnl compiler checks, each component's checks and what the build takes from
dnl the choice:
dnl   COMPONENTS           names built, in index order (Makefiles, summary)
dnl   COMPONENT_ALL        every component of the tree (make dist, distclean)
dnl   COMPONENT_LTLIBS     their convenience libraries, linked into libpapi
dnl   COMPONENT_<NAME>     an Automake conditional per component
dnl   PAPILLON_FOR_EACH_COMPONENT(X)  in config.h: X(name) per component
dnl                        built, the list src/registry/components.c is made from
dnl   PAPILLON_COMPONENT_NAMES        in config.h: the names, as a string
dnl   PAPILLON_COMPONENT_ALL          in config.h: every name of the tree
AC_DEFUN([PAPILLON_SELECT_COMPONENTS],
[AC_REQUIRE([PAPILLON_COMPONENTS_ASKED])
COMPONENTS=''
COMPONENT_LTLIBS=''
components_left_out=''
components_summary=''
dnl One component's shell code after the other's, each on its own lines.
m4_foreach_w([papillon_name], papillon_component_names,
[_PAPILLON_SELECT_ONE(papillon_name)
])
AS_IF([test -z "$COMPONENTS"],
  [AC_MSG_ERROR([no component can be built here:$components_left_out])])
papillon_for_each=''
for component in $COMPONENTS; do
  papillon_for_each="$papillon_for_each X($component)"
done
AC_DEFINE_UNQUOTED([PAPILLON_FOR_EACH_COMPONENT(X)], [$papillon_for_each],
  [The components built, in index order: X(name) for each (src/registry/components.c).])
AC_DEFINE_UNQUOTED([PAPILLON_COMPONENT_NAMES], ["$COMPONENTS"],
  [The names of the components built, in index order, separated by spaces.])
AC_DEFINE_UNQUOTED([PAPILLON_COMPONENT_ALL], ["$COMPONENT_ALL"],
  [The names of every component of the tree, built here or not, separated by spaces.])
AC_SUBST([COMPONENTS])
AC_SUBST([COMPONENT_ALL])
AC_SUBST([COMPONENT_LTLIBS])
m4_foreach_w([papillon_name], papillon_component_names,
[AM_CONDITIONAL([COMPONENT_]m4_toupper(papillon_name),
  [case " $COMPONENTS " in *" ]papillon_name[ "*) true ;; *) false ;; esac])
])])

dnl _PAPILLON_SELECT_ONE(NAME): decide one component.
m4_define([_PAPILLON_SELECT_ONE],
[AS_IF([test -n "$components_asked" && ! echo " $components_asked " | grep -q " $1 "],
  [components_left_out="$components_left_out
      $1: not in --with-components"],
  [component_reason=''
   component_summary=''
   AC_MSG_NOTICE([checking what component $1 needs])
   papillon_component_checks_$1
   AS_IF([test -z "$component_reason"],
     [AC_MSG_NOTICE([component $1: built${component_summary:+ ($component_summary)}])
      COMPONENTS="${COMPONENTS:+$COMPONENTS }$1"
      COMPONENT_LTLIBS="$COMPONENT_LTLIBS \$(top_builddir)/components/$1/libpapillon_$1.la"
      components_summary="$components_summary
      $1${component_summary:+ ($component_summary)}"],
     [test -n "$components_asked"],
     [AC_MSG_ERROR([component $1 was asked for (--with-components) but cannot be built: $component_reason])],
     [AC_MSG_WARN([component $1 is left out: $component_reason])
      components_left_out="$components_left_out
      $1: $component_reason"])])])

dnl PAPILLON_SELECT_ARCH: the architecture of the host, as the name of the
dnl arch/<arch>/ directories a component keeps its assembly (.S) and other
dnl per-architecture sources in, and one Automake conditional per
dnl architecture the project knows (ARCH_X86_64, ARCH_AARCH64, ARCH_PPC64,
dnl ARCH_RISCV64). PAPILLON_ARCH is "other" elsewhere: such a host gets no
dnl per-architecture sources, and a component that needs them says so in
dnl its component_reason.
AC_DEFUN([PAPILLON_SELECT_ARCH],
[AC_REQUIRE([AC_CANONICAL_HOST])
AS_CASE([$host_cpu],
  [x86_64], [PAPILLON_ARCH=x86_64],
  [aarch64], [PAPILLON_ARCH=aarch64],
  [powerpc64le|powerpc64], [PAPILLON_ARCH=ppc64],
  [riscv64], [PAPILLON_ARCH=riscv64],
  [PAPILLON_ARCH=other])
AC_SUBST([PAPILLON_ARCH])
AM_CONDITIONAL([ARCH_X86_64], [test "x$PAPILLON_ARCH" = xx86_64])
AM_CONDITIONAL([ARCH_AARCH64], [test "x$PAPILLON_ARCH" = xaarch64])
AM_CONDITIONAL([ARCH_PPC64], [test "x$PAPILLON_ARCH" = xppc64])
AM_CONDITIONAL([ARCH_RISCV64], [test "x$PAPILLON_ARCH" = xriscv64])])
