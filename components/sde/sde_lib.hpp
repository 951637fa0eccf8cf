// SPDX-License-Identifier: BSD-3-Clause
// The C++ face of sde_lib.h, as PAPI 7's sde_lib.hpp has it: namespace
// papi_sde, class PapiSde for a library, and CreatedCounter, Recorder and
// CountingSet for the counters libsde keeps. Types are taken from the C++
// variables (long long, int, double, float), so a library cannot give the
// wrong PAPI_SDE_ type. Header-only, over libsde's C functions (-lsde).
#ifndef PAPI_SDE_LIB_HPP
#define PAPI_SDE_LIB_HPP

#include <cstddef>
#include <cstdint>
#include <exception>
#include <new>
#include <type_traits>

#include "sde_lib.h"

namespace papi_sde
{

namespace detail
{
// The PAPI_SDE_ type of a variable of type T; other types do not compile.
template <typename T> struct counter_type;
template <> struct counter_type<long long> {
	static constexpr int value = PAPI_SDE_long_long;
};
template <> struct counter_type<int> {
	static constexpr int value = PAPI_SDE_int;
};
template <> struct counter_type<double> {
	static constexpr int value = PAPI_SDE_double;
};
template <> struct counter_type<float> {
	static constexpr int value = PAPI_SDE_float;
};

// A typed callback and its parameter, called through libsde's untyped
// papi_sde_fptr_t. It lives as long as the counter may be read: for good.
template <typename P> struct callback_binding {
	long long (*function)(P *);
	P *param;
	static long long call(void *binding)
	{
		auto *self = static_cast<callback_binding *>(binding);
		return self->function(self->param);
	}
};
} // namespace detail

class PapiSde
{
      public:
	explicit PapiSde(const char *name_of_library) : sde_handle(papi_sde_init(name_of_library))
	{
	}

	class CreatedCounter;
	class Recorder;
	class CountingSet;

	template <typename T>
	int register_counter(const char *event_name, int cntr_mode, T &counter)
	{
		return papi_sde_register_counter(sde_handle, event_name, cntr_mode,
		                                 detail::counter_type<T>::value, &counter);
	}

	// As in PAPI 7, only callbacks that return long long are accepted.
	template <typename T, typename P>
	int register_counter_cb(const char *event_name, int cntr_mode, T (*func_ptr)(P *), P &param)
	{
		if (!std::is_same<T, long long>::value)
			return SDE_EINVAL;
		auto *binding = new (std::nothrow) detail::callback_binding<P>{
		    reinterpret_cast<long long (*)(P *)>(func_ptr), &param};
		if (!binding)
			return SDE_ENOMEM;
		int status = papi_sde_register_counter_cb(
		    sde_handle, event_name, cntr_mode, PAPI_SDE_long_long,
		    &detail::callback_binding<P>::call, binding);
		if (status != SDE_OK)
			delete binding;
		return status;
	}

	int unregister_counter(const char *event_name)
	{
		return papi_sde_unregister_counter(sde_handle, event_name);
	}

	int describe_counter(const char *event_name, const char *event_description)
	{
		return papi_sde_describe_counter(sde_handle, event_name, event_description);
	}

	int add_counter_to_group(const char *event_name, const char *group_name,
	                         uint32_t group_flags)
	{
		return papi_sde_add_counter_to_group(sde_handle, event_name, group_name,
		                                     group_flags);
	}

	// nullptr when libsde refuses (see the C functions' errors).
	CreatedCounter *create_counter(const char *event_name, int cntr_mode);
	Recorder *create_recorder(const char *event_name, size_t typesize,
	                          int (*cmpr_func_ptr)(const void *p1, const void *p2));
	CountingSet *create_counting_set(const char *cset_name);

	class CreatedCounter
	{
	      public:
		// Throws std::exception when libsde refuses.
		CreatedCounter(papi_handle_t library, const char *event_name, int cntr_mode)
		{
			if (papi_sde_create_counter(library, event_name, cntr_mode,
			                            &counter_handle) != SDE_OK)
				throw std::exception();
		}
		template <typename T> int increment(T const &increment)
		{
			return papi_sde_inc_counter(counter_handle,
			                            static_cast<long long>(increment));
		}
		int reset()
		{
			return papi_sde_reset_counter(counter_handle);
		}

	      private:
		void *counter_handle = nullptr;
	};

	class Recorder
	{
	      public:
		Recorder(papi_handle_t library, const char *event_name, size_t typesize,
		         int (*cmpr_func_ptr)(const void *p1, const void *p2))
		{
			if (papi_sde_create_recorder(library, event_name, typesize, cmpr_func_ptr,
			                             &recorder_handle) != SDE_OK)
				throw std::exception();
		}
		template <typename T> int record(T const &value)
		{
			return papi_sde_record(recorder_handle, sizeof(T), &value);
		}
		int reset()
		{
			return papi_sde_reset_recorder(recorder_handle);
		}

	      private:
		void *recorder_handle = nullptr;
	};

	class CountingSet
	{
	      public:
		CountingSet(papi_handle_t library, const char *cset_name)
		{
			if (papi_sde_create_counting_set(library, cset_name, &cset_handle) !=
			    SDE_OK)
				throw std::exception();
		}
		// The whole element is its key.
		template <typename T> int insert(T const &element, uint32_t type_id)
		{
			return papi_sde_counting_set_insert(cset_handle, sizeof(T), sizeof(T),
			                                    &element, type_id);
		}
		// Its first hashable_size bytes are its key.
		template <typename T>
		int insert(size_t hashable_size, T const &element, uint32_t type_id)
		{
			return papi_sde_counting_set_insert(cset_handle, sizeof(T), hashable_size,
			                                    &element, type_id);
		}
		template <typename T>
		int remove(size_t hashable_size, T const &element, uint32_t type_id)
		{
			return papi_sde_counting_set_remove(cset_handle, hashable_size, &element,
			                                    type_id);
		}

	      private:
		void *cset_handle = nullptr;
	};

      private:
	papi_handle_t sde_handle;
};

inline PapiSde::CreatedCounter *PapiSde::create_counter(const char *event_name, int cntr_mode)
{
	try {
		return new CreatedCounter(sde_handle, event_name, cntr_mode);
	} catch (std::exception const &) {
		return nullptr;
	}
}

inline PapiSde::Recorder *PapiSde::create_recorder(const char *event_name, size_t typesize,
                                                   int (*cmpr_func_ptr)(const void *p1,
                                                                        const void *p2))
{
	try {
		return new Recorder(sde_handle, event_name, typesize, cmpr_func_ptr);
	} catch (std::exception const &) {
		return nullptr;
	}
}

inline PapiSde::CountingSet *PapiSde::create_counting_set(const char *cset_name)
{
	try {
		return new CountingSet(sde_handle, cset_name);
	} catch (std::exception const &) {
		return nullptr;
	}
}

template <typename T>
inline PapiSde::CreatedCounter &operator+=(PapiSde::CreatedCounter &counter, const T increment)
{
	counter.increment(increment);
	return counter;
}

inline PapiSde::CreatedCounter &operator++(PapiSde::CreatedCounter &counter)
{
	counter.increment(1LL);
	return counter;
}

inline PapiSde::CreatedCounter &operator--(PapiSde::CreatedCounter &counter)
{
	counter.increment(-1LL);
	return counter;
}

} // namespace papi_sde

#endif
