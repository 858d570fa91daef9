# DLX Studio. Two commands on a fresh machine: `make serve` and `make test` (see README.md).
# Every target installs what it needs and is idempotent.

SHELL := /bin/bash
PORT ?= 8000
CARGO ?= cargo
export PATH := $(HOME)/.cargo/bin:$(PATH)

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate pinned in Cargo.toml.
WASM_BINDGEN_VERSION := $(shell sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)
# PROFILE: `release` (fat LTO, one codegen unit) for `make build`, `make serve` and the benches; `ci`
# (Cargo.toml: release with thin LTO over 16 codegen units) for the page's wasm the tests use, through
# `make wasm-ci`. The CLI the tests run (test-parts, the browser tests) is the one `cargo test` builds
# for the integration tests anyway (the `test` profile: optimised, with debug assertions), through
# `make cli-test`: no build of its own.
PROFILE ?= release
# Cargo puts it under $CARGO_TARGET_DIR when that is set (private target dirs), else under target/.
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
WASM := $(TARGET_DIR)/wasm32-unknown-unknown/$(PROFILE)/dlx_studio.wasm
CLI_TEST := $(TARGET_DIR)/debug/dlx
CHROMIUM ?= /usr/bin/chromium
# Under CI (a clean clone) no incremental cache is there to reuse: writing one is pure cost, and an
# incremental build splits each crate into many more codegen units, which the optimised test builds
# then compile and link more slowly. Elsewhere cargo's default (incremental dev and test builds) stays.
ifeq ($(CI),true)
export CARGO_INCREMENTAL := 0
endif
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: lint-rust test-doc screenshots wasm-ci cli-test setup-nightly test-long docs-shots fuzz fuzz-smoke fuzz-run miri miri-long miri-run test-sanity serve build test setup-wasm setup-lint setup-node setup-browser setup-firefox setup-parallel wasm cli bench-wasm bench-wasm-instructions lint lint-js test-native test-wasm test-browser test-firefox test-parts clean npm test-npm test-bundler npm-example bench-npm lint-npm setup-python wheel test-python lint-python bench-python

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
	$(CARGO) build --profile $(PROFILE) --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir www/pkg $(WASM)

cli:
	$(CARGO) build --profile $(PROFILE) --bin dlx

# The page's wasm in the `ci` profile (into www/pkg, as `make wasm`), and the CLI in the `test`
# profile (target/debug/dlx, the very binary `cargo test` builds for tests/it), for the tests. Built
# through `cargo test` because a plain `cargo build --profile test` leaves out the features that the
# dev-dependencies add to shared crates, and so builds the crate again.
wasm-ci:
	@$(MAKE) --no-print-directory wasm PROFILE=ci

cli-test:
	$(CARGO) test --no-run --test it

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

lint: lint-rust lint-js lint-npm

# rustfmt and clippy, natively and for wasm32 (check builds in the dev profile: target/debug and
# target/wasm32-unknown-unknown/debug).
lint-rust: setup-wasm setup-lint
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --lib --test wasm --target wasm32-unknown-unknown -- -D warnings

