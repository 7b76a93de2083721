# cardform — the two commands: `make run` and `make test`. Both install what is missing first.
SWIFT      ?= swift
PORT       ?= 8080
BUILD_PKGS := libmicrohttpd-dev libgnutls28-dev libsodium-dev pkg-config
# openssl makes the test certificates for HTTPS; curl and openssl s_client talk to the server over TLS.
UNIT_PKGS  := openssl curl
TEST_PKGS  := chromium chromium-driver python3-selenium openssl
BENCH_PKGS := wrk gcc
PYTHON     := /usr/bin/python3

.PHONY: run test unit-test browser-test bench build deps unit-deps test-deps bench-deps embed clean

## run: install what is missing, build, serve the demo on http://127.0.0.1:$(PORT)
# The repository's own Templates/ and Public/ are passed as overlays so that editing them reloads
# open pages at once (the same files are also built into the binary as the defaults).
run: deps embed
	$(SWIFT) build -c release --product cardform
	.build/release/cardform serve --dev --port $(PORT) --templates Templates --public Public

## test: install what is missing, run the Swift tests, then the browser tests
test: unit-test browser-test

# One run: the suites that block on raw sockets run each test on a thread of their own (`.ownThread`).
unit-test: deps unit-deps embed
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

browser-test: deps test-deps embed
	$(SWIFT) build --product cardform
	@if [ -f Tests/Browser/run.py ]; then $(PYTHON) Tests/Browser/run.py --binary .build/debug/cardform; \
	else echo "browser tests: none yet (Tests/Browser/run.py missing)"; fi

## bench: speed figures (not tests); see bench/README.md
bench: deps bench-deps embed
	$(SWIFT) build -c release
	@for b in bench/*.sh; do [ -f "$$b" ] && sh "$$b"; done; true

build: deps embed
	$(SWIFT) build

# The build plugin notices templates and assets added or removed by itself; this refreshes its output
# for edits to existing files too (rewritten only when a byte changed; see Plugins/EmbedResources).
embed:
	@if [ -d .build/plugins/outputs ]; then \
	  find .build/plugins/outputs -name EmbeddedResources.swift -exec sh scripts/embed-resources.sh {} Templates Public \; ; fi

deps:
	@scripts/ensure-packages.sh $(BUILD_PKGS)

unit-deps:
	@scripts/ensure-packages.sh $(UNIT_PKGS)

test-deps:
	@scripts/ensure-packages.sh $(TEST_PKGS)

bench-deps:
	@scripts/ensure-packages.sh $(BENCH_PKGS)

clean:
	rm -rf .build
