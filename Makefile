# SPDX-License-Identifier: Apache-2.0
# Policy Studio. `make run` and `make test` are the whole set-up on Debian 12.
SHELL := /bin/bash
JOBS  ?= $(shell nproc)
DEPS  := scripts/install-deps

RELEASE_DIR := build/release
TEST_DIR    := build/test
BENCH_DIR   := build/bench
FUZZ_DIR    := build/fuzz
FUZZ_SECONDS ?= 30
SAMPLE      ?= resources/samples/export.json

.PHONY: all deps run test bench fuzz release install package clean format format-check

all: release

deps:
	@$(DEPS)

$(RELEASE_DIR)/build.ninja: | deps
	cmake -S . -B $(RELEASE_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOLICY_STUDIO_TESTS=OFF

release: deps $(RELEASE_DIR)/build.ninja
	cmake --build $(RELEASE_DIR) -j $(JOBS)

# Opens the editor on the bundled sample export (or SAMPLE=path).
run: release
	$(RELEASE_DIR)/app/studio/policy-studio $(SAMPLE)

# Debug build with AddressSanitizer and UndefinedBehaviorSanitizer, warnings
# as errors; every test, GUI tests offscreen, PostgreSQL tests on a throwaway server.
test: deps format-check
	cmake -S . -B $(TEST_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	    -DPOLICY_STUDIO_SANITIZE=ON -DPOLICY_STUDIO_WERROR=ON -DPOLICY_STUDIO_TESTS=ON
	cmake --build $(TEST_DIR) -j $(JOBS)
	QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    scripts/run-tests $(TEST_DIR)

bench: deps
	cmake -S . -B $(BENCH_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DPOLICY_STUDIO_TESTS=OFF -DPOLICY_STUDIO_BENCH=ON
	cmake --build $(BENCH_DIR) -j $(JOBS)
	scripts/run-benchmarks $(BENCH_DIR)

# Installs the release build under PREFIX (default /usr/local; DESTDIR works too).
PREFIX ?= /usr/local
install: release
	cmake --install $(RELEASE_DIR) --prefix $(PREFIX)

# A Debian package of the release build, written to build/release/.
package: release
	cd $(RELEASE_DIR) && cpack -G DEB

# libFuzzer targets (clang, ASan, UBSan), FUZZ_SECONDS each.
fuzz: deps
	cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	    -DPOLICY_STUDIO_FUZZ=ON
	cmake --build $(FUZZ_DIR) -j $(JOBS)
	scripts/run-fuzzers $(FUZZ_DIR) $(FUZZ_SECONDS)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

# Part of make test: the tree stays as .clang-format writes it.
format-check: deps
	clang-format --dry-run --Werror $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
