# SPDX-License-Identifier: Apache-2.0
cmake_minimum_required(VERSION 3.25)
# The layer rules of gui/ (README, Architecture notes): only gui/controllers/
# reaches kandev's storage (store/), and no file of gui/ includes the core's
# migration, review or live-route engines: it asks model/ (MigrationReview,
# reviewChanges, LiveRoutesModel). Fails on any include that breaks them.
file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/gui/*.h" "${ROOT}/gui/*.cpp")
set(offenders "")
foreach(f IN LISTS sources)
    if(f MATCHES "^gui/controllers/")
        set(forbidden "migration|review|routes")
    else()
        set(forbidden "store|migration|review|routes")
    endif()
    file(STRINGS "${ROOT}/${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"(${forbidden})/")
    if(lines)
        list(APPEND offenders "${f}: ${lines}")
    endif()
endforeach()
list(LENGTH sources count)
if(count LESS 10)
    message(FATAL_ERROR "gui/ sources not found under ${ROOT}")
endif()
if(offenders)
    message(FATAL_ERROR "in gui/, only gui/controllers/ may include store/, and nothing includes migration/, "
                        "review/ or routes/:\n${offenders}")
endif()
message(STATUS "checked ${count} files of gui/: layers kept")
