# SPDX-License-Identifier: Apache-2.0
cmake_minimum_required(VERSION 3.25)
# The layer rules of gui/ (README, Layout): the window and the views reach
# kandev's storage only through gui/controllers/, and the core's migration,
# review and live-route engines only through model/ or the controllers.
# Fails on any include that breaks them. The dialogs listed below still take
# core data types directly; they are the known remainder, named here so that
# no new file joins them unnoticed.
set(known_exceptions
    "gui/dialogs/migration_review_dialog.h"     # renders migration::MigrationReport
)
file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/gui/*.h" "${ROOT}/gui/*.cpp")
set(offenders "")
foreach(f IN LISTS sources)
    if(f MATCHES "^gui/controllers/" OR f IN_LIST known_exceptions)
        continue()
    endif()
    file(STRINGS "${ROOT}/${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"(store|migration|review|routes)/")
    if(lines)
        list(APPEND offenders "${f}: ${lines}")
    endif()
endforeach()
list(LENGTH sources count)
if(count LESS 10)
    message(FATAL_ERROR "gui/ sources not found under ${ROOT}")
endif()
if(offenders)
    message(FATAL_ERROR "only gui/controllers/ may include store/, migration/, review/ or routes/:\n${offenders}")
endif()
message(STATUS "checked ${count} files of gui/: layers kept")