# The page's JS: type-checked (// @ts-check) against the generated www/pkg/*.d.ts, and eslint. The
# .d.ts is the same in every profile: the `ci` build is the one the browser tests use too.
lint-js: setup-node wasm-ci
	tests/browser/node_modules/.bin/tsc -p tsconfig.json
	tests/browser/node_modules/.bin/eslint www tests/browser/*.mjs tests/npm eslint.config.mjs

# `make test`: the installs first, then two lanes side by side (tests/stages.sh): lane A the stages
# that build the crate natively and drive the page's browsers, lane B clippy, fuzzing, Miri and the
# wasm32 tests, whose output is printed after lane A's. The two lanes take about as long. Clippy
# comes first in lane B while lane A builds the page's wasm (another build directory): it is done
# before lane A's test-native needs target/debug, which clippy's check builds lock too. Last, once both
# lanes have passed, the browser tests that measure frames, alone on the machine. Each stage is its
# own `make`, timed; the times are printed at the end, and a failing stage ends its lane.
TEST_FIRST := setup-wasm setup-lint setup-node setup-browser setup-firefox setup-parallel setup-nightly setup-python
TEST_LANE_A := lint-js lint-npm test-native test-parts test-browser test-npm test-bundler test-firefox
TEST_LANE_B := lint-rust fuzz-smoke miri test-wasm test-doc test-python
TEST_LAST := test-quiet
test:
	@MAKE="$(MAKE)" bash tests/stages.sh $(TARGET_DIR) "$(TEST_FIRST)" "$(TEST_LANE_A)" "$(TEST_LANE_B)" "$(TEST_LAST)"

# One nightly toolchain for fuzzing and Miri: `rustup toolchain install nightly --profile minimal
# --component miri --component rust-src`, or the missing components added to the nightly there (a
# nightly that cannot give them is replaced by the latest that can). Fuzz and Miri run after it,
# never on a guess made when make read this file. Under CI=true both are required, so this fails if
# it cannot install them; elsewhere it says so and both skip.
setup-nightly:
	@have() { rustup run nightly cargo miri --version >/dev/null 2>&1 \
	  && rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; }; \
	have && exit 0; \
	if rustup run nightly rustc --version >/dev/null 2>&1; then \
	  rustup component add --toolchain nightly miri rust-src || true; \
	fi; \
	have || rustup toolchain install nightly --profile minimal --component miri --component rust-src \
	  --allow-downgrade || true; \
	have && exit 0; \
	if [ "$(CI)" = true ]; then \
	  echo "nightly: CI=true and no nightly toolchain with miri and rust-src could be installed"; exit 1; \
	fi; \
	echo "nightly: no nightly toolchain with miri and rust-src could be installed; fuzz and Miri skip"

# Fuzzing (fuzz/: the Sudoku reader, the exact-cover reader, step k forward and k back, the f-puzzles
# JSON and link reader). The targets are
# libFuzzer binaries built with nightly and the flags cargo-fuzz passes, so cargo-fuzz itself is not
# needed. `make fuzz` runs each for FUZZ_SECONDS (default 600); `make fuzz-smoke`, part of `make
# test`, for 10 s each, built in fuzz/Cargo.toml's `smoke` profile (optimised less: its build is most
# of its cost) and without AddressSanitizer (FUZZ_ASAN below), FUZZ_JOBS (2, one a core) at a
# time. A target that crashes, or that does not
# report the units it executed (it did not run), fails the run. Without nightly (setup-nightly) both
# say so and skip, except under CI=true.
FUZZ_SECONDS ?= 600
FUZZ_PROFILE ?= release
FUZZ_JOBS ?= 2
FUZZ_TARGETS := sudoku_reader exact_cover_reader step_back merge_lines fpuzzles_reader iss_sudokupad_reader
# AddressSanitizer for `make fuzz`; the smoke run goes without it (it is 40% of the smoke build's CPU,
# and in 10 s a target meets panics, which need no sanitizer, far more often than a memory error in the
# unchecked code, which Miri and the debug assertions of core/*/raw.rs watch in `make test`).
FUZZ_ASAN ?= -Zsanitizer=address
FUZZ_RUSTFLAGS := --cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares $(FUZZ_ASAN)
FUZZ_HOST := $(shell rustc -vV | sed -n 's/^host: //p')

fuzz:
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=$(FUZZ_SECONDS)

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=10 FUZZ_PROFILE=smoke FUZZ_ASAN=

