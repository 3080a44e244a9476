# SPDX-License-Identifier: Apache-2.0
cmake_minimum_required(VERSION 3.25)
# Every source file names its licence in an SPDX line near its top (README, Licence).
file(GLOB_RECURSE sources RELATIVE "${ROOT}"
     "${ROOT}/core/*.h" "${ROOT}/core/*.cpp" "${ROOT}/store/*.h" "${ROOT}/store/*.cpp"
     "${ROOT}/model/*.h" "${ROOT}/model/*.cpp" "${ROOT}/gui/*.h" "${ROOT}/gui/*.cpp"
     "${ROOT}/app/*.h" "${ROOT}/app/*.cpp" "${ROOT}/capi/*.h" "${ROOT}/capi/*.cpp"
     "${ROOT}/tests/*.h" "${ROOT}/tests/*.cpp" "${ROOT}/bench/*.cpp" "${ROOT}/fuzz/*.cpp"
     "${ROOT}/*CMakeLists.txt" "${ROOT}/cmake/*.cmake")
set(missing "")
foreach(f IN LISTS sources)
    if(f MATCHES "^(build|tests/fixtures)/")
        continue()
    endif()
    file(STRINGS "${ROOT}/${f}" head LIMIT_COUNT 3 REGEX "SPDX-License-Identifier: Apache-2.0")
    if(NOT head)
        list(APPEND missing "${f}")
    endif()
endforeach()
if(missing)
    list(JOIN missing "\n  " text)
    message(FATAL_ERROR "no SPDX-License-Identifier line at the top of:\n  ${text}")
endif()
list(LENGTH sources count)
message(STATUS "${count} source files name their licence")
