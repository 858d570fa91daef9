# DLX Studio. Two commands on a fresh machine: `make serve` and `make test` (see README.md).
# Every target installs what it needs and is idempotent.

SHELL := /bin/bash
PORT ?= 8000
CARGO ?= cargo
export PATH := $(HOME)/.cargo/bin:$(PATH)

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate pinned in Cargo.toml.
WASM_BINDGEN_VERSION := $(shell sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)
# Cargo puts it under $CARGO_TARGET_DIR when that is set (private target dirs), else under target/.
WASM := $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/release/dlx_studio.wasm
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: docs-shots fuzz fuzz-smoke fuzz-run miri miri-long miri-run test-sanity serve build test setup-wasm setup-lint setup-node setup-browser setup-firefox setup-parallel wasm cli bench-wasm bench-wasm-instructions lint lint-js test-native test-wasm test-browser test-firefox test-parts clean

serve: build
	@echo "DLX Studio on http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	python3 -m http.server $(PORT) --bind 127.0.0.1

build: wasm cli

setup-wasm:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
	  $(CARGO) install wasm-bindgen-cli --version =$(WASM_BINDGEN_VERSION); \
	fi

setup-lint:
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy

# The npm packages of tests/browser (playwright-core, puppeteer-core, typescript, eslint), exactly as its lockfile says.
setup-node:
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || \
	  { echo "the browser tests and the JS lint need Node.js 20 or newer; this is $$(node --version)"; exit 1; }
	@if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/puppeteer-core ] \
	  || [ ! -x tests/browser/node_modules/.bin/tsc ] \
	  || [ ! -x tests/browser/node_modules/.bin/eslint ]; then \
	  cd tests/browser && npm ci --no-audit --no-fund; \
	fi

setup-browser: setup-node
	@if [ ! -x $(CHROMIUM) ] || ! command -v chromedriver >/dev/null; then \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver; \
	fi

# Debian's Firefox ESR, for the Firefox smoke run (tests/browser/firefox.mjs, over WebDriver BiDi).
FIREFOX ?= /usr/lib/firefox-esr/firefox-esr
setup-firefox: setup-node
	@if [ ! -x $(FIREFOX) ]; then \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y firefox-esr; \
	fi

# GNU parallel, to run `dlx count --part K/N` in parts as the README's recipes do.
setup-parallel:
	@command -v parallel >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y parallel; }

wasm: setup-wasm
	$(CARGO) build --release --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir www/pkg $(WASM)

cli:
	$(CARGO) build --release --bin dlx

# The wasm build against the native build, in one run (benches/wasm.rs, benches/README.md): the same
# release .wasm as `make wasm`, bound for node (`--target nodejs`) into target/bench-wasm/pkg, and the
# page's www/pkg in headless Chromium.
bench-wasm: wasm setup-node
	wasm-bindgen --target nodejs --out-dir $(or $(CARGO_TARGET_DIR),target)/bench-wasm/pkg $(WASM)
	BENCH_WASM_PKG=$(or $(CARGO_TARGET_DIR),target)/bench-wasm/pkg $(CARGO) bench --bench wasm

# Instructions rather than seconds, for a noisy host (benches/wasm_instructions.mjs, benches/README.md):
# the wasm build in node against the native build under callgrind, on the issue's three workloads.
bench-wasm-instructions: wasm cli setup-node
	wasm-bindgen --target nodejs --out-dir $(or $(CARGO_TARGET_DIR),target)/bench-wasm/pkg $(WASM)
	node benches/wasm_instructions.mjs queens 13
	node benches/wasm_instructions.mjs langford 11
	node benches/wasm_instructions.mjs pentomino 6x10 1

lint: setup-wasm setup-lint lint-js
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --lib --test wasm --test wasm_draw --test wasm_views --test wasm_sizes --target wasm32-unknown-unknown -- -D warnings

