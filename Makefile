# Treys: developer and CI entry points.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: `make run` installs the app's own dependencies only; `make test` adds the test extra.
APP_STAMP := $(VENV)/.installed-app
TEST_STAMP := $(VENV)/.installed-test
PORT ?= 8015
FAULT_PORT ?= 8109
# waitress worker threads: see docs/benchmarks.md for the measurement behind 8
THREADS ?= 8
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
# a scratch PostgreSQL database for the benches' PostgreSQL figures (its tables are dropped and made anew);
# empty: those figures are not measured
BENCH_PG_URL ?= $(PG_URL)
# pytest-xdist workers for `make test` (auto: one per core); each has its own database, live server and browser
TEST_WORKERS ?= auto
# in parallel: a test file's tests marked with one xdist_group run on one worker (a module's costly fixture once)
PYTEST := $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadgroup
# the suite's goal for one database, printed beside its time (docs/benchmarks.md, "The test suite's time")
SUITE_GOAL_S := 480
# runs a command and prints its wall time at the end beside the goal, met or MISSED, keeping its exit status
TIMED = start=$$(date +%s); $(1); status=$$?; took=$$(( $$(date +%s) - start )); \
	verdict=$$( [ $$took -le $(SUITE_GOAL_S) ] && echo met || echo MISSED ); \
	echo "$(2): $$((took / 60)) min $$((took % 60)) s (goal <= $$(($(SUITE_GOAL_S) / 60)) min for one database \
	on a quiet 2-core machine: $$verdict)"; exit $$status

.PHONY: venv system-deps db-upgrade run test test-all help-pictures bench fault

AXE := node_modules/axe-core/axe.min.js

venv: $(TEST_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(APP_STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e .
	touch $(APP_STAMP)

$(TEST_STAMP): $(APP_STAMP)
	$(BIN)/python -m pip install -e '.[test]'
	touch $(TEST_STAMP)

# Only the missing packages are installed: a machine whose nodejs already brings npm must not be
# asked for Debian's npm package (the two conflict).
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	[ -x /usr/bin/chromium-headless-shell ] || missing="$$missing chromium-headless-shell"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	ldconfig -p | grep -q 'libpangoft2-1.0.so.0' || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0"; \
	ldconfig -p | grep -q 'libharfbuzz-subset.so.0' || missing="$$missing libharfbuzz-subset0"; \
	[ -d /usr/share/fonts/truetype/dejavu ] || missing="$$missing fonts-dejavu-core"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing system packages:$$missing"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else \
		echo "Missing system packages:$$missing"; \
		echo "Install them with: apt-get install$$missing"; \
	fi

db-upgrade: $(APP_STAMP)
	$(BIN)/treys migrate

# `treys serve` migrates the database first and prints the address tablets open.
run: $(APP_STAMP)
	$(BIN)/treys serve --host 0.0.0.0 --port $(PORT) --threads $(THREADS)

# test-only npm tools from package-lock.json: axe-core for the accessibility checks of the browser tests,
# stylelint and eslint for the browser floor (tests/web/test_browser_floor.py)
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(AXE)

test: system-deps venv $(AXE)
	@$(call TIMED,$(PYTEST),make test)

# the help pages' pictures (static/help) taken anew from the app in Chromium; `make test` takes them into
# tests/output/help and leaves static/help as it is
help-pictures: system-deps venv $(AXE)
	HELP_PICTURES=$(CURDIR)/static/help $(PYTEST) tests/web/test_help_pages.py tests/web/test_browser_members.py \
		tests/web/test_browser_house_rules.py -k "help_pictures or pictured_for_the_guide or pages_are_pictured"

test-all: system-deps venv $(AXE)
	@$(call TIMED,env -u DATABASE_URL $(PYTEST),make test-all (SQLite))
	@$(call TIMED,DATABASE_URL=$(PG_URL) $(PYTEST),make test-all (PostgreSQL))

# the figures a club or a host cares about, each beside its anchor (scripts/bench_growth.py, bench_draw.py,
# bench_afternoon.py on SQLite and PostgreSQL, bench_host.py: gunicorn with 1 and 2 processes on PostgreSQL)
bench: venv
	$(BIN)/python scripts/bench_growth.py
	$(BIN)/python scripts/bench_record.py
	$(BIN)/python scripts/bench_competitions.py
	$(BIN)/python scripts/bench_draw.py
	THREADS=$(THREADS) BENCH_PG_URL=$(BENCH_PG_URL) $(BIN)/python scripts/bench_afternoon.py
	THREADS=$(THREADS) BENCH_PG_URL=$(BENCH_PG_URL) $(BIN)/python scripts/bench_host.py
	BENCH_PG_URL=$(BENCH_PG_URL) $(BIN)/python scripts/bench_saturday.py

fault: venv
	$(BIN)/python scripts/fault_kill9.py --port $(FAULT_PORT)
