# The concurrency-patterns lab.
#
# `make help` lists the rules; `make bench` and `make test` are the two that matter.

SWIFT ?= swift
LAB_RELEASE = $(SWIFT) run --configuration release lab
# Where `make bench` and `make bench-full` write Results.md, .svg and .json: a folder git
# ignores, so a first run changes nothing in the checkout. `make results` alone writes Docs/.
RESULTS ?= results

.DEFAULT_GOAL := help
.PHONY: help setup build test generated race leaks bench bench-full bench-quick results bench-check bench-thresholds bench-limit read-ceiling demo demo-check workshop docs clean

help: ## List the rules.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  make %-16s %s\n", $$1, $$2}'

setup: ## Install libsqlite3-dev, libjemalloc-dev and bubblewrap (the workshop's sandbox) when missing.
	@Scripts/setup.sh

build: setup ## Build in debug.
	$(SWIFT) build

test: setup ## Run the whole test suite, and build the guide (DocC checks its links).
	$(SWIFT) test
	@$(MAKE) --no-print-directory docs

race: setup ## Bench rows, demos and tests under ThreadSanitizer (.build-race); fail on a race. Docs/Reliability.md.
	@SWIFT="$(SWIFT)" Scripts/sanitize.sh race

leaks: setup ## Bench rows, demos and tests under LeakSanitizer (.build-leaks); fail on a leak not planted.
	@SWIFT="$(SWIFT)" Scripts/sanitize.sh leaks

bench: setup ## Build in release, print the table, write results/Results.md and .svg (git ignores results/).
	$(SWIFT) build --configuration release --product lab
	@mkdir -p $(RESULTS)
	$(LAB_RELEASE) bench --docs $(RESULTS)
	@echo "make bench: the table is above; Results.md, .svg and .json are in $(RESULTS)/, which git ignores."

bench-full: setup ## The longer run: every scenario at full size (about 10 minutes on 2 cores), into results/.
	$(SWIFT) build --configuration release --product lab
	@mkdir -p $(RESULTS)
	$(LAB_RELEASE) bench --full --docs $(RESULTS)
	@echo "make bench-full: the table is above; Results.md, .svg and .json are in $(RESULTS)/, which git ignores."

bench-quick: setup ## The short version of bench (20 to 75 seconds on 2 cores, build excluded), into results/ too.
	$(SWIFT) build --configuration release --product lab
	@mkdir -p $(RESULTS)
	$(LAB_RELEASE) bench --quick --docs $(RESULTS)
	@echo "make bench-quick: the table is above; Results.md, .svg and .json are in $(RESULTS)/, which git ignores."

results: setup ## For maintainers: the full run, written over the committed Docs/Results.md, .svg and .json.
	$(SWIFT) build --configuration release --product lab
	$(LAB_RELEASE) bench --full --docs Docs

bench-check: setup ## Run the regression benchmarks (Benchmarks/); fail on a regression against their thresholds.
	@SWIFT="$(SWIFT)" Scripts/bench-check.sh check

bench-thresholds: setup ## Re-record Benchmarks/Thresholds/<Swift version> from a run on this machine.
	@SWIFT="$(SWIFT)" Scripts/bench-check.sh update

bench-limit: setup ## Run the raw-sqlite row and its SQL in C (Benchmarks/Limit/) interleaved; print raw-sqlite ÷ C.
	@SWIFT="$(SWIFT)" Scripts/bench-limit.sh

read-ceiling: setup ## Read lists of 1 to 1,000 titles in C on 4 read-only connections at once and on one (Benchmarks/Limit/); print the ratio per size.
	@Scripts/read-ceiling.sh

demo: setup ## List the lessons' demos; `make demo NAME=debug-trap` runs one (the release build `make bench` made).
	$(LAB_RELEASE) demo $(NAME)

demo-check: setup ## Run every demo in a debug and a release build; fail when their hop counts differ.
	@SWIFT="$(SWIFT)" Scripts/demo-check.sh

workshop: setup ## List the workshop's exercises and the next one, with the command that checks it (the release build `make bench` made).
	$(LAB_RELEASE) workshop

generated: setup ## Write what the code generates into the docs: the tables of rows, scenarios and exercises, the workshop's manifest list and entry points, the chapters' quotes of code.
	LAB_WRITE_GENERATED=1 $(SWIFT) test --no-parallel --filter "GeneratedTextTests|quotesMatchTheirSources"

docs: ## Build the guide with DocC, with the store whose symbols it links, and the modules' catalogs; fail on a link DocC cannot resolve.
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target LabGuide --target NoteStore --target Meters \
		--enable-experimental-combined-documentation --output-path .build/docs --warnings-as-errors
	@# Support's and Bench's symbols are package, which DocC shows only from the internal level up.
	$(SWIFT) package --allow-writing-to-directory .build/docs-package generate-documentation --target Support --target Bench \
		--enable-experimental-combined-documentation --symbol-graph-minimum-access-level internal --output-path .build/docs-package --warnings-as-errors

clean: ## Remove the build folders.
	rm -rf .build .build-race .build-leaks Benchmarks/.build Workshop/.build $(RESULTS)