# The page's JS: type-checked (// @ts-check) against the generated www/pkg/*.d.ts, and eslint.
lint-js: setup-node wasm
	tests/browser/node_modules/.bin/tsc -p tsconfig.json
	tests/browser/node_modules/.bin/eslint www tests/browser/*.mjs eslint.config.mjs

test: lint test-native test-parts test-wasm test-browser test-firefox fuzz-smoke miri

# Fuzzing (fuzz/: the Sudoku reader, the exact-cover reader, step k forward and k back, the f-puzzles
# JSON and link reader). The targets are
# libFuzzer binaries built with nightly and the flags cargo-fuzz passes, so cargo-fuzz itself is not
# needed (nothing is installed here). `make fuzz` runs each for FUZZ_SECONDS (default 600); `make
# fuzz-smoke`, part of `make test`, for 10 s each. Without a nightly toolchain both say so and skip.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := sudoku_reader exact_cover_reader step_back merge_lines fpuzzles_reader
FUZZ_RUSTFLAGS := --cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares -Zsanitizer=address
FUZZ_HOST := $(shell rustc -vV | sed -n 's/^host: //p')
HAVE_NIGHTLY := $(shell rustup run nightly rustc --version >/dev/null 2>&1 && echo yes)

fuzz:
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=$(FUZZ_SECONDS)

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=10

fuzz-run:
	@if [ "$(HAVE_NIGHTLY)" != yes ]; then echo "fuzz: skipped (no nightly toolchain; rustup toolchain install nightly)"; exit 0; fi; \
	set -e; cd fuzz; \
	RUSTFLAGS="$(FUZZ_RUSTFLAGS)" $(CARGO) +nightly build --release --target $(FUZZ_HOST) --bins; \
	mkdir -p artifacts; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p corpus/$$t; \
	  echo "fuzz $$t for $(FUZZ_SECONDS) s"; \
	  target/$(FUZZ_HOST)/release/$$t corpus/$$t seeds/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	    -rss_limit_mb=1024 -artifact_prefix=artifacts/ -print_final_stats=1 2>&1 | grep -E '^(stat::number_of_executed_units|==|SUMMARY|Done)' || true; \
	  test -z "$$(ls artifacts)" || { echo "fuzz $$t: crash, see fuzz/artifacts/"; exit 1; }; \
	done

# Miri over the core's unchecked code (core/links/raw.rs, the fast loops, bits' inner loop): `make
# miri`, in `make test`, is a smoke run of the links tests and `miri_smoke_*` (small instances, every
# unsafe path forwards and back; about 3 minutes of CPU, more on a loaded machine); `make miri-long`
# runs every core test Miri can (tens of minutes). Under CI=true Miri is required, as the shared data
# is: the nightly toolchain and its miri component are installed if missing (`rustup toolchain
# install nightly --profile minimal --component miri --component rust-src`), and the target fails
# if they cannot be.
# Elsewhere, without nightly (or where miri cannot be installed), both say so and pass.
MIRI_FILTERS ?= core::links miri_smoke
miri:
	@$(MAKE) --no-print-directory miri-run MIRI_ARGS="--lib -- $(MIRI_FILTERS)"

miri-long:
	@$(MAKE) --no-print-directory miri-run MIRI_ARGS="--lib core::"

miri-run:
	@if [ "$(CI)" = true ]; then \
	  if ! rustup run nightly cargo miri --version >/dev/null 2>&1; then \
	    rustup toolchain install nightly --profile minimal --component miri --component rust-src \
	      || { echo "miri: CI=true and the nightly toolchain with miri could not be installed"; exit 1; }; \
	    rustup run nightly cargo miri --version >/dev/null 2>&1 \
	      || { echo "miri: CI=true and cargo miri does not run after installing it"; exit 1; }; \
	  fi; \
	elif [ "$(HAVE_NIGHTLY)" != yes ]; then \
	  echo "miri: skipped (no nightly toolchain; rustup toolchain install nightly)"; exit 0; \
	elif ! rustup run nightly cargo miri --version >/dev/null 2>&1; then \
	  rustup +nightly component add miri || { echo "miri: skipped (the miri component could not be installed)"; exit 0; }; \
	fi; \
	MIRIFLAGS=-Zmiri-disable-isolation $(CARGO) +nightly miri test $(MIRI_ARGS)

test-native:
	$(CARGO) test

# Knuth's sanity_checking: the library's, the CLI's and the integration tests with `Links::sanity()`
# after every event of `step` and `step_back` and every turn of the fast loops (`--features sanity`),
# the round-trip harness (`there_and_back`, which checks it itself too) among them; on links of more
# than SANITY_SPAN nodes at every k-th call (printed below). Tests too slow under it skip or shrink.
# Not in `make test`: its own build of every test takes 5 minutes here (2 shared cores).
test-sanity:
	@echo "sanity: Links::sanity() at every call on links of up to 1024 nodes (core::links::SANITY_SPAN), else at every k-th call of the thread, k = nodes / 1024 rounded up"
	$(CARGO) test --features sanity --tests

# A count in 8 parts through GNU parallel, merged, must equal the count in one run: 13-queens, 73712
# solutions, and the same search-tree nodes and updates.
COUNTS := sed -n 's/.*"nodes":\([0-9]*\).*"solutions":\([0-9]*\).*"updates":\([0-9]*\).*/\2 solutions, \1 nodes, \3 updates/p'
test-parts: cli setup-parallel
	@dlx=$(or $(CARGO_TARGET_DIR),target)/release/dlx; \
	want=$$($$dlx count queens 13 --threads 1 --json | $(COUNTS)); \
	seq 0 7 | parallel --will-cite -j2 $$dlx count queens 13 --threads 1 --part {}/8 --json > target/parts.jsonl && \
	got=$$($$dlx merge target/parts.jsonl | $(COUNTS)) && \
	echo "13-queens in 8 parts through GNU parallel, merged: $$got (one run: $$want)" && \
	[ "$$got" = "$$want" ] && [ "$${want%% *}" = 73712 ]

