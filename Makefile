SHELL := /bin/bash
# todos-tui: `make run` runs the app, `make test` runs every test.
# Both install missing Debian packages when run as root, or say exactly what to install.

SWIFT        ?= swift
PREFIX       ?= /usr/local
CONFIG       ?= debug
SWIFT_FLAGS  ?=
ARGS         ?=
# Release builds link the Swift runtime (and FoundationEssentials' Date and UUID) statically:
# a binary that starts in half the time with 6 MiB less memory (docs/performance.md, History).
# Linked by lld (it ships with Swift) with packed relative relocations (DT_RELR) where the C
# library reads them (glibc 2.36 or later): the loader applies the binary's 30,000 relocations
# from a 6 kB table instead of a 740 kB one, and `--version` runs in 0.5 MB less memory.
LLD          := $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))ld.lld)
GLIBC_RELR   := $(shell ldd --version 2>/dev/null | awk 'NR == 1 { split($$NF, v, "."); \
  if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "yes" }')
RELR_FLAGS   := $(if $(and $(LLD),$(GLIBC_RELR)),-Xlinker -z -Xlinker pack-relative-relocs)
# lld also lays the functions that run at start and on the common keys out side by side, in the
# order scripts/link-order.txt lists them (`make link-order` makes it again), and the sections of
# data the keys read and write likewise: the start touches fewer pages of the binary, so it
# faults fewer in and maps less of it, and a key fewer pages and cache lines
# (docs/performance.md). The link writes a map, which `make link-order` reads.
# The functions Swift emits without a symbol (closure contexts' destroy functions, key path
# accessors), which the order cannot name, and `.init` and the PLT are placed just before that
# block by a linker-script addition, scripts/text-layout.ld: left where they were, a start
# faulted in 13 more windows of 64 kB for them.
# And it exports no symbols (the Swift driver asks for -export-dynamic; nothing looks the app's
# symbols up at run time): 600 kB fewer symbol names, which every library's lookups went through.
LINK_ORDER   := $(CURDIR)/scripts/link-order.txt
LINK_MAP     := $(CURDIR)/.build/release-link.map
TEXT_LAYOUT  := $(CURDIR)/scripts/text-layout.ld
LLD_FLAGS    := $(if $(LLD),-Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering \
  -Xlinker -Map=$(LINK_MAP) -Xlinker -T -Xlinker $(TEXT_LAYOUT) \
  -Xlinker --no-export-dynamic $(RELR_FLAGS))
# The C++ library the Swift runtime is written against, linked statically as well: the Swift
# driver asks for `-lstdc++`, and a linker script of that name found first (in .build/static-cxx)
# names libstdc++.a, so no shared libstdc++ is loaded and resolved at start (0.8 MiB less).
CLANG        := $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))clang)
LIBSTDCXX_A  := $(if $(CLANG),$(shell $(CLANG) -print-file-name=libstdc++.a 2>/dev/null))
STATIC_CXX   := $(if $(filter /%,$(LIBSTDCXX_A)),$(wildcard $(LIBSTDCXX_A)))
# Likewise the unwinder (`-lgcc_s`, for C++ exceptions and backtraces): libgcc_eh.a, as
# `-static-libgcc` would, so no libgcc_s.so is loaded either.
LIBGCC_EH_A  := $(if $(STATIC_CXX),$(shell $(CLANG) -print-file-name=libgcc_eh.a 2>/dev/null))
STATIC_GCC_EH := $(if $(filter /%,$(LIBGCC_EH_A)),$(wildcard $(LIBGCC_EH_A)))
STATIC_CXX_DIR = $(CURDIR)/.build/static-cxx
# And, where the static C library (glibc 2.36 or later) and ncurses are installed
# (libc6-dev, libncurses-dev), one static position-independent executable (`-static-pie`): no
# loader, no shared libc, libm or ncurses mapped whole, and their functions laid out with ours
# by the link order: 1.5 MiB less peak RSS at 100 todos and a first frame 1 ms sooner
# (docs/performance.md, History). The address space stays randomised. glibc's self-relocation
# refuses a run path, so SwiftPM's `$ORIGIN` is left out; libtinfo is named since ncurses'
# static archive does not pull it in (and clang is not to warn that `-static-pie` overrides the
# Swift driver's `-pie`). The terminfo database and locales stay the system's.
LIBC_A       := $(if $(CLANG),$(shell $(CLANG) -print-file-name=libc.a 2>/dev/null))
NCURSESW_A   := $(if $(CLANG),$(shell $(CLANG) -print-file-name=libncursesw.a 2>/dev/null))
TINFO_A      := $(if $(CLANG),$(shell $(CLANG) -print-file-name=libtinfo.a 2>/dev/null))
# (clang prints the bare name of a library it cannot find: only a path that exists counts.)
STATIC_PIE   := $(and $(LLD),$(GLIBC_RELR),$(filter /%,$(wildcard $(LIBC_A))),\
  $(filter /%,$(wildcard $(NCURSESW_A))),$(filter /%,$(wildcard $(TINFO_A))),yes)
