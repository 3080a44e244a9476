// SPDX-License-Identifier: Apache-2.0
/*
 * A host that loads libpolicy as a plug-in can unload it again: after
 * dlclose nothing of it stays mapped (no STB_GNU_UNIQUE symbol pins it).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static int mapped(const char* name)
{
    FILE* maps = fopen("/proc/self/maps", "r");
    char line[4096];
    int found = 0;
    if (!maps)
        return -1;
    while (!found && fgets(line, sizeof line, maps))
        found = strstr(line, name) != NULL;
    fclose(maps);
    return found;
}

int main(void)
{
    void* library = dlopen(POLICY_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "FAIL: dlopen: %s\n", dlerror());
        return 1;
    }
    /* POSIX's way to take a function from dlsym without a cast ISO C forbids. */
    const char* (*version)(void) = NULL;
    void* symbol = dlsym(library, "policy_version");
    memcpy(&version, &symbol, sizeof symbol);
    if (!version || strcmp(version(), POLICY_EXPECTED_VERSION) != 0) {
        fprintf(stderr, "FAIL: policy_version\n");
        return 1;
    }
    const char* name = strrchr(POLICY_LIBRARY_PATH, '/') + 1;
    if (mapped(name) != 1) {
        fprintf(stderr, "FAIL: %s is not mapped while loaded\n", name);
        return 1;
    }
    if (dlclose(library) != 0) {
        fprintf(stderr, "FAIL: dlclose: %s\n", dlerror());
        return 1;
    }
    if (mapped(name) != 0) {
        fprintf(stderr, "FAIL: %s is still mapped after dlclose\n", name);
        return 1;
    }
    printf("tst_policy_unload: %s unloaded\n", name);
    return 0;
}