# wasm-bindgen-test-runner (the cargo runner in .cargo/config.toml) starts chromedriver from $CHROMEDRIVER
# and reads the browser's capabilities from webdriver.json (headless Chromium as root).
CHROMEDRIVER ?= $(shell command -v chromedriver || echo /usr/bin/chromedriver)
# chromedriver makes a Chromium profile (about 40 MB) in TMPDIR for each test binary and the runner
# ends it without deleting that; so TMPDIR is a folder of ours, removed after, pass or fail.
WASM_TEST_TMP := $(CURDIR)/target/wasm-test-tmp
test-wasm: setup-wasm setup-browser
	rm -rf $(WASM_TEST_TMP) && mkdir -p $(WASM_TEST_TMP)
	TMPDIR=$(WASM_TEST_TMP) CHROMEDRIVER=$(CHROMEDRIVER) $(CARGO) test --target wasm32-unknown-unknown \
	  --test wasm --test wasm_draw --test wasm_views --test wasm_sizes; status=$$?; rm -rf $(WASM_TEST_TMP); exit $$status

test-browser: build setup-browser
	@if [ -f tests/browser/run.mjs ]; then node tests/browser/run.mjs; else echo "(no browser tests yet)"; fi

# The page in Firefox: load, step, step back, paste and Solve a Sudoku (puppeteer-core, no browser download).
test-firefox: wasm setup-firefox
	FIREFOX=$(FIREFOX) node tests/browser/firefox.mjs

# The README's pictures (docs/*.png), taken from the page by the browser harness (run.mjs --docs).
docs-shots: build setup-browser
	node tests/browser/run.mjs --docs

clean:
	$(CARGO) clean
	rm -rf www/pkg screenshots
