# SPDX-License-Identifier: Apache-2.0
cmake_minimum_required(VERSION 3.25)
# Every JSON key of a class policy is spelled once (README, Architecture
# notes): in core/policy/include/policy/policy_keys.h, which declares the keys
# and renders and parses the dotted paths of a setting. core/format, the codec,
# may spell them too. Fails when a distinctive key literal ("max_retries",
# "initial_interval_seconds", "max_wait_seconds", "wait_for_reset",
# "on_exhausted") or a dotted path literal that starts with a class or section
# ("transient.…, "hard.…, "retry.…, "wait_for_reset.…, "policies.hard.…)
# appears in a source file of core/, model/, gui/, store/, app/ or capi/
# anywhere else. Tests and translations are not sources of these folders.
set(declaration "core/policy/include/policy/policy_keys.h")
set(keys "max_retries|initial_interval_seconds|max_wait_seconds|wait_for_reset|on_exhausted")
set(sections "transient|hard|retry|wait_for_reset|policies\\.transient|policies\\.hard")
set(pattern "\"(${keys})\"|\"(${sections})\\.")
set(sources "")
foreach(dir core model gui store app capi)
    file(GLOB_RECURSE found RELATIVE "${ROOT}" "${ROOT}/${dir}/*.h" "${ROOT}/${dir}/*.cpp")
    list(APPEND sources ${found})
endforeach()
set(offenders "")
set(checked 0)
foreach(f IN LISTS sources)
    if(f MATCHES "^core/format/" OR f STREQUAL declaration)
        continue()
    endif()
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${ROOT}/${f}" lines REGEX "${pattern}")
    foreach(line IN LISTS lines)
        string(STRIP "${line}" line)
        string(APPEND offenders "\n  ${f}: ${line}")
    endforeach()
endforeach()
if(NOT EXISTS "${ROOT}/${declaration}")
    message(FATAL_ERROR "the declaration of the policy keys, ${declaration}, is missing")
endif()
if(checked LESS 50)
    message(FATAL_ERROR "sources not found under ${ROOT}")
endif()
if(offenders)
    message(FATAL_ERROR "policy JSON keys are spelled only in ${declaration} (and core/format); "
                        "take them from there (policy::keys, policy::renderPath, policy::parsePath):${offenders}")
endif()
message(STATUS "checked ${checked} files: every policy key is spelled once")
