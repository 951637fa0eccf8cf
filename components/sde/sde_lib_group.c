// SPDX-License-Identifier: BSD-3-Clause
/* Counter groups: a named counter whose value combines its members' (sum,
 * maximum or minimum). Members are counters of the same library, groups
 * included; a group's value is integer or floating as its first member, and
 * later members must agree, so that the combination means something. */
#include <stdlib.h>

#include "sde_lib_internal.h"

static bool combine_is_valid(uint32_t how)
{
	return how == PAPI_SDE_SUM || how == PAPI_SDE_MAX || how == PAPI_SDE_MIN;
}

static bool is_floating(enum sde_value_kind kind)
{
	return sde_value_kind_is_floating(kind);
}

/* Would adding member to group make the group contain itself? */
static bool reaches(const struct sde_counter *from, const struct sde_counter *target)
{
	if (from == target)
		return true;
	if (from->source != SDE_SOURCE_GROUP)
		return false;
	for (int i = 0; i < from->u.group.member_count; i++)
		if (reaches(from->u.group.members[i], target))
			return true;
	return false;
}

static bool can_join(const struct sde_counter *member)
{
	if (!member || !member->live)
		return false;
	/* Addresses of copies do not add up; declared names hold nothing. */
	return member->source != SDE_SOURCE_DECLARED &&
	       sde_counter_kind(member) != SDE_VALUE_ADDRESS;
}

static int append_member(struct sde_counter *group, struct sde_counter *member)
{
	int count = group->u.group.member_count;
	struct sde_counter **grown =
	    realloc(group->u.group.members, sizeof(*grown) * (size_t)(count + 1));
	if (!grown)
		return SDE_ENOMEM;
	grown[count] = member;
	group->u.group.members = grown;
	group->u.group.member_count = count + 1;
	return SDE_OK;
}

/* The group named group_name, made (or revived) for a first member when it
 * does not exist; NULL with *status when it cannot take this member. */
static struct sde_counter *group_for(struct sde_library *library, const char *group_name,
                                     const struct sde_counter *member, uint32_t how, int *status)
{
	struct sde_counter *group = sde_counter_find(library, group_name);
	if (group && group->live) {
		bool same_class =
		    is_floating(sde_counter_kind(group)) == is_floating(sde_counter_kind(member));
		if (group->source != SDE_SOURCE_GROUP || group->u.group.combine != how ||
		    !same_class || reaches(member, group)) {
			*status = SDE_EINVAL;
			return NULL;
		}
		return group;
	}
	if (!group)
		group = sde_counter_add(library, group_name);
	if (!group) {
		*status = SDE_ENOMEM;
		return NULL;
	}
	if (group->source != SDE_SOURCE_GROUP)
		group->u.group.members = NULL; /* the name held another kind before */
	group->u.group.member_count = 0;       /* a revived group starts empty */
	group->u.group.combine = how;
	int type = is_floating(sde_counter_kind(member)) ? PAPI_SDE_double : PAPI_SDE_long_long;
	sde_counter_attach(group, SDE_SOURCE_GROUP, PAPI_SDE_RO, type);
	return group;
}

SDE_EXPORT int papi_sde_add_counter_to_group(papi_handle_t handle, const char *event_name,
                                             const char *group_name, uint32_t group_flags)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(event_name) || !sde_name_is_valid(group_name) ||
	    !combine_is_valid(group_flags))
		return SDE_EINVAL;
	int status = SDE_EINVAL;
	sde_write_lock();
	struct sde_counter *member = sde_counter_find(library, event_name);
	if (can_join(member)) {
		struct sde_counter *group =
		    group_for(library, group_name, member, group_flags, &status);
		if (group)
			status = append_member(group, member);
	}
	sde_write_unlock();
	return status;
}
