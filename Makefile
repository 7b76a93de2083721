# cardform — the two commands: `make run` and `make test`. Both install what is missing first.
SWIFT      ?= swift
PORT       ?= 8080
BUILD_PKGS := libmicrohttpd-dev libgnutls28-dev libsodium-dev libhiredis-dev zlib1g-dev pkg-config
# The unit tests start real servers: redis-server under the shared session store, nginx running
# deploy/nginx.conf; openssl makes the test certificates for HTTPS; curl and openssl s_client talk
# to the server over TLS.
UNIT_PKGS  := redis-server nginx openssl curl
# python3-pip installs axe-core-python (the accessibility checker) into .build at test time.
TEST_PKGS  := chromium chromium-driver python3-selenium python3-pip openssl
BENCH_PKGS := wrk gcc redis-server valgrind time
PYTHON     := /usr/bin/python3

.PHONY: run test unit-test browser-test fuzz bench build deps unit-deps test-deps bench-deps embed clean

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

# unit-deps: the cluster test (test_cluster.py) runs redis-server and nginx too.
browser-test: deps unit-deps test-deps embed
	$(SWIFT) build --product cardform
	@if [ -f Tests/Browser/run.py ]; then $(PYTHON) Tests/Browser/run.py --binary .build/debug/cardform; \
	else echo "browser tests: none yet (Tests/Browser/run.py missing)"; fi

## fuzz: each fuzz target for FUZZ_RUNS executions (libFuzzer + AddressSanitizer); see Fuzz/README.md
# Built with swiftc outside SwiftPM, so `swift build` never pays for the instrumentation. New inputs
# go to .build/fuzz/<target>/corpus; a crash or leak stops that target and leaves its input there.
FUZZ_RUNS    ?= 1000000
FUZZ_TARGETS := mustache form json session head
FUZZ_DIR     := .build/fuzz
FUZZ_SWIFTC  := swiftc -sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -use-ld=lld
# In build order: HTTPServer imports CardFormSupport (CodedError, Hex).
FUZZ_LIBS    := CardFormSupport Mustache HTTPServer CardEngine
# Swift's own backtracer would fight AddressSanitizer over a trap; libFuzzer reports it instead.
FUZZ_ENV     := SWIFT_BACKTRACE=enable=no

fuzz: deps $(foreach t,$(FUZZ_TARGETS),$(FUZZ_DIR)/fuzz-$(t))
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/$$t/corpus; \
	  $(FUZZ_ENV) $(FUZZ_DIR)/fuzz-$$t -runs=$(FUZZ_RUNS) -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/$$t/ $(FUZZ_DIR)/$$t/corpus Fuzz/Corpus/$$t > $(FUZZ_DIR)/$$t/log 2>&1; \
	  status=$$?; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_DIR)/$$t/log); \
	  crashes=$$(ls $(FUZZ_DIR)/$$t | grep -cE '^(crash|timeout|oom)-'); leaks=$$(ls $(FUZZ_DIR)/$$t | grep -c '^leak-'); \
	  echo "fuzz $$t: $${runs:-0} executions, $$crashes crashes, $$leaks leaks (log: $(FUZZ_DIR)/$$t/log)"; \
	  [ $$status -eq 0 ] || exit $$status; \
	done

$(FUZZ_DIR)/fuzz-%: $(foreach l,$(FUZZ_LIBS),$(FUZZ_DIR)/lib/lib$(l).a) $(wildcard Fuzz/Targets/*.swift Fuzz/Entry/*.swift)
	@printf 'let selectedTarget = FuzzTarget.%s\n' $* > $(FUZZ_DIR)/selected-$*.swift
	$(FUZZ_SWIFTC) -I $(FUZZ_DIR)/lib -I Sources/CMicroHTTPD -L $(FUZZ_DIR)/lib $(addprefix -l,$(FUZZ_LIBS)) \
	  -lmicrohttpd -lgnutls Fuzz/Targets/*.swift Fuzz/Entry/*.swift $(FUZZ_DIR)/selected-$*.swift -o $@

.SECONDARY: $(foreach l,$(FUZZ_LIBS),$(FUZZ_DIR)/lib/lib$(l).a)
$(FUZZ_DIR)/lib/libHTTPServer.a: $(FUZZ_DIR)/lib/libCardFormSupport.a

# One static library per module, instrumented; compiled in its own folder (swiftc leaves objects there).
$(FUZZ_DIR)/lib/lib%.a: $(shell find $(addprefix Sources/,$(FUZZ_LIBS)) -name '*.swift')
	@# Started afresh: swiftc adds its objects to an existing archive, so one from a source file since
	@# deleted or renamed would stay in it and clash with the symbols' new home at link time.
	@rm -rf $(FUZZ_DIR)/lib/$* $@
	@mkdir -p $(FUZZ_DIR)/lib/$*
	cd $(FUZZ_DIR)/lib/$* && $(FUZZ_SWIFTC) -I $(CURDIR)/$(FUZZ_DIR)/lib -I $(CURDIR)/Sources/CMicroHTTPD \
	  -emit-library -static -emit-module -module-name $* -emit-module-path ../$*.swiftmodule \
	  $$(find $(CURDIR)/Sources/$* -name '*.swift') -o ../lib$*.a

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