fuzz-run: setup-nightly
	@if ! rustup run nightly rustc --version >/dev/null 2>&1; then \
	  echo "fuzz: skipped (no nightly toolchain; rustup toolchain install nightly)"; exit 0; \
	fi; \
	set -e; cd fuzz; \
	RUSTFLAGS="$(FUZZ_RUSTFLAGS)" $(CARGO) +nightly build --profile $(FUZZ_PROFILE) --target $(FUZZ_HOST) --bins; \
	mkdir -p artifacts logs; \
	for t in $(FUZZ_TARGETS); do mkdir -p corpus/$$t; done; \
	echo "fuzz $(FUZZ_TARGETS): $(FUZZ_SECONDS) s each, $(FUZZ_JOBS) at a time"; \
	printf '%s\n' $(FUZZ_TARGETS) | xargs -P $(FUZZ_JOBS) -I{} sh -c \
	  'target/$(FUZZ_HOST)/$(FUZZ_PROFILE)/{} corpus/{} seeds/{} -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	    -rss_limit_mb=1024 -artifact_prefix=artifacts/ -print_final_stats=1 > logs/{}.log 2>&1 || true'; \
	for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $$t:"; \
	  grep -E '^(stat::number_of_executed_units|==|SUMMARY|Done)' logs/$$t.log | sed 's/^/  /' || true; \
	  grep -q '^stat::number_of_executed_units' logs/$$t.log \
	    || { echo "fuzz $$t: did not run, see fuzz/logs/$$t.log"; tail -5 logs/$$t.log; exit 1; }; \
	done; \
	test -z "$$(ls artifacts)" || { echo "fuzz: crash, see fuzz/artifacts/ and fuzz/logs/"; \
	  grep -h -A1 'panicked at' logs/*.log | sed 's/^/  /'; \
	  for a in artifacts/*; do echo "  $$a (base64): $$(head -c 600 $$a | base64 -w0)"; done; exit 1; }

# Miri over the core's unchecked code (core/links/raw.rs, the fast loops, bits' inner loop): `make
# miri`, in `make test`, is a smoke run of the links tests and `miri_smoke_*` (small instances, every
# unsafe path forwards and back; about 3 minutes of CPU, more on a loaded machine); `make miri-long`
# runs every core test Miri can (tens of minutes). The nightly toolchain and its miri component come
# from setup-nightly: required under CI=true; elsewhere, without them, both say so and pass.
MIRI_FILTERS ?= core::links miri_smoke
miri:
	@$(MAKE) --no-print-directory miri-run MIRI_ARGS="--lib -- $(MIRI_FILTERS)"

miri-long:
	@$(MAKE) --no-print-directory miri-run MIRI_ARGS="--lib core::"

miri-run: setup-nightly
	@if ! rustup run nightly cargo miri --version >/dev/null 2>&1; then \
	  echo "miri: skipped (no nightly toolchain with miri)"; exit 0; \
	fi; \
	MIRIFLAGS=-Zmiri-disable-isolation $(CARGO) +nightly miri test $(MIRI_ARGS)

# Every Rust test but the rustdoc examples: the library's unit tests, the CLI's, tests/it and the
# examples/ (each runs as a test). The rustdoc examples are `test-doc`, a stage of the other lane
# (each is a crate of its own to compile: most of their cost is rustc, which the lanes share out).
test-native:
	$(CARGO) test --lib --bins --tests --examples

# The rustdoc examples (every public item of the library has one), on the library `test-native`
# built (same profile and features: cargo reuses it, waiting for it if it is being built).
test-doc:
	$(CARGO) test --doc

