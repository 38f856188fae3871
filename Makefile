SHELL := /bin/bash
# todos-tui: `make run` runs the app, `make test` runs every test.
# Both install missing Debian packages when run as root, or say exactly what to install.

SWIFT        ?= swift
PREFIX       ?= /usr/local
CONFIG       ?= debug
SWIFT_FLAGS  ?=
ARGS         ?=
# Release builds link the Swift runtime and Foundation statically: a self-contained binary that
# starts in half the time with 6 MiB less memory (docs/performance.md, History).
RELEASE_FLAGS ?= --static-swift-stdlib
BIN_PATH      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

# Debian packages the build needs, and the ones the tests need on top.
BUILD_PKGS    = libncurses-dev
TEST_PKGS     = tmux todotxt-cli
BENCH_PKGS    = tudu calcurse todotxt-cli valgrind

.PHONY: all build run test bench format lint install uninstall clean deps deps-test deps-bench

all: build

deps:
	@scripts/ensure-deps.sh build $(BUILD_PKGS)

deps-test: deps
	@scripts/ensure-deps.sh test $(TEST_PKGS)

deps-bench: deps
	@scripts/ensure-deps.sh bench $(BENCH_PKGS)

build: deps
	$(SWIFT) build -c $(CONFIG) --product todos-tui \
	  $(if $(filter release,$(CONFIG)),$(RELEASE_FLAGS)) $(SWIFT_FLAGS)

## Run the app (pass arguments with ARGS="--file /tmp/todo.txt").
run: build
	@"$(BIN_PATH)/todos-tui" $(ARGS)

## Run every test: unit, snapshot and real-terminal (tmux) tests.
test: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	TODOS_TUI_BIN="$$($(SWIFT) build --show-bin-path)/todos-tui" \
	  $(SWIFT) test --skip-build $(SWIFT_FLAGS) 2>&1 | tee .build/test-output.txt; \
	  exit $${PIPESTATUS[0]}

## Benchmarks (not part of `make test`); see docs/performance.md.
bench: deps-bench
	$(MAKE) -C Benchmarks bench

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

install: deps
	$(SWIFT) build -c release --product todos-tui $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -s -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/todos-tui" \
	  "$(DESTDIR)$(PREFIX)/bin/todos-tui"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/todos-tui"

clean:
	rm -rf .build
