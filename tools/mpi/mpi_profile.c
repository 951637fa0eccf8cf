// SPDX-License-Identifier: BSD-3-Clause
// Counting of one rank: PAPI's low-level API from MPI_Init to
// MPI_Finalize, and per class of MPI call the calls, bytes and time.
#include "mpi_profile.h"
#include "mpi_requests.h"

#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// Software events: they count on any Linux machine, a VM without a PMU too.
static const char default_events[] = "perf::TASK-CLOCK,perf::CONTEXT-SWITCHES,perf::PAGE-FAULTS";

const char *const mpi_class_region_names[MPI_CLASS_COUNT] = {
    [MPI_CLASS_POINT_TO_POINT] = "mpi:point-to-point",
    [MPI_CLASS_COLLECTIVE] = "mpi:collective",
    [MPI_CLASS_WAIT_TEST] = "mpi:wait-test",
    [MPI_CLASS_ONE_SIDED] = "mpi:one-sided",
    [MPI_CLASS_IO] = "mpi:io",
};

static struct {
	int started, finished;
	int eventset;
	int nevents;
	char event_names[MPI_PROFILE_MAX_EVENTS][PAPI_MAX_STR_LEN];
	int event_counts[MPI_PROFILE_MAX_EVENTS]; // added to the event set
	long long start_nsec, start_cycles;
	// Only threads of an MPI_THREAD_MULTIPLE program call MPI at the same
	// time; the other levels serialise the calls, so plain adds do.
	int concurrent;
	// Time in calls in cycles (PAPI_get_real_cyc: a third of the cost of
	// PAPI_get_real_nsec here), turned into ns with the whole run's ratio.
	uint64_t calls[MPI_CLASS_COUNT], bytes[MPI_CLASS_COUNT], cycles[MPI_CLASS_COUNT];
} profile = {.eventset = PAPI_NULL};

static _Thread_local int call_depth;

// Papillon says why a call failed; PAPI's own libpapi does not.
static const char *last_reason(void)
{
#ifdef PAPILLON
	const char *reason = PAPI_strreason();
	return reason ? reason : "";
#else
	return "";
#endif
}

static int verbose(void)
{
	const char *v = getenv("PAPI_MPI_VERBOSE");
	return v && *v && strcmp(v, "0") != 0;
}

void mpi_call_begin(struct mpi_call *call)
{
	call->outermost = call_depth++ == 0 && profile.started && !profile.finished;
	call->start_cycles = call->outermost ? PAPI_get_real_cyc() : 0;
}

void mpi_call_end(struct mpi_call *call, enum mpi_call_class cls, uint64_t bytes)
{
	call_depth--;
	if (!call->outermost)
		return;
	uint64_t elapsed = (uint64_t)(PAPI_get_real_cyc() - call->start_cycles);
	if (profile.concurrent) {
		__atomic_fetch_add(&profile.calls[cls], 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&profile.bytes[cls], bytes, __ATOMIC_RELAXED);
		__atomic_fetch_add(&profile.cycles[cls], elapsed, __ATOMIC_RELAXED);
	} else {
		profile.calls[cls]++;
		profile.bytes[cls] += bytes;
		profile.cycles[cls] += elapsed;
	}
}

uint64_t mpi_type_bytes(int count, MPI_Datatype datatype)
{
	int size = 0;
	if (count <= 0 || datatype == MPI_DATATYPE_NULL)
		return 0;
	if (PMPI_Type_size(datatype, &size) != MPI_SUCCESS || size < 0)
		return 0;
	return (uint64_t)count * (uint64_t)size;
}

// The ranks a rank sends a block to in an all-to-all: its group, or the
// remote group of an intercommunicator.
uint64_t mpi_comm_peers(MPI_Comm comm)
{
	int inter = 0, size = 0;
	PMPI_Comm_test_inter(comm, &inter);
	if (inter)
		PMPI_Comm_remote_size(comm, &size);
	else
		PMPI_Comm_size(comm, &size);
	return size > 0 ? (uint64_t)size : 0;
}

uint64_t mpi_counts_bytes(const int counts[], MPI_Datatype type, uint64_t n)
{
	uint64_t total = 0;
	for (uint64_t i = 0; i < n; i++)
		total += mpi_type_bytes(counts[i], type);
	return total;
}

uint64_t mpi_typed_counts_bytes(const int counts[], const MPI_Datatype types[], uint64_t n)
{
	uint64_t total = 0;
	for (uint64_t i = 0; i < n; i++)
		total += mpi_type_bytes(counts[i], types[i]);
	return total;
}

uint64_t mpi_comm_out_neighbours(MPI_Comm comm)
{
	int topology = MPI_UNDEFINED, rank = 0, n = 0, in = 0, weighted = 0;
	PMPI_Topo_test(comm, &topology);
	if (topology == MPI_CART) {
		PMPI_Cartdim_get(comm, &n);
		n *= 2;
	} else if (topology == MPI_GRAPH) {
		PMPI_Comm_rank(comm, &rank);
		PMPI_Graph_neighbors_count(comm, rank, &n);
	} else if (topology == MPI_DIST_GRAPH) {
		PMPI_Dist_graph_neighbors_count(comm, &in, &n, &weighted);
	}
	return n > 0 ? (uint64_t)n : 0;
}

