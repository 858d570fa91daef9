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

.PHONY: serve build test setup-wasm setup-lint setup-node setup-browser setup-parallel wasm cli lint lint-js test-native test-wasm test-browser test-parts clean

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

# The npm packages of tests/browser (playwright-core, typescript, eslint), exactly as its lockfile says.
setup-node:
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || \
	  { echo "the browser tests and the JS lint need Node.js 20 or newer; this is $$(node --version)"; exit 1; }
	@if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -x tests/browser/node_modules/.bin/tsc ] \
	  || [ ! -x tests/browser/node_modules/.bin/eslint ]; then \
	  cd tests/browser && npm ci --no-audit --no-fund; \
	fi

setup-browser: setup-node
	@if [ ! -x $(CHROMIUM) ] || ! command -v chromedriver >/dev/null; then \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver; \
	fi

# GNU parallel, to run `dlx count --part K/N` in parts as the README's recipes do.
setup-parallel:
	@command -v parallel >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y parallel; }

wasm: setup-wasm
	$(CARGO) build --release --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir www/pkg $(WASM)

cli:
	$(CARGO) build --release --bin dlx

lint: setup-wasm setup-lint lint-js
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --lib --test wasm --test wasm_draw --target wasm32-unknown-unknown -- -D warnings

# The page's JS: type-checked (// @ts-check) against the generated www/pkg/*.d.ts, and eslint.
lint-js: setup-node wasm
	tests/browser/node_modules/.bin/tsc -p tsconfig.json
	tests/browser/node_modules/.bin/eslint www tests/browser/run.mjs eslint.config.mjs

test: lint test-native test-parts test-wasm test-browser

test-native:
	$(CARGO) test

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
test-wasm: setup-wasm setup-browser
	CHROMEDRIVER=$(CHROMEDRIVER) $(CARGO) test --target wasm32-unknown-unknown --test wasm --test wasm_draw

test-browser: build setup-browser
	@if [ -f tests/browser/run.mjs ]; then node tests/browser/run.mjs; else echo "(no browser tests yet)"; fi

clean:
	$(CARGO) clean
	rm -rf www/pkg screenshots
