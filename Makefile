# The concurrency-patterns lab.
#
# `make help` lists the rules; `make bench` and `make test` are the two that matter.

SWIFT ?= swift
LAB_RELEASE = $(SWIFT) run --configuration release lab

.DEFAULT_GOAL := help
.PHONY: help setup build test race leaks bench bench-quick bench-check bench-thresholds bench-limit demo demo-check workshop docs clean

help: ## List the rules.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  make %-16s %s\n", $$1, $$2}'

setup: ## Install libsqlite3-dev and libjemalloc-dev when missing.
	@Scripts/setup.sh

build: setup ## Build in debug.
	$(SWIFT) build

test: setup ## Run the whole test suite.
	$(SWIFT) test

race: setup ## Bench rows, demos and tests under ThreadSanitizer (.build-race); fail on a race. Docs/Reliability.md.
	@SWIFT="$(SWIFT)" Scripts/sanitize.sh race

leaks: setup ## Bench rows, demos and tests under LeakSanitizer (.build-leaks); fail on a leak not planted.
	@SWIFT="$(SWIFT)" Scripts/sanitize.sh leaks

bench: setup ## Build in release, run the lab on a temporary SQLite file, write Docs/Results.md and .svg.
	$(SWIFT) build --configuration release --product lab
	$(LAB_RELEASE) bench --docs Docs

bench-quick: setup ## The short version of bench (20 to 75 seconds on 2 cores, build excluded).
	$(SWIFT) build --configuration release --product lab
	$(LAB_RELEASE) bench --quick

bench-check: setup ## Run the regression benchmarks (Benchmarks/); fail on a regression against their thresholds.
	@SWIFT="$(SWIFT)" Scripts/bench-check.sh check

bench-thresholds: setup ## Re-record Benchmarks/Thresholds/<Swift version> from a run on this machine.
	@SWIFT="$(SWIFT)" Scripts/bench-check.sh update

bench-limit: setup ## Run the raw-sqlite row and its SQL in C (Benchmarks/Limit/) interleaved; print raw-sqlite ÷ C.
	@SWIFT="$(SWIFT)" Scripts/bench-limit.sh

demo: setup ## List the lessons' demos; `make demo NAME=debug-trap` runs one.
	$(SWIFT) run lab demo $(NAME)

demo-check: setup ## Run every demo in a debug and a release build; fail when their hop counts differ.
	@SWIFT="$(SWIFT)" Scripts/demo-check.sh

workshop: setup ## List the workshop's exercises and the next one; `swift run lab workshop check N` checks one.
	$(SWIFT) run lab workshop

docs: ## Build the guide with DocC.
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target LabGuide --output-path .build/docs --warnings-as-errors

clean: ## Remove the build folders.
	rm -rf .build .build-race .build-leaks Benchmarks/.build Workshop/.build