STATIC_PIE_FLAGS := $(if $(STATIC_PIE),--disable-local-rpath \
  -Xswiftc -Xclang-linker -Xswiftc -static-pie -Xlinker -ltinfo \
  -Xswiftc -Xclang-linker -Xswiftc -Wno-unused-command-line-argument)
# Each function in a section of its own (swiftc puts a whole file's code in one): the link
# order can then place single functions, not whole files, and the linker drops the unused ones.
# And no run-time check that a main-actor closure runs on the main actor (Swift 6 puts one in
# each such closure handed to a plain function type: `filter`, `map`, a stored callback), about
# 200 instructions each and 15 a key, in the concurrency library's code: the app runs on the main
# thread only, and debug builds (the tests) keep the checks. And a generic type's metadata asked
# for by accessor, not by mangled name: the runtime otherwise demangles the name and checks the
# type's generic requirements (conformance scans), 2 M of a start's 11 M instructions. And no
# run-time check of exclusive access (two overlapping accesses to one variable, one a write):
# the checks are a call into the runtime and a thread-local set at each access to a class's
# property or a global, about 45 a typed letter and 7 % of its instructions; debug builds (the
# tests) keep them, and the compiler still proves what it can without running.
RELEASE_FLAGS ?= --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -enforce-exclusivity=unchecked \
  -Xswiftc -Xfrontend -Xswiftc -disable-actor-data-race-checks \
  -Xswiftc -Xfrontend -Xswiftc -disable-dynamic-actor-isolation \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  $(LLD_FLAGS) $(if $(STATIC_CXX),-Xlinker -L$(STATIC_CXX_DIR)) $(STATIC_PIE_FLAGS)
