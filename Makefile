# Treys: developer and CI entry points.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8015
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
APT_PACKAGES := chromium poppler-utils libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core

.PHONY: venv system-deps db-upgrade run test test-all bench

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]'
	touch $(STAMP)

system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	ldconfig -p | grep -q 'libpangoft2-1.0.so.0' || missing="$$missing pango"; \
	[ -d /usr/share/fonts/truetype/dejavu ] || missing="$$missing fonts-dejavu-core"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing system packages (missing:$$missing)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	else \
		echo "Missing system packages:$$missing"; \
		echo "Install them with: apt-get install $(APT_PACKAGES)"; \
	fi

db-upgrade: venv
	$(BIN)/flask --app app db upgrade

run: venv db-upgrade
	$(BIN)/waitress-serve --host=0.0.0.0 --port=$(PORT) --call app:create_app

test: system-deps venv
	$(BIN)/python -m pytest -q

test-all: system-deps venv
	env -u DATABASE_URL $(BIN)/python -m pytest -q
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -q

bench: venv
	@for script in scripts/bench_*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; \
		$(BIN)/python "$$script" || exit 1; \
	done
