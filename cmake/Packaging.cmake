# SPDX-License-Identifier: Apache-2.0
# `make package`: Debian packages of everything `cmake --install` puts in
# place, one per install component: policy-studio (the editor, policyctl and
# their files), libpolicy0 (the shared evaluator) and libpolicy-dev (its
# headers, CMake package and pkg-config file). dpkg-shlibdeps computes the
# libraries' Depends; Qt plugins are loaded at run time, so the ones the app
# needs are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME policy-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Policy Studio developers")
set(CPACK_PACKAGE_CONTACT "The Policy Studio developers <policy-studio@kandev.invalid>")
# Each component's description starts with its own summary line, so there is
# no CPACK_PACKAGE_DESCRIPTION_SUMMARY (CPack would put it above every one).
set(POLICY_STUDIO_SUMMARY "editor for the recovery policies of kandev dynamic profiles")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Policy Studio edits how kandev's dynamic profiles wait for a provider's reset,\n"
    "retry with exponential backoff, skip to the next candidate or stop for a person\n"
    "when a provider fails. It opens policy documents and kandev's SQLite or\n"
    "PostgreSQL database, migrates legacy rules with a review, previews route\n"
    "timelines and shows the routes kandev is running now. policyctl, its\n"
    "command-line twin, does the same for scripts and CI.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL app lib dev)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(CPACK_DEBIAN_APP_PACKAGE_NAME policy-studio)
set(CPACK_DEBIAN_APP_PACKAGE_DEPENDS "libqt6sql6-sqlite, libqt6svg6")
# The Chinese translations need a CJK font: Debian's Noto CJK, or the smaller WenQuanYi.
set(CPACK_DEBIAN_APP_PACKAGE_RECOMMENDS "libqt6sql6-psql, qt6-translations-l10n, fonts-noto-cjk | fonts-wqy-microhei")
set(CPACK_COMPONENT_APP_DESCRIPTION "${POLICY_STUDIO_SUMMARY}\n${CPACK_PACKAGE_DESCRIPTION}")

set(CPACK_DEBIAN_LIB_PACKAGE_NAME libpolicy${PROJECT_VERSION_MAJOR})
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
string(CONCAT CPACK_COMPONENT_LIB_DESCRIPTION "shared policy evaluator of Policy Studio\n"
    "libpolicy decides, as Policy Studio and policyctl do, what a kandev dynamic\n"
    "profile does when a provider fails: wait for a reset, retry with backoff,\n"
    "skip to the next candidate or stop. A C API (JSON text in and out) serves\n"
    "backends in other languages; the C++ evaluator is exported too.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libpolicy-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DEPENDS lib)
string(CONCAT CPACK_COMPONENT_DEV_DESCRIPTION "shared policy evaluator of Policy Studio (development files)\n"
    "Headers (policy_c.h and policy/), the CMake package PolicyStudioCore\n"
    "(find_package(PolicyStudioCore), target PolicyStudioCore::policy) and the\n"
    "pkg-config file policy-studio-core for libpolicy.")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${POLICY_STUDIO_HOMEPAGE}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY policy-studio)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

# Apache License 2.0: the text stands beside the README, and every package
# carries the machine-readable Debian copyright file that points to it.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/policy-studio COMPONENT app)
foreach(component IN LISTS CPACK_COMPONENTS_ALL)
    string(TOUPPER ${component} upper)
    install(FILES "${PROJECT_SOURCE_DIR}/packaging/copyright" COMPONENT ${component}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_DEBIAN_${upper}_PACKAGE_NAME})
endforeach()
include(CPack)
