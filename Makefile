# Treys: developer and CI entry points.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8015
FAULT_PORT ?= 8109
# waitress worker threads: see README "Speed and the score sheet" for the measurement behind 8
THREADS ?= 8
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
# scratch database of the benchmarks on the same server (scripts/benchkit.py makes it when missing)
BENCH_PG_URL ?= postgresql://postgres@127.0.0.1:5432/treys_bench

.PHONY: venv system-deps db-upgrade run test test-all bench fault

AXE := node_modules/axe-core/axe.min.js

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]'
	touch $(STAMP)

# Only the missing packages are installed: a machine whose nodejs already brings npm must not be
# asked for Debian's npm package (the two conflict).
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	ldconfig -p | grep -q 'libpangoft2-1.0.so.0' || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0"; \
	[ -d /usr/share/fonts/truetype/dejavu ] || missing="$$missing fonts-dejavu-core"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing system packages:$$missing"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else \
		echo "Missing system packages:$$missing"; \
		echo "Install them with: apt-get install$$missing"; \
	fi

db-upgrade: venv
	$(BIN)/flask --app app db upgrade

run: venv db-upgrade
	$(BIN)/waitress-serve --host=0.0.0.0 --port=$(PORT) --threads=$(THREADS) --call app:create_app

# axe-core for the accessibility checks of the browser tests (test-only, from package-lock.json)
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(AXE)

test: system-deps venv $(AXE)
	$(BIN)/python -m pytest -q

test-all: system-deps venv $(AXE)
	env -u DATABASE_URL $(BIN)/python -m pytest -q
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -q

bench: venv
	@for script in scripts/bench_*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; \
		THREADS=$(THREADS) BENCH_PG_URL=$(BENCH_PG_URL) $(BIN)/python "$$script" || exit 1; \
	done

fault: venv
	$(BIN)/python scripts/fault_kill9.py --port $(FAULT_PORT)