# Every Rust test and the page's, with the sweeps that `make test` runs short in their long form
# (DLX_LONG_TESTS=1): the Sudoku sets' tests on more puzzles, from the whole sets in
# ../shared/data/sudoku (required then; `make test` reads the first 300 of each from
# tests/data/sudoku), the maker's X with anti-knight on 20 seeds (`make test`: 2), and the page's
# run to the end on warm workers three times a problem (`make test`: once). Not in `make test`.
test-long: wasm-ci cli-test setup-browser
	DLX_LONG_TESTS=1 $(CARGO) test
	DLX_LONG_TESTS=1 node tests/browser/run.mjs --jobs $(BROWSER_JOBS)

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
test-parts: cli-test setup-parallel
	@dlx=$(CLI_TEST); \
	want=$$($$dlx count queens 13 --threads 1 --json | $(COUNTS)); \
	seq 0 7 | parallel --will-cite -j2 $$dlx count queens 13 --threads 1 --part {}/8 --json > $(TARGET_DIR)/parts.jsonl && \
	got=$$($$dlx merge $(TARGET_DIR)/parts.jsonl | $(COUNTS)) && \
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
	TMPDIR=$(WASM_TEST_TMP) CHROMEDRIVER=$(CHROMEDRIVER) $(CARGO) test --profile wasm-test --target wasm32-unknown-unknown \
	  --test wasm; status=$$?; rm -rf $(WASM_TEST_TMP); exit $$status

# The page in Chromium (tests/browser/run.mjs): BROWSER_JOBS tests at a time (2, one a core), each
# job with its own Chromium taking the next test from one queue, the slow tests first; each line
# tagged with its job. The CLI the tests compare with is `make cli-test`'s (harness.mjs).
BROWSER_JOBS ?= 2
test-browser: wasm-ci cli-test setup-browser
	node tests/browser/run.mjs --jobs $(BROWSER_JOBS)

# The browser tests that measure frames (frames/s at full speed, frame gaps and Stop's answer while a
# Solve runs, the page's answer while a worker counts; harness.mjs's `quiet`): one browser, nothing
# else running, so that the figures are the page's and not the machine's load (beside lane B's
# compilers pentomino played at 26 frames/s, alone at 53-57). They report the figures; they assert
# behaviour, not times.
test-quiet: wasm-ci cli-test setup-browser
	node tests/browser/run.mjs --quiet

# The pictures for a person to look at (screenshots/: every view at 1280x800 and 375 px, dark mode, a
# deuteranopia view, the camera's ten events, the maker): the browser tests that only take pictures,
# left out of `make test`. Look at them after a change to the page.
screenshots: wasm-ci cli-test setup-browser
	node tests/browser/run.mjs --jobs $(BROWSER_JOBS) --shots

# The page in Firefox: load, step, step back, paste and Solve a Sudoku (puppeteer-core, no browser download).
test-firefox: wasm-ci setup-firefox
	FIREFOX=$(FIREFOX) node tests/browser/firefox.mjs

# The README's pictures (docs/*.png), taken from the page by the browser harness (run.mjs --docs).
docs-shots: build setup-browser
	node tests/browser/run.mjs --docs

