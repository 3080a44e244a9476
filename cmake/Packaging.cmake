# `make package`: a Debian package of everything `cmake --install` puts in
# place. dpkg-shlibdeps computes the libraries' Depends; Qt plugins are
# loaded at run time, so the ones the app needs are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME policy-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Policy Studio developers")
set(CPACK_PACKAGE_CONTACT "The Policy Studio developers <policy-studio@kandev.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "editor for the recovery policies of kandev dynamic profiles")
set(CPACK_PACKAGE_DESCRIPTION
    "Policy Studio edits how kandev's dynamic profiles wait for a provider's reset,\n"
    "retry with exponential backoff, skip to the next candidate or stop for a person\n"
    "when a provider fails. It opens policy documents and kandev's SQLite or\n"
    "PostgreSQL database, migrates legacy rules with a review, previews route\n"
    "timelines and shows the routes kandev is running now. policyctl, its\n"
    "command-line twin, does the same for scripts and CI.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6sql6-psql, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${POLICY_STUDIO_HOMEPAGE}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY policy-studio)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
