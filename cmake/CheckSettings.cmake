# SPDX-License-Identifier: Apache-2.0
cmake_minimum_required(VERSION 3.25)
# Every setting the editor keeps is declared once, typed, in
# gui/window/settings.h; only gui/window/settings.cpp constructs QSettings.
# Fails on any other file of gui/ or app/studio/ that names QSettings outside
# a comment (a key spelled there would bypass the declaration).
set(allowed "gui/window/settings.cpp")
file(GLOB_RECURSE sources RELATIVE "${ROOT}"
    "${ROOT}/gui/*.h" "${ROOT}/gui/*.cpp" "${ROOT}/app/studio/*.h" "${ROOT}/app/studio/*.cpp")
set(offenders "")
foreach(f IN LISTS sources)
    if(f IN_LIST allowed)
        continue()
    endif()
    file(STRINGS "${ROOT}/${f}" lines REGEX "^[^/]*QSettings")
    if(lines)
        list(APPEND offenders "${f}: ${lines}")
    endif()
endforeach()
list(LENGTH sources count)
if(count LESS 10 OR NOT EXISTS "${ROOT}/gui/window/settings.h")
    message(FATAL_ERROR "gui/ sources or gui/window/settings.h not found under ${ROOT}")
endif()
if(offenders)
    message(FATAL_ERROR "only gui/window/settings.cpp may use QSettings; declare the setting in gui/window/settings.h:\n${offenders}")
endif()
message(STATUS "checked ${count} files: every setting goes through gui/window/settings.h")
