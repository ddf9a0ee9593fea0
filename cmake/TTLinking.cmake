#===- TTLinking.cmake - how tt links against LLVM/MLIR -----------------===#
#
# Development builds link every tool against Debian's shared libMLIR.so and
# libLLVM.so: links take seconds. With TT_STATIC=ON the tools link the static
# MLIR component archives plus every libLLVM*.a grouped through a generated
# linker script, so the result needs only libc, libstdc++, libz and libzstd
# (see DESIGN.md section 6).
#
#===----------------------------------------------------------------------===#

# tt_mlir_link(<target> <static MLIR component libs...>)
function(tt_mlir_link target)
  if(TT_STATIC)
    target_link_libraries(${target} PUBLIC ${ARGN})
  else()
    target_link_libraries(${target} PUBLIC MLIR LLVM)
  endif()
endfunction()

if(TT_STATIC)
  file(GLOB _tt_llvm_archives "${LLVM_LIBRARY_DIR}/libLLVM*.a")
  set(_script "${CMAKE_BINARY_DIR}/libLLVM-static-group.so")
  set(_names "")
  foreach(a ${_tt_llvm_archives})
    string(APPEND _names " ${a}")
  endforeach()
  file(WRITE "${_script}" "GROUP (${_names} -lz -lzstd -lffi -ledit -lz3 -lxml2 -lcurl )\n")
  # Point the imported LLVM target (used by every MLIR archive) at the group.
  set_target_properties(LLVM PROPERTIES IMPORTED_LOCATION "${_script}"
                                         IMPORTED_LOCATION_RELWITHDEBINFO "${_script}"
                                         IMPORTED_SONAME "")
  add_link_options(-static-libstdc++ -static-libgcc -Wl,--gc-sections -Wl,--as-needed)
endif()
