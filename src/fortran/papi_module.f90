! SPDX-License-Identifier: BSD-3-Clause
! The Fortran 2003 module papi: PAPI's constants and typed interfaces to the PAPIF_*
! entry points (src/fortran/*.c), so that a wrong argument type, kind or count is a
! compile-time error instead of a silent run-time bug:
!
!   use papi
!   integer :: event_set = PAPI_NULL, check
!   call papif_create_eventset(event_set, check)
!
! The interfaces are those of external procedures: gfortran calls papif_x_ and appends
! each CHARACTER argument's length as a hidden size_t, the ABI of the C side. Integers
! are c_int, counts c_long_long (INTEGER(8)), as the C API's int and long long. The
! module holds no procedures and no data: papi.mod is all a program needs besides -lpapi.
module papi
  use, intrinsic :: iso_c_binding, only: c_int, c_long, c_long_long, c_float
  implicit none
  private :: c_int, c_long, c_long_long, c_float

  include 'f90papi.h'

  ! What papif_overflow calls on each overflow of the event set.
  abstract interface
    subroutine papif_overflow_handler(event_set, address, overflow_vector, context)
      import :: c_int, c_long_long
      integer(c_int) :: event_set
      integer(c_long_long) :: address, overflow_vector, context
    end subroutine papif_overflow_handler
  end interface

  ! The shapes that several entry points share, argument names included (a call may
  ! name its arguments): each such entry point is declared below with procedure(shape),
  ! an external procedure with that explicit interface, as one of its own would be.
  abstract interface
    subroutine check_only(check)
      import :: c_int
      integer(c_int) :: check
    end subroutine check_only
    subroutine lock_check(lock, check)
      import :: c_int
      integer(c_int) :: lock
      integer(c_int) :: check
    end subroutine lock_check
    subroutine event_set_check(event_set, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: check
    end subroutine event_set_check
    subroutine event_set_cidx_check(event_set, cidx, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine event_set_cidx_check
    subroutine event_set_code_check(event_set, event_code, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: event_code
      integer(c_int) :: check
    end subroutine event_set_code_check
    subroutine event_set_name_check(event_set, name, check)
      import :: c_int
      integer(c_int) :: event_set
      character(len=*) :: name
      integer(c_int) :: check
    end subroutine event_set_name_check
    subroutine event_set_codes_check(event_set, event_codes, number, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int), dimension(*) :: event_codes
      integer(c_int) :: number
      integer(c_int) :: check
    end subroutine event_set_codes_check
    subroutine event_set_values_check(event_set, values, check)
      import :: c_int, c_long_long
      integer(c_int) :: event_set
      integer(c_long_long), dimension(*) :: values
      integer(c_int) :: check
    end subroutine event_set_values_check
    subroutine region_check(region, check)
      import :: c_int
      character(len=*) :: region
      integer(c_int) :: check
    end subroutine region_check
    subroutine cycles_out(cycles)
      import :: c_long_long
      integer(c_long_long) :: cycles
    end subroutine cycles_out
    subroutine usec_out(usec)
      import :: c_long_long
      integer(c_long_long) :: usec
    end subroutine usec_out
    subroutine nsec_out(nsec)
      import :: c_long_long
      integer(c_long_long) :: nsec
    end subroutine nsec_out
  end interface
  private :: check_only, lock_check, event_set_check, event_set_cidx_check, &
    event_set_code_check, event_set_name_check, event_set_codes_check, &
    event_set_values_check, region_check, cycles_out, usec_out, nsec_out

  ! library init, threads
  procedure(check_only) :: papif_library_init, papif_multiplex_init, &
    papif_register_thread, papif_unregister_thread
  procedure(lock_check) :: papif_lock, papif_unlock
  ! event sets
  procedure(event_set_check) :: papif_create_eventset, papif_destroy_eventset, &
    papif_cleanup_eventset, papif_set_multiplex, papif_get_multiplex, papif_detach
  procedure(event_set_cidx_check) :: papif_assign_eventset_component, &
    papif_get_eventset_component
  procedure(event_set_code_check) :: papif_add_event, papif_remove_event
  procedure(event_set_name_check) :: papif_add_named_event, papif_remove_named_event
  procedure(event_set_codes_check) :: papif_add_events, papif_remove_events, &
    papif_list_events
  ! counting
  procedure(event_set_check) :: papif_start, papif_reset
  procedure(event_set_values_check) :: papif_stop, papif_read, papif_accum, papif_write
  ! timers
  procedure(cycles_out) :: papif_get_real_cyc, papif_get_virt_cyc
  procedure(usec_out) :: papif_get_real_usec, papif_get_virt_usec
  procedure(nsec_out) :: papif_get_real_nsec, papif_get_virt_nsec
  ! high-level regions and rates
  procedure(region_check) :: papif_hl_region_begin, papif_hl_read, papif_hl_region_end
  procedure(check_only) :: papif_hl_stop, papif_rate_stop

  ! The entry points of a shape of their own.
  interface
    ! library init, threads, errors
    subroutine papif_is_initialized(level)
      import :: c_int
      integer(c_int) :: level
    end subroutine papif_is_initialized
    subroutine papif_shutdown()
    end subroutine papif_shutdown
    subroutine papif_thread_id(id)
      import :: c_long
      integer(c_long) :: id
    end subroutine papif_thread_id
    subroutine papif_thread_init(id_fn, check)
      import :: c_int, c_long
      interface
        ! The calling thread's identifier.
        function id_fn()
          import :: c_long
          integer(c_long) :: id_fn
        end function id_fn
      end interface
      integer(c_int) :: check
    end subroutine papif_thread_init
    subroutine papif_set_debug(level, check)
      import :: c_int
      integer(c_int) :: level
      integer(c_int) :: check
    end subroutine papif_set_debug
    subroutine papif_perror(message)
      character(len=*) :: message
    end subroutine papif_perror
    subroutine papif_strerror(code, text, check)
      import :: c_int
      integer(c_int) :: code
      character(len=*) :: text
      integer(c_int) :: check
    end subroutine papif_strerror
    subroutine papif_strreason(text, check)
      import :: c_int
      character(len=*) :: text
      integer(c_int) :: check
    end subroutine papif_strreason
    ! event sets
    subroutine papif_num_events(event_set, count)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: count
    end subroutine papif_num_events
    subroutine papif_state(event_set, status, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: status
      integer(c_int) :: check
    end subroutine papif_state
    subroutine papif_attach(event_set, tid, check)
      import :: c_int, c_long
      integer(c_int) :: event_set
      integer(c_long) :: tid
      integer(c_int) :: check
    end subroutine papif_attach
    ! counting
    subroutine papif_read_ts(event_set, values, cycles, check)
      import :: c_int, c_long_long
      integer(c_int) :: event_set
      integer(c_long_long), dimension(*) :: values
      integer(c_long_long) :: cycles
      integer(c_int) :: check
    end subroutine papif_read_ts
    subroutine papif_event_times(event_set, index, enabled_ns, running_ns, check)
      import :: c_int, c_long_long
      integer(c_int) :: event_set
      integer(c_int) :: index
      integer(c_long_long) :: enabled_ns
      integer(c_long_long) :: running_ns
      integer(c_int) :: check
    end subroutine papif_event_times
    ! events
    subroutine papif_query_event(event_code, check)
      import :: c_int
      integer(c_int) :: event_code
      integer(c_int) :: check
    end subroutine papif_query_event
    subroutine papif_query_named_event(name, check)
      import :: c_int
      character(len=*) :: name
      integer(c_int) :: check
    end subroutine papif_query_named_event
    subroutine papif_event_code_to_name(event_code, name, check)
      import :: c_int
      integer(c_int) :: event_code
      character(len=*) :: name
      integer(c_int) :: check
    end subroutine papif_event_code_to_name
    subroutine papif_event_name_to_code(name, event_code, check)
      import :: c_int
      character(len=*) :: name
      integer(c_int) :: event_code
      integer(c_int) :: check
    end subroutine papif_event_name_to_code
    subroutine papif_enum_event(event_code, modifier, check)
      import :: c_int
      integer(c_int) :: event_code
      integer(c_int) :: modifier
      integer(c_int) :: check
    end subroutine papif_enum_event
    subroutine papif_enum_cmp_event(event_code, modifier, cidx, check)
      import :: c_int
      integer(c_int) :: event_code
      integer(c_int) :: modifier
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine papif_enum_cmp_event
    subroutine papif_get_event_component(event_code, cidx, check)
      import :: c_int
      integer(c_int) :: event_code
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine papif_get_event_component
    subroutine papif_get_event_info(event_code, symbol, long_descr, short_descr, count, &
        event_note, flags, check)
      import :: c_int
      integer(c_int) :: event_code
      character(len=*) :: symbol
      character(len=*) :: long_descr
      character(len=*) :: short_descr
      integer(c_int) :: count
      character(len=*) :: event_note
      integer(c_int) :: flags
      integer(c_int) :: check
    end subroutine papif_get_event_info
    subroutine papif_event_reason(event_code, reason, check)
      import :: c_int
      integer(c_int) :: event_code
      character(len=*) :: reason
      integer(c_int) :: check
    end subroutine papif_event_reason
    ! options
    subroutine papif_set_domain(domain, check)
      import :: c_int
      integer(c_int) :: domain
      integer(c_int) :: check
    end subroutine papif_set_domain
    subroutine papif_set_cmp_domain(domain, cidx, check)
      import :: c_int
      integer(c_int) :: domain
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine papif_set_cmp_domain
    subroutine papif_set_granularity(granularity, check)
      import :: c_int
      integer(c_int) :: granularity
      integer(c_int) :: check
    end subroutine papif_set_granularity
    subroutine papif_set_cmp_granularity(granularity, cidx, check)
      import :: c_int
      integer(c_int) :: granularity
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine papif_set_cmp_granularity
    subroutine papif_set_event_domain(event_set, domain, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: domain
      integer(c_int) :: check
    end subroutine papif_set_event_domain
    subroutine papif_get_domain(event_set, domain, mode, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: domain
      integer(c_int) :: mode
      integer(c_int) :: check
    end subroutine papif_get_domain
    subroutine papif_get_granularity(event_set, granularity, mode, check)
      import :: c_int
      integer(c_int) :: event_set
      integer(c_int) :: granularity
      integer(c_int) :: mode
      integer(c_int) :: check
    end subroutine papif_get_granularity
    subroutine papif_set_inherit(inherit, check)
      import :: c_int
      integer(c_int) :: inherit
      integer(c_int) :: check
    end subroutine papif_set_inherit
    subroutine papif_get_clockrate(mhz)
      import :: c_int
      integer(c_int) :: mhz
    end subroutine papif_get_clockrate
    subroutine papif_get_preload(preload_env, check)
      import :: c_int
      character(len=*) :: preload_env
      integer(c_int) :: check
    end subroutine papif_get_preload
    subroutine papif_num_hwctrs(num)
      import :: c_int
      integer(c_int) :: num
    end subroutine papif_num_hwctrs
    subroutine papif_num_cmp_hwctrs(cidx, num)
      import :: c_int
      integer(c_int) :: cidx
      integer(c_int) :: num
    end subroutine papif_num_cmp_hwctrs
    ! information and timers
    subroutine papif_get_hardware_info(ncpu, nnodes, totalcpus, vendor, vendor_str, model, &
        model_str, revision, mhz)
      import :: c_float, c_int
      integer(c_int) :: ncpu
      integer(c_int) :: nnodes
      integer(c_int) :: totalcpus
      integer(c_int) :: vendor
      character(len=*) :: vendor_str
      integer(c_int) :: model
      character(len=*) :: model_str
      real(c_float) :: revision
      real(c_float) :: mhz
    end subroutine papif_get_hardware_info
    subroutine papif_get_exe_info(fullname, name, text_start, text_end, data_start, &
        data_end, bss_start, bss_end, check)
      import :: c_int, c_long_long
      character(len=*) :: fullname
      character(len=*) :: name
      integer(c_long_long) :: text_start
      integer(c_long_long) :: text_end
      integer(c_long_long) :: data_start
      integer(c_long_long) :: data_end
      integer(c_long_long) :: bss_start
      integer(c_long_long) :: bss_end
      integer(c_int) :: check
    end subroutine papif_get_exe_info
    subroutine papif_get_dmem_info(values, check)
      import :: c_int, c_long_long
      integer(c_long_long), dimension(*) :: values
      integer(c_int) :: check
    end subroutine papif_get_dmem_info
    subroutine papif_num_components(count)
      import :: c_int
      integer(c_int) :: count
    end subroutine papif_num_components
    subroutine papif_get_component_index(name, cidx, check)
      import :: c_int
      character(len=*) :: name
      integer(c_int) :: cidx
      integer(c_int) :: check
    end subroutine papif_get_component_index
    subroutine papif_get_component_info(cidx, name, short_name, description, num_cntrs, &
        num_native_events, disabled, disabled_reason, check)
      import :: c_int
      integer(c_int) :: cidx
      character(len=*) :: name
      character(len=*) :: short_name
      character(len=*) :: description
      integer(c_int) :: num_cntrs
      integer(c_int) :: num_native_events
      integer(c_int) :: disabled
      character(len=*) :: disabled_reason
      integer(c_int) :: check
    end subroutine papif_get_component_info
    ! overflow
    subroutine papif_overflow(event_set, event_code, threshold, flags, handler, check)
      import :: c_int, papif_overflow_handler
      integer(c_int) :: event_set
      integer(c_int) :: event_code
      integer(c_int) :: threshold
      integer(c_int) :: flags
      procedure(papif_overflow_handler) :: handler
      integer(c_int) :: check
    end subroutine papif_overflow
    subroutine papif_get_overflow_event_index(event_set, overflow_vector, indices, number, check)
      import :: c_int, c_long_long
      integer(c_int) :: event_set
      integer(c_long_long) :: overflow_vector
      integer(c_int), dimension(*) :: indices
      integer(c_int) :: number
      integer(c_int) :: check
    end subroutine papif_get_overflow_event_index
    ! high-level regions and rates
    subroutine papif_flips_rate(event, rtime, ptime, flpins, mflips, check)
      import :: c_int, c_long_long, c_float
      integer(c_int) :: event
      real(c_float) :: rtime, ptime, mflips
      integer(c_long_long) :: flpins
      integer(c_int) :: check
    end subroutine papif_flips_rate
    subroutine papif_flops_rate(event, rtime, ptime, flpops, mflops, check)
      import :: c_int, c_long_long, c_float
      integer(c_int) :: event
      real(c_float) :: rtime, ptime, mflops
      integer(c_long_long) :: flpops
      integer(c_int) :: check
    end subroutine papif_flops_rate
    subroutine papif_ipc(rtime, ptime, ins, ipc, check)
      import :: c_int, c_long_long, c_float
      real(c_float) :: rtime, ptime, ipc
      integer(c_long_long) :: ins
      integer(c_int) :: check
    end subroutine papif_ipc
    subroutine papif_epc(event, rtime, ptime, ref, core, evt, epc, check)
      import :: c_int, c_long_long, c_float
      integer(c_int) :: event
      real(c_float) :: rtime, ptime, epc
      integer(c_long_long) :: ref, core, evt
      integer(c_int) :: check
    end subroutine papif_epc
  end interface
end module papi