# The npm package (npm/, issue 47): the page's wasm exactly as `make wasm-ci` builds it into www/pkg
# (wasm-bindgen --target web: node instantiates it from the file's bytes, npm/node.js; a browser or
# a bundler from its URL, npm/browser.js), with npm/'s wrapper (api.js) and types, packed by `npm pack`
# into $(NPM_OUT)/dlx-studio-VERSION.tgz. Nothing is compiled for it beyond the page's own build.
NPM_OUT := $(abspath $(TARGET_DIR))/npm
npm: wasm-ci
	rm -rf $(NPM_OUT)/pkg && mkdir -p $(NPM_OUT)/pkg
	cp npm/package.json npm/api.js npm/node.js npm/browser.js npm/index.d.ts npm/README.md LICENSE \
	  www/pkg/dlx_studio.js www/pkg/dlx_studio_bg.wasm $(NPM_OUT)/pkg/
	rm -f $(NPM_OUT)/*.tgz
	cd $(NPM_OUT)/pkg && npm pack --silent --pack-destination $(NPM_OUT) >/dev/null
	@ls $(NPM_OUT)/*.tgz

# The package's JS type-checked against its types and the generated dlx_studio.d.ts, where `make npm`
# stages them side by side (npm/tsconfig.json).
lint-npm: npm setup-node
	cp npm/tsconfig.json www/pkg/dlx_studio.d.ts $(NPM_OUT)/pkg/
	tests/browser/node_modules/.bin/tsc -p $(NPM_OUT)/pkg/tsconfig.json

# The package as a user installs it: the tarball into a fresh node project in a temporary directory
# (a local tarball with no dependencies: nothing is fetched), then tests/npm/test.mjs there, its
# counts checked against the CLI `cargo test` builds (`make cli-test`). In `make test`, after the
# browser tests (it rewrites nothing they read: `make npm` copies www/pkg).
test-npm: npm cli-test
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  cp tests/npm/test.mjs "$$tmp/" && cd "$$tmp" && \
	  printf '{"name":"dlx-studio-test","private":true,"type":"module"}\n' > package.json && \
	  npm install --silent --no-audit --no-fund --offline $(NPM_OUT)/dlx-studio-*.tgz && \
	  DLX=$(abspath $(CLI_TEST)) node test.mjs

# The package through a bundler, in a browser (issue 47): a fresh project in a temporary directory
# installs the tarball (--offline) and Vite from the npm registry at VITE_VERSION, bundles the app of
# tests/npm/bundle/ (`import … from 'dlx-studio'`: the wasm found by `new URL(…, import.meta.url)`,
# which Vite copies and rewrites with no plug-in) and tests/npm/bundler.mjs loads the bundle in
# headless Chromium, checked against the CLI. Vite rather than webpack 5 + webpack-cli: both bundle it
# with no plug-in or config, Vite installs faster (14 packages against 54) and builds faster. Under
# CI=true a Vite that cannot be installed is an error; elsewhere the target says so and skips. Vite
# 8 needs node 20.19 or newer (22.12 on node 22).
VITE_VERSION := 8.4.0
test-bundler: npm cli-test setup-browser
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  cp -r tests/npm/bundle/. "$$tmp/" && cd "$$tmp" && \
	  printf '{"name":"dlx-studio-bundle-test","private":true,"type":"module"}\n' > package.json && \
	  npm install --silent --no-audit --no-fund --offline $(NPM_OUT)/dlx-studio-*.tgz && \
	  if ! npm install --silent --no-audit --no-fund --save-exact vite@$(VITE_VERSION); then \
	    if [ "$(CI)" = true ]; then echo "test-bundler: CI=true and vite $(VITE_VERSION) could not be installed"; exit 1; fi; \
	    echo "test-bundler: vite $(VITE_VERSION) could not be installed from the npm registry; skipped"; exit 0; \
	  fi && \
	  ./node_modules/.bin/vite build --logLevel warn && \
	  DLX=$(abspath $(CLI_TEST)) CHROMIUM=$(CHROMIUM) node $(CURDIR)/tests/npm/bundler.mjs dist

# The example project (examples/npm/), installing the tarball `make npm` packed.
npm-example: npm
	cd examples/npm && npm install --silent --no-audit --no-fund --offline --no-package-lock && node index.mjs

# The npm package against npm `dancing-links` (benches/npm.mjs, benches/README.md): both installed in
# target/bench-npm, `dancing-links` from the registry at the version the issue measured (a bench
# only: the one test that installs from a registry is test-bundler, its bundler).
DANCING_LINKS_VERSION := 4.3.10
bench-npm: npm
	mkdir -p $(NPM_OUT)/../bench-npm && cd $(NPM_OUT)/../bench-npm && \
	  printf '{"name":"dlx-studio-bench","private":true,"type":"module"}\n' > package.json && \
	  npm install --silent --no-audit --no-fund dancing-links@$(DANCING_LINKS_VERSION) $(NPM_OUT)/dlx-studio-*.tgz && \
	  cp $(CURDIR)/benches/npm.mjs . && node npm.mjs

# The Python wheel (python/, issue 47): PyO3 and maturin. setup-python makes a venv under target/
# with maturin from PyPI (python3-venv from Debian where `python3 -m venv` is missing). Under CI=true
# a maturin that cannot be installed is an error; elsewhere the Python stages say so and skip.
PY_TOOLS := $(abspath $(TARGET_DIR))/python-tools
MATURIN := $(PY_TOOLS)/bin/maturin
MATURIN_VERSION := 1.16.0
WHEELS := $(abspath $(TARGET_DIR))/wheels
setup-python:
	@[ -x $(MATURIN) ] && exit 0; \
	python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null \
	  || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv python3-pip; } || true; \
	rm -rf $(PY_TOOLS); \
	python3 -m venv $(PY_TOOLS) && $(PY_TOOLS)/bin/pip install --quiet --disable-pip-version-check \
	  maturin==$(MATURIN_VERSION) || rm -rf $(PY_TOOLS); \
	[ -x $(MATURIN) ] && exit 0; \
	if [ "$(CI)" = true ]; then echo "python: CI=true and maturin could not be installed"; exit 1; fi; \
	echo "python: maturin could not be installed; the wheel and its tests skip"

# The wheel, abi3 for CPython 3.8 and later, into target/wheels/: the crate python/ (a workspace of
# its own, so the main crate's builds never compile PyO3) in its `release` profile (thin LTO, 16
# codegen units: python/Cargo.toml), built in target/python.
wheel: setup-python
	@[ -x $(MATURIN) ] || { echo "wheel: skipped (no maturin)"; exit 0; }; \
	rm -f $(WHEELS)/dlx_studio-*.whl; \
	cd python && CARGO_TARGET_DIR=$(abspath $(TARGET_DIR))/python $(MATURIN) build --release --quiet --out $(WHEELS)

# fmt and clippy over the binding's crate (the main crate's are `make lint`).
lint-python: setup-lint
	cd python && $(CARGO) fmt -- --check && CARGO_TARGET_DIR=$(abspath $(TARGET_DIR))/python $(CARGO) clippy --all-targets -- -D warnings

# The wheel as a user installs it: a fresh venv in a temporary directory, the wheel from
# target/wheels (`--no-index`: nothing fetched), then python/tests with the standard library's
# unittest, counts checked against the CLI `cargo test` builds (`make cli-test`), run from the
# temporary directory so that `import dlx_studio` finds the installed package and not python/.
test-python: wheel cli-test lint-python
	@[ -x $(MATURIN) ] || { echo "test-python: skipped (no maturin)"; exit 0; }; \
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	python3 -m venv "$$tmp/venv" && \
	"$$tmp/venv/bin/pip" install --quiet --disable-pip-version-check --no-index --find-links $(WHEELS) dlx-studio && \
	cp python/tests/test_dlx_studio.py "$$tmp/" && cd "$$tmp" && \
	DLX=$(abspath $(CLI_TEST)) venv/bin/python -m unittest -v test_dlx_studio

# The wheel against PyPI's `exact-cover` (benches/python.py, benches/README.md): both installed in
# target/bench-python, `exact-cover` from PyPI at the version the issue measured (a bench only: no
# test installs from a registry).
EXACT_COVER_VERSION := 1.5.0
bench-python: wheel
	@[ -x $(MATURIN) ] || { echo "bench-python: needs maturin (make setup-python)"; exit 1; }
	[ -x $(TARGET_DIR)/bench-python/bin/python ] || python3 -m venv $(TARGET_DIR)/bench-python
	$(TARGET_DIR)/bench-python/bin/pip install --quiet --disable-pip-version-check exact-cover==$(EXACT_COVER_VERSION)
	$(TARGET_DIR)/bench-python/bin/pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
	  --no-index --find-links $(WHEELS) dlx-studio
	cd $(TARGET_DIR) && bench-python/bin/python $(CURDIR)/benches/python.py

clean:
	$(CARGO) clean
	rm -rf www/pkg screenshots