// PAPI_MPI_EVENTS (comma separated) or the defaults; a name that does not
// count here is left out (said with PAPI_MPI_VERBOSE), never fatal.
static void events_add(void)
{
	const char *list = getenv("PAPI_MPI_EVENTS");
	char names[1024];
	snprintf(names, sizeof names, "%s", list && *list ? list : default_events);
	char *save = NULL;
	for (char *name = strtok_r(names, ",", &save);
	     name && profile.nevents < MPI_PROFILE_MAX_EVENTS; name = strtok_r(NULL, ",", &save)) {
		int i = profile.nevents++;
		snprintf(profile.event_names[i], sizeof profile.event_names[i], "%s", name);
		int rc = PAPI_add_named_event(profile.eventset, name);
		profile.event_counts[i] = rc == PAPI_OK;
		if (rc != PAPI_OK && verbose())
			fprintf(stderr, "papi_mpi: %s is not counted: %s (%s)\n", name,
			        PAPI_strerror(rc), last_reason());
	}
}

void mpi_profile_start(int thread_level)
{
	if (profile.started)
		return;
	profile.concurrent = thread_level == MPI_THREAD_MULTIPLE;
	profile.started = 1;
	profile.start_nsec = PAPI_get_real_nsec();
	int rc = PAPI_library_init(PAPI_VER_CURRENT);
	// The program may have initialised PAPI itself (the high-level API).
	if (rc != PAPI_VER_CURRENT && rc != PAPI_OK) {
		if (verbose())
			fprintf(stderr, "papi_mpi: PAPI_library_init: %s\n", PAPI_strerror(rc));
		return;
	}
	if (PAPI_create_eventset(&profile.eventset) != PAPI_OK) {
		profile.eventset = PAPI_NULL;
		return;
	}
	// Attached to this thread rather than counting as the caller: the
	// thread's own event set stays free for the program (the high-level
	// API starts one per thread; two that count the caller on one
	// component cannot run together).
	if (PAPI_assign_eventset_component(profile.eventset, 0) != PAPI_OK ||
	    (rc = PAPI_attach(profile.eventset, (unsigned long)syscall(SYS_gettid))) != PAPI_OK) {
		if (verbose())
			fprintf(stderr, "papi_mpi: PAPI_attach to this thread: %s (%s)\n",
			        PAPI_strerror(rc), last_reason());
	}
	events_add();
	if ((rc = PAPI_start(profile.eventset)) != PAPI_OK) {
		if (verbose())
			fprintf(stderr, "papi_mpi: PAPI_start: %s\n", PAPI_strerror(rc));
		for (int i = 0; i < profile.nevents; i++)
			profile.event_counts[i] = 0;
	}
	profile.start_nsec = PAPI_get_real_nsec();
	profile.start_cycles = PAPI_get_real_cyc();
}

void mpi_profile_finish(void)
{
	if (!profile.started || profile.finished)
		return;
	long long values[MPI_PROFILE_MAX_EVENTS] = {0};
	struct mpi_rank_figures mine = {0};
	int counted = 0;
	for (int i = 0; i < profile.nevents; i++)
		counted += profile.event_counts[i];
	int stopped = counted && PAPI_stop(profile.eventset, values) == PAPI_OK;
	mine.total_nsec = (uint64_t)(PAPI_get_real_nsec() - profile.start_nsec);
	long long total_cycles = PAPI_get_real_cyc() - profile.start_cycles;
	profile.finished = 1;
	mpi_requests_clear();
	// values[] holds the added events in order; the others are missing.
	for (int i = 0, added = 0; i < profile.nevents; i++)
		mine.events[i] = profile.event_counts[i] && stopped ? (uint64_t)values[added++]
		                                                    : MPI_PROFILE_MISSING;
	for (int c = 0; c < MPI_CLASS_COUNT; c++) {
		mine.classes[c].calls = profile.calls[c];
		mine.classes[c].bytes = profile.bytes[c];
		mine.classes[c].nsec = total_cycles > 0
		                           ? (uint64_t)((long double)profile.cycles[c] *
		                                        mine.total_nsec / total_cycles)
		                           : 0;
	}
	if (profile.eventset != PAPI_NULL) {
		PAPI_cleanup_eventset(profile.eventset);
		PAPI_destroy_eventset(&profile.eventset);
	}
	const char *names[MPI_PROFILE_MAX_EVENTS];
	for (int i = 0; i < profile.nevents; i++)
		names[i] = profile.event_names[i];
	if (mpi_report_write(&mine, profile.nevents, names) != 0 && verbose())
		fprintf(stderr, "papi_mpi: the report was not written\n");
}