# Release builds are profile-guided (`PGO=no` builds without): a build instrumented to count
# what runs (in .build-pgo) is run by scripts/pgo-session.py through the work the benchmarks
# measure (starts, navigation, typing, toggles), and the release build is optimised with the
# counts: the code those paths run is laid out together, the rest out of its way, so a key
# after a pause finds fewer cache lines to fetch (docs/performance.md, History, 2026-11-27).
# The profile is made again whenever a source is newer; it needs the toolchain's llvm-profdata
# and profile runtime, and python3 (the session drives the app in a pseudo-terminal).
# (Linux only: the profile runtime's path is the Linux toolchain's.)
PGO           ?= $(if $(filter Linux,$(shell uname -s)),yes,no)
SWIFT_BIN_DIR := $(dir $(realpath $(shell command -v $(SWIFT))))
LLVM_PROFDATA := $(wildcard $(SWIFT_BIN_DIR)llvm-profdata)
PROFILE_RT    := $(firstword $(wildcard \
  $(SWIFT_BIN_DIR)../lib/clang/*/lib/linux/libclang_rt.profile-$(shell uname -m).a))
PYTHON3       := $(shell command -v python3)
PGO_ON        := $(and $(filter release,$(CONFIG)),$(filter-out no,$(PGO)),yes)
PGO_MISSING   := $(if $(LLVM_PROFDATA),,llvm-profdata )$(if \
  $(PROFILE_RT),,libclang_rt.profile )$(if $(PYTHON3),,python3)
PGO_MISSING_TEXT = A release build is profile-guided, and this machine lacks $(PGO_MISSING) \
  (llvm-profdata and the profile runtime come with the Swift toolchain, python3 with Debian's \
  python3 package). To fix, install what is missing, or build without a profile: make \
  $(or $(MAKECMDGOALS),build) CONFIG=$(CONFIG) PGO=no
PGO_FAILED_TEXT = The release build's profiling session failed (above). To build without a \
  profile: make $(or $(MAKECMDGOALS),build) CONFIG=$(CONFIG) PGO=no
PGO_DIR       := $(CURDIR)/.build-pgo
PGO_PROFILE   := $(CURDIR)/.build/pgo/todos-tui.profdata
PGO_INPUTS    := Makefile Package.swift $(addprefix scripts/,pgo-session.py link-order.py \
  ptybench.py gen-todos.py) $(shell find Sources -type f 2>/dev/null)
# The instrumented build: the release flags (its own link map), counters in every function.
PGO_GENERATE_FLAGS = $(subst $(LINK_MAP),$(PGO_DIR)/link.map,$(RELEASE_FLAGS)) \
  -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
  -Xlinker $(PROFILE_RT) -Xlinker -u__llvm_profile_runtime
PGO_USE_FLAGS = -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(PGO_PROFILE)
# What `swift build` is given: a release build's flags (with the profile), then SWIFT_FLAGS.
BUILD_FLAGS   = $(if $(filter release,$(CONFIG)),$(RELEASE_FLAGS) $(if \
  $(PGO_ON),$(PGO_USE_FLAGS))) $(SWIFT_FLAGS)
BIN_PATH      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

# Debian packages the build needs, and the ones the tests need on top.
BUILD_PKGS    = libncurses-dev
# zsh and fish: ShellCompletionTests runs each completion script in its own shell.
TEST_PKGS     = tmux todotxt-cli zsh fish
# syncthing: SyncthingTerminalTests syncs two real instances (docs/sync.md); optional: where it
# cannot be installed, that test is skipped and says what to install.
SYNC_TEST_PKGS = syncthing
# strace: KeySystemCallTerminalTests counts the system calls of a key; optional likewise.
TRACE_TEST_PKGS = strace
BENCH_PKGS    = tudu calcurse todotxt-cli valgrind time

.PHONY: all build run test bench bench-all format lint man completions install uninstall clean \
  static-cxx \
  deps deps-test deps-bench

all: build

deps:
	@scripts/ensure-deps.sh build $(BUILD_PKGS)

deps-test: deps
	@scripts/ensure-deps.sh test $(TEST_PKGS)
	@scripts/ensure-deps.sh --optional "the real-Syncthing test" $(SYNC_TEST_PKGS)
	@scripts/ensure-deps.sh --optional "the system-call test" $(TRACE_TEST_PKGS)

deps-bench: deps
	@scripts/ensure-deps.sh bench $(BENCH_PKGS)

build: deps $(if $(filter release,$(CONFIG)),static-cxx) $(if $(PGO_ON),$(PGO_PROFILE))
	@# SwiftPM does not recompile when only the flags change (-function-sections, say): the
	@# release objects are dropped when the flags differ from the last release build's.
	@if [ "$(CONFIG)" = release ]; then \
	  scripts/drop-stale-objects.sh .build '$(BUILD_FLAGS)'; fi
	@# SwiftPM does not know the link order file or the script: a newer one relinks the binary.
	@bin="$(BIN_PATH)/todos-tui"; if [ "$(CONFIG)" = release ] && [ -n "$(LLD)" ] && \
	  { [ "$(LINK_ORDER)" -nt "$$bin" ] || [ "$(TEXT_LAYOUT)" -nt "$$bin" ]; }; then \
	  rm -f "$$bin"; fi
	$(SWIFT) build -c $(CONFIG) --product todos-tui $(BUILD_FLAGS)

# The linker scripts that name the static C++ library and unwinder (see STATIC_CXX above),
# for the release build and its instrumented one.
static-cxx:
	$(if $(STATIC_CXX),mkdir -p "$(STATIC_CXX_DIR)" && \
	  echo 'INPUT($(STATIC_CXX))' > "$(STATIC_CXX_DIR)/libstdc++.so")
	$(if $(STATIC_GCC_EH),echo 'INPUT($(STATIC_GCC_EH))' > "$(STATIC_CXX_DIR)/libgcc_s.so")

# The release build's profile (see PGO above): the instrumented build, its session, the counts
# merged. Made again when a source is newer; SwiftPM then recompiles the modules that changed.
$(PGO_PROFILE): $(PGO_INPUTS) | static-cxx
	@if [ -n "$(PGO_MISSING)" ]; then echo "$(PGO_MISSING_TEXT)" >&2; exit 1; fi
	@echo "Profiling the release build (about a minute; PGO=no builds without a profile)."
	@scripts/drop-stale-objects.sh "$(PGO_DIR)" '$(PGO_GENERATE_FLAGS)'
	$(SWIFT) build -c release --product todos-tui --scratch-path "$(PGO_DIR)" \
	  $(PGO_GENERATE_FLAGS)
	rm -rf "$(PGO_DIR)/raw"
	python3 scripts/pgo-session.py "$(PGO_DIR)/release/todos-tui" "$(PGO_DIR)/raw" || { \
	  echo "$(PGO_FAILED_TEXT)" >&2; exit 1; }
	mkdir -p "$(dir $@)"
	"$(LLVM_PROFDATA)" merge -o "$@" "$(PGO_DIR)"/raw/*.profraw

## Run the app (pass arguments with ARGS="--file /tmp/todo.txt").
run: build
	@"$(BIN_PATH)/todos-tui" $(ARGS)

## Run every test: unit, snapshot and real-terminal (tmux) tests.
## The release binary is built too: ReleaseBinaryTests checks that it holds no ICU.
test: deps-test
	$(MAKE) CONFIG=release build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	TODOS_TUI_BIN="$$($(SWIFT) build --show-bin-path)/todos-tui" \
	TODOS_TUI_RELEASE_BIN="$$($(SWIFT) build -c release --show-bin-path)/todos-tui" \
	TODOS_TUI_RELEASE_LINKER=$(if $(LLD),lld,default) TODOS_TUI_RELEASE_STATIC=$(STATIC_PIE) \
	  $(SWIFT) test --skip-build $(SWIFT_FLAGS) 2>&1 | tee .build/test-output.txt; \
	  exit $${PIPESTATUS[0]}

## Benchmarks (not part of `make test`); see docs/performance.md. `make bench` prints the goals
## table (ROUNDS=, SIZES=, KEY_ROUNDS=, KEY_SIZES=, FILES=, INPROCESS=no to shorten it);
## `make bench-all` runs every benchmark suite instead.
bench: deps-bench
	$(MAKE) -C Benchmarks bench-goals

bench-all: deps-bench
	$(MAKE) -C Benchmarks bench-all

# Makes scripts/link-order.txt again from a release build (valgrind needed; see the script),
# linked again so that its map is there.
link-order: deps
	rm -f "$$($(SWIFT) build -c release --show-bin-path)/todos-tui"
	$(MAKE) CONFIG=release build
	python3 scripts/link-order.py "$$($(SWIFT) build -c release --show-bin-path)/todos-tui" \
	  "$(LINK_MAP)"

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	python3 scripts/goals.py --self-test
	python3 scripts/link-order.py --self-test

## The man page todos-tui(1), from the command definition and docs/command-line.md, keys.md,
## dates.md and config.md, into .build/man/.
man: build
	python3 scripts/generate-man-page.py "$(BIN_PATH)/todos-tui" docs/keys.md \
	  .build/man/todos-tui.1 "$(PREFIX)/share/doc/todos-tui"

## bash, zsh and fish completion scripts (written from the command definition), into
## .build/completions/.
completions: build
	mkdir -p .build/completions
	"$(BIN_PATH)/todos-tui" --generate-completion-script bash > .build/completions/todos-tui.bash
	"$(BIN_PATH)/todos-tui" --generate-completion-script zsh > .build/completions/_todos-tui
	"$(BIN_PATH)/todos-tui" --generate-completion-script fish > .build/completions/todos-tui.fish

# The user documentation installed under $(PREFIX)/share/doc/todos-tui.
DOCS = README.md docs/keys.md docs/config.md docs/dates.md docs/file-format.md \
  docs/command-line.md docs/queries.md docs/organise.md docs/merge.md docs/sync.md \
  docs/terminal.md
DOC_DIR = $(DESTDIR)$(PREFIX)/share/doc/todos-tui

## The binary, the man page, the completions and the docs under PREFIX (and DESTDIR).
install: deps
	$(MAKE) CONFIG=release build man completions
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" "$(DOC_DIR)/docs"
	install -m 0644 README.md "$(DOC_DIR)/README.md"
	install -m 0644 $(filter docs/%,$(DOCS)) "$(DOC_DIR)/docs/"
	install -s -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/todos-tui" \
	  "$(DESTDIR)$(PREFIX)/bin/todos-tui"
	install -m 0644 .build/man/todos-tui.1 "$(DESTDIR)$(PREFIX)/share/man/man1/todos-tui.1"
	install -m 0644 .build/completions/todos-tui.bash \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/todos-tui"
	install -m 0644 .build/completions/_todos-tui \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_todos-tui"
	install -m 0644 .build/completions/todos-tui.fish \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/todos-tui.fish"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/todos-tui" \
	  "$(DESTDIR)$(PREFIX)/share/man/man1/todos-tui.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/todos-tui" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_todos-tui" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/todos-tui.fish"
	rm -rf "$(DOC_DIR)"

clean:
	rm -rf .build .build-pgo
