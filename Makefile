# Agent Memory course. `make lab` to learn, `make test` to check everything.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed
# Tests run with no network at all where the OS allows it (Linux network namespace, loopback only);
# elsewhere tests/conftest.py still blocks every non-loopback connection.
NONET  := tools/no_network.sh
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)  # jupyter refuses to run as root without it
# Serve the whole course (lessons/, exercises/, solutions/) and open lesson 00; the course's JupyterLab
# settings (.jupyter/lab/settings/overrides.json) turn off the news prompt and the update check.
LAB_FLAGS := --ServerApp.root_dir=. --LabApp.app_settings_dir=.jupyter/lab/settings $(ROOT_FLAG)
LAB_ARGS  ?=  # more jupyter options, e.g. make lab-headless LAB_ARGS="--port=8899"

.PHONY: mutate lab lab-headless install test test-lib test-notebooks test-pythons exercises check-exercises grade wheelhouse rehearse record eval bench nbval-lessons doctor reset lock site clean

# A line per step, and pip's own progress (one line per package, a bar per download) for the long step.
$(STAMP): requirements.lock pyproject.toml
	@echo "[1/4] virtual environment in $(VENV)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "[2/4] upgrading pip"
	@$(PY) -m pip install --quiet --upgrade pip
	@echo "[3/4] installing the $$(grep -c '^[A-Za-z].*==' requirements.lock) pinned packages of requirements.lock (a few minutes the first time)"
	@$(PY) -m pip install --progress-bar on -r requirements.lock
	@echo "[4/4] installing course_lib from this folder (editable)"
	@PYTHONWARNINGS=ignore $(PY) -m pip install --quiet --no-deps -e .  # setuptools warns about the package folder next to the checkout, which is the point of -e
	@touch $(STAMP)
	@echo "done: .venv is ready; next, make lab (or make doctor to check the environment)"

install: $(STAMP)  ## create .venv and install the pinned versions

lab: $(STAMP)  ## open JupyterLab on the first lesson
	$(BIN)/jupyter lab $(LAB_FLAGS) $(LAB_ARGS) lessons/00_setup.ipynb

lab-headless: $(STAMP)  ## start JupyterLab without opening a browser (open the printed URL yourself)
	$(BIN)/jupyter lab --no-browser $(LAB_FLAGS) $(LAB_ARGS) lessons/00_setup.ipynb

doctor: $(STAMP)  ## environment check
	$(PY) -m course_lib doctor

reset: $(STAMP)  ## delete this learner's stores: make reset ARGS="--path DIR --dry-run" (server: COURSE_CHROMA_HOST)
	$(PY) -m course_lib reset $(ARGS)

test: $(STAMP)  ## everything: unit tests, lessons (also on the oldest and newest Python), notebooks, exercise sync
	$(PY) tools/run_tests.py $(if $(JOBS),--jobs $(JOBS),)

test-lib: $(STAMP)
	$(NONET) $(PY) -m pytest -q --durations=12 tests

# Lessons are checked by tests/test_rerun.py (every cell run twice, both runs against the stored outputs, the
# same sanitiser as nbval), so a lesson executes once per `make test`; `make nbval-lessons` runs plain nbval on them.
test-notebooks: $(STAMP)
	@if ls solutions/*.ipynb >/dev/null 2>&1; then \
	  $(PY) -m pytest -q --nbval --nbval-sanitize-with tools/nbval_sanitize.cfg -p no:cacheprovider solutions; \
	else echo "no notebooks yet"; fi
	@if ls exercises/*.ipynb >/dev/null 2>&1; then \
	  $(PY) -m pytest -q --nbval-lax -p no:cacheprovider exercises; fi

test-pythons: $(STAMP)  ## the lessons against their stored outputs on the oldest and newest supported Python
	$(PY) tools/test_pythons.py $(PYTHONS)

nbval-lessons: $(STAMP)
	$(PY) -m pytest -q --nbval --nbval-sanitize-with tools/nbval_sanitize.cfg -p no:cacheprovider lessons

exercises: $(STAMP)  ## regenerate exercises/ from solutions/
	$(PY) tools/make_exercises.py

check-exercises: $(STAMP)
	$(PY) tools/make_exercises.py --check

grade: $(STAMP)  ## grade learners' notebooks: make grade DIR=submissions [IN_CLASS=3h|file|names] [TIMEOUT=120] [JOBS=2]
	$(PY) tools/grade.py "$(DIR)" $(if $(IN_CLASS),--in-class "$(IN_CLASS)",) $(if $(TIMEOUT),--timeout $(TIMEOUT),) $(if $(JOBS),--jobs $(JOBS),)

wheelhouse: $(STAMP)  ## every wheel for an offline room: make wheelhouse [PLATFORM=windows-x86_64] [PYVER=3.11] [OUT=wheelhouse] [ALLOW_OLDER=1]
	$(PY) tools/wheelhouse.py $(if $(PLATFORM),--platform $(PLATFORM),) $(if $(PYVER),--python $(PYVER),) $(if $(OUT),--out $(OUT),) $(if $(filter 1,$(ALLOW_OLDER)),--allow-older,)

rehearse: $(STAMP)  ## run the day's lessons under the room's settings: make rehearse [AGENDA=3h|day] [LESSONS=05,06]
	$(PY) tools/rehearse.py --agenda $(or $(AGENDA),3h) $(if $(LESSONS),--lessons $(LESSONS),)

record: $(STAMP)  ## record a lesson's live calls for a room: make record LESSON=07|all [EXERCISES=0] [OUT=recordings] [APPEND=1]
	$(PY) tools/record.py "$(LESSON)" $(if $(filter 0,$(EXERCISES)),--no-exercises,) $(if $(OUT),--out "$(OUT)",) $(if $(filter-out 0,$(APPEND)),--append,)

eval: $(STAMP)  ## compare memory strategies: make eval [SIZE=large] [MODE=fresh], or recall@k on a file: make eval DATA=longmemeval_s.json
ifdef DATA
	$(PY) tools/eval.py --data "$(DATA)" $(if $(LIMIT),--limit $(LIMIT))
else
	$(PY) tools/eval.py --size $(or $(SIZE),standard) --mode $(or $(MODE),course)
	$(PY) tools/eval_write_path.py --brief --parts
endif

mutate: $(STAMP)  ## mutation-test every exercise checker: make mutate [ARGS="--lesson 07 --show survived"]
	$(PY) tools/mutate_exercises.py $(ARGS)

bench: $(STAMP)  ## performance benchmarks
	$(PY) tools/bench.py $(ARGS)

site: $(STAMP)  ## the lessons, exercises and solutions as a static website in site/, built with no network
	$(NONET) $(PY) tools/site.py

lock:  ## re-resolve requirements.lock from pyproject.toml (needs uv: pip install uv)
	uv pip compile pyproject.toml --extra test --extra hub --universal --python-version 3.10 -o requirements.lock

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
