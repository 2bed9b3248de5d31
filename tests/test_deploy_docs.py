"""docs/deploy stays true to the course: its configs parse, name only settings the library reads, pin the
chromadb the lock pins, install from the lock, and the room check passes on a real Chroma server.

Each check is a function returning the problems it finds; every test runs it on the real files (no problems)
and on a broken copy in a temporary folder (the problem is found), so no check can pass by accident.
"""
from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import requires
from pathlib import Path

import pytest
import yaml  # PyYAML: installed with chromadb, a declared dependency (test_pyyaml_comes_with_a_declared_dependency)

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "docs" / "deploy"
LIB = ROOT / "course_lib"
LOCK = ROOT / "requirements.lock"
SETTING = re.compile(r"\bCOURSE_[A-Z0-9_]+\b")


# -- the checks ----------------------------------------------------------------------------------------------
def yaml_problems(folder: Path) -> list[str]:
    """Every *.yaml / *.yml under `folder` that does not parse (all documents of each file)."""
    problems = []
    for path in sorted([*folder.rglob("*.yaml"), *folder.rglob("*.yml")]):
        try:
            list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
        except yaml.YAMLError as exc:
            problems.append(f"{path.name}: {exc}")
    return problems


def settings_read_by(lib: Path) -> set[str]:
    """COURSE_* names the library reads: string literals in its code that are exactly such a name."""
    found = set()
    for path in lib.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SETTING.fullmatch(node.value):
                found.add(node.value)
    return found


def unknown_settings(folder: Path, known: set[str]) -> list[str]:
    """'NAME (file)' for each COURSE_* name written anywhere under `folder` that is not in `known`."""
    unknown = set()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        for name in SETTING.findall(path.read_text(encoding="utf-8", errors="replace")):
            if name not in known:
                unknown.add(f"{name} ({path.relative_to(folder)})")
    return sorted(unknown)


def locked_version(lock: Path, package: str) -> str:
    """The version `package` is pinned to in a uv/pip-compile lock file."""
    found = re.search(rf"^{re.escape(package)}==([^\s;]+)", lock.read_text(encoding="utf-8"), re.M)
    if not found:
        raise LookupError(f"{package} is not pinned in {lock}")
    return found.group(1)


def images(manifests: list) -> list[str]:
    """Every container image named in Kubernetes manifests (pod templates)."""
    found = []
    for doc in manifests:
        spec = ((doc or {}).get("spec") or {}).get("template", {}).get("spec", {})
        found += [c["image"] for c in spec.get("containers", []) + spec.get("initContainers", [])]
    return found


def chroma_tag_problems(chroma_yaml: Path, lock: Path) -> list[str]:
    """The chroma server image must exist and carry exactly the chromadb version of the lock."""
    pin = locked_version(lock, "chromadb")
    chroma = [i for i in images(list(yaml.safe_load_all(chroma_yaml.read_text()))) if "chroma" in i.split(":")[0]]
    if not chroma:
        return [f"{chroma_yaml.name} runs no chroma image"]
    return [f"{i}: tag is not chromadb=={pin} from the lock" for i in chroma if i.rpartition(":")[2] != pin]


def instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", dockerfile.read_text(encoding="utf-8"))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    return [(ln.split(None, 1)[0].upper(), ln.split(None, 1)[1] if " " in ln else "") for ln in lines]


def dockerfile_problems(dockerfile: Path, root: Path) -> list[str]:
    """The image installs the lock with pip -r, the course with --no-deps, and copies only files that exist."""
    steps = instructions(dockerfile)
    problems, lock_dest = [], None
    for op, args in steps:
        if op == "COPY" and not args.startswith("--from"):
            *sources, dest = args.split()
            problems += [f"COPY {s}: no such file in the repository" for s in sources if not (root / s).exists()]
            if "requirements.lock" in sources:
                lock_dest = dest if dest.endswith(".lock") else dest.rstrip("/") + "/requirements.lock"
    runs = [args for op, args in steps if op == "RUN"]
    if lock_dest is None:
        problems.append("requirements.lock is never copied into the image")
    elif not any("pip install" in r and re.search(rf"(-r|--requirement)\s+{re.escape(lock_dest)}\b", r) for r in runs):
        problems.append(f"no RUN installs with pip -r {lock_dest}")
    if not any("pip install" in r and "--no-deps" in r for r in runs):
        problems.append("the course is not installed with --no-deps (pip would re-resolve around the lock)")
    return problems


def shell_problems(script: Path) -> list[str]:
    """The script parses (bash -n), stops on errors (set -euo pipefail) and uses only files that exist."""
    problems = []
    checked = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    if checked.returncode != 0:
        problems.append(f"bash -n: {checked.stderr.strip()}")
    text = script.read_text(encoding="utf-8")
    if not re.search(r"^set -euo pipefail$", text, re.M):
        problems.append("no `set -euo pipefail`")
    bases = {"HERE": script.parent, "SRC": ROOT}
    for base, rel in re.findall(r'"\$(HERE|SRC)/([^"$]+)"', text):
        if not (bases[base] / rel).exists():
            problems.append(f"${base}/{rel}: no such file")
    return problems


def unit_problems(unit: Path) -> list[str]:
    """A systemd service that starts `chroma run` by absolute path, with a data path and a restart policy."""
    sections: dict[str, dict[str, str]] = {}
    current = None
    for line in unit.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
        elif line and not line.startswith(("#", ";")) and "=" in line and current is not None:
            key, _, value = line.partition("=")
            current[key.strip()] = value.strip()
    service = sections.get("Service", {})
    problems = []
    start = service.get("ExecStart", "")
    if not start:
        problems.append("[Service] has no ExecStart")
    elif not (start.startswith("/") and " run " in f"{start} " and "--path" in start and "--host" in start):
        problems.append(f"ExecStart={start!r} is not `<absolute path>/chroma run --path … --host …`")
    if service.get("Restart", "no") == "no":
        problems.append("[Service] has no Restart policy")
    if "WantedBy" not in sections.get("Install", {}):
        problems.append("[Install] has no WantedBy, so `systemctl enable` cannot start it at boot")
    return problems


def z2jh_wiring_problems(config: dict, chroma_docs: list) -> list[str]:
    """config.yaml points learners at chroma.yaml's Service and port, and its egress rule selects the chroma pods."""
    by_kind = {d["kind"]: d for d in chroma_docs if d}
    service, deployment = by_kind.get("Service", {}), by_kind.get("Deployment", {})
    env = config.get("singleuser", {}).get("extraEnv", {})
    problems = []
    if env.get("COURSE_CHROMA_HOST") != service.get("metadata", {}).get("name"):
        problems.append(f"COURSE_CHROMA_HOST={env.get('COURSE_CHROMA_HOST')!r} is not the chroma Service's name")
    ports = [str(p["port"]) for p in service.get("spec", {}).get("ports", [])]
    if str(env.get("COURSE_CHROMA_PORT", "8000")) not in ports:
        problems.append(f"COURSE_CHROMA_PORT={env.get('COURSE_CHROMA_PORT')!r} is not a port of the Service ({ports})")
    pod_labels = deployment.get("spec", {}).get("template", {}).get("metadata", {}).get("labels", {})
    egress = config.get("singleuser", {}).get("networkPolicy", {}).get("egress", [])
    selectors = [t.get("podSelector", {}).get("matchLabels", {}) for rule in egress for t in rule.get("to", [])]
    if not any(sel and sel.items() <= pod_labels.items() for sel in selectors):
        problems.append("singleuser.networkPolicy.egress selects no chroma pod: learners could not reach the server")
    containers = {c["name"]: c for c in deployment.get("spec", {}).get("template", {}).get("spec", {}).get(
        "containers", [])}
    chroma_args = " ".join(containers.get("chroma", {}).get("args", []))
    if "--host 127.0.0.1" not in chroma_args:
        problems.append("chroma listens beyond the pod's loopback: anything in the cluster could bypass the gate")
    gate = containers.get("gate", {})
    gate_ports = {p.get("name") for p in gate.get("ports", [])} | {str(p["containerPort"]) for p in gate.get("ports", [])}
    if not all(str(p.get("targetPort")) in gate_ports for p in service.get("spec", {}).get("ports", [])):
        problems.append("the Service does not lead to the gate container only")
    name = {e["name"]: e.get("value") for e in gate.get("env", [])}.get("JUPYTERHUB_SERVICE_NAME")
    hub = config.get("hub", {})
    scope = f"access:services!service={name}"
    if name not in hub.get("services", {}) or scope not in hub.get("loadRoles", {}).get("user", {}).get("scopes", []) \
            or scope not in hub.get("config", {}).get("Spawner", {}).get("server_token_scopes", []):
        problems.append(f"the hub does not give learners' server tokens {scope}: the gate would refuse every learner")
    return problems


# -- the checks on the real files, and each one failing on a broken copy --------------------------------------
def test_every_yaml_parses(tmp_path):
    assert {p.name for p in DEPLOY.rglob("*.yaml")} >= {"config.yaml", "chroma.yaml"}
    assert yaml_problems(DEPLOY) == []
    (tmp_path / "config.yaml").write_text("singleuser:\n  image:\n    name: x\n   tag: 1\n")
    assert [p.split(":")[0] for p in yaml_problems(tmp_path)] == ["config.yaml"]


def test_every_course_setting_named_is_one_the_library_reads(tmp_path):
    known = settings_read_by(LIB)
    assert {"COURSE_BACKEND", "COURSE_REPLAY_FILE"} <= known  # the derivation finds settings.py's names
    assert unknown_settings(DEPLOY, known) == [], (
        "docs/deploy names settings course_lib never reads (if COURSE_CHROMA_HOST / COURSE_CHROMA_PORT / "
        "COURSE_LEARNER are listed, the library's tenancy support has not landed yet)")
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "m.py").write_text('"""Set COURSE_DOCSTRING_ONLY=1 to ..."""\nimport os\nos.environ.get("COURSE_REAL")\n')
    assert settings_read_by(lib) == {"COURSE_REAL"}  # a mention in prose is not a setting the code reads
    (tmp_path / "env.py").write_text('env = {"COURSE_CHROMA_HOSTNAME": "127.0.0.1", "COURSE_BACKEND": "replay"}\n')
    assert unknown_settings(tmp_path, known | {"COURSE_REAL"}) == ["COURSE_CHROMA_HOSTNAME (env.py)",
                                                                   "COURSE_DOCSTRING_ONLY (lib/m.py)"]


def test_chroma_image_tag_is_the_locked_chromadb(tmp_path):
    assert chroma_tag_problems(DEPLOY / "z2jh" / "chroma.yaml", LOCK) == []
    broken = tmp_path / "chroma.yaml"
    broken.write_text((DEPLOY / "z2jh" / "chroma.yaml").read_text().replace(
        f"chromadb/chroma:{locked_version(LOCK, 'chromadb')}", "chromadb/chroma:0.6.3"))
    assert chroma_tag_problems(broken, LOCK) == [f"chromadb/chroma:0.6.3: tag is not chromadb=="
                                                 f"{locked_version(LOCK, 'chromadb')} from the lock"]
    no_image = tmp_path / "empty.yaml"
    no_image.write_text("apiVersion: v1\nkind: Service\nmetadata: {name: x}\n")
    assert chroma_tag_problems(no_image, LOCK) == ["empty.yaml runs no chroma image"]
    with pytest.raises(LookupError, match="chromadb is not pinned"):
        locked_version(tmp_path / "empty.yaml", "chromadb")


def test_dockerfile_installs_from_the_lock(tmp_path):
    dockerfile = DEPLOY / "z2jh" / "Dockerfile"
    assert dockerfile_problems(dockerfile, ROOT) == []
    text = dockerfile.read_text()
    unpinned = tmp_path / "Dockerfile"
    unpinned.write_text(re.sub(r"pip install -r \S+", "pip install chromadb numpy", text))
    assert dockerfile_problems(unpinned, ROOT) == ["no RUN installs with pip -r /tmp/course/requirements.lock"]
    never_copied = tmp_path / "Dockerfile.nolock"
    never_copied.write_text(text.replace("COPY requirements.lock", "COPY pyproject.toml"))
    assert "requirements.lock is never copied into the image" in dockerfile_problems(never_copied, ROOT)
    resolving = tmp_path / "Dockerfile.deps"
    resolving.write_text(text.replace("--no-deps", ""))
    assert dockerfile_problems(resolving, ROOT) == [
        "the course is not installed with --no-deps (pip would re-resolve around the lock)"]
    renamed = tmp_path / "Dockerfile.renamed"
    renamed.write_text(text.replace("COPY lessons ", "COPY notebooks "))
    assert dockerfile_problems(renamed, ROOT) == ["COPY notebooks: no such file in the repository"]


def test_install_script_parses_and_stops_on_errors(tmp_path):
    script = DEPLOY / "tljh" / "install.sh"
    assert shell_problems(script) == []
    text = script.read_text()
    shutil.copytree(script.parent, tmp_path, dirs_exist_ok=True)  # broken copies beside the files they use
    unclosed = tmp_path / "install.sh"
    unclosed.write_text(text.replace("\nfi\n", "\n", 1))
    assert [p[:8] for p in shell_problems(unclosed)] == ["bash -n:"]
    lax = tmp_path / "lax.sh"
    lax.write_text(text.replace("set -euo pipefail", "set -e"))
    assert shell_problems(lax) == ["no `set -euo pipefail`"]
    moved = tmp_path / "moved.sh"
    moved.write_text(text.replace('"$HERE/agent_memory_env.py"', '"$HERE/env.py"'))
    assert shell_problems(moved) == ["$HERE/env.py: no such file"]


def sandbox(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A stand-in for a TLJH server under tmp_path: stub pip, tljh-config, systemctl and curl that log their
    arguments, and two learners: alice, who already has the course (and edited it), and bob, who has not."""
    root, stubs = tmp_path / "root", tmp_path / "stubs"
    log = tmp_path / "calls.log"
    stub = f'#!/bin/sh\necho "$(basename "$0") $*" >> {log}\n'
    for path in [root / "opt/tljh/user/bin/pip", root / "opt/tljh/hub/bin/tljh-config", stubs / "systemctl",
                 stubs / "curl", stubs / "useradd"]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(stub)
        path.chmod(0o755)
    (root / "home/jupyter-alice/agent-memory").mkdir(parents=True)
    (root / "home/jupyter-alice/agent-memory/mine.ipynb").write_text("alice's work")
    (root / "home/jupyter-bob").mkdir(parents=True)
    env = {**os.environ, "PREFIX": str(root), "PATH": f"{stubs}{os.pathsep}{os.environ['PATH']}"}
    return root, env


def hub_config(config_d: Path):
    """The traitlets config that JupyterHub builds from the snippets in a jupyterhub_config.d folder."""
    from traitlets.config import Config

    config = Config()
    for snippet in sorted(config_d.glob("*.py")):
        exec(snippet.read_text(), {"get_config": lambda: config})
    return config


def spawner_environment(config) -> dict:
    from traitlets import Dict, List
    from traitlets.config import Configurable

    class Spawner(Configurable):
        environment = Dict(config=True)
        server_token_scopes = List(config=True)

    return Spawner(config=config).environment


GATED_UNITS = ["chroma-server.service", "chroma-bridge.socket", "chroma-bridge.service", "course-chroma-gate.service"]


def test_install_script_in_a_sandbox(tmp_path):
    """install.sh end to end against stubs: what it installs, copies, enables and configures."""
    root, env = sandbox(tmp_path)
    (tmp_path / "wheels").mkdir()
    (tmp_path / "rec").mkdir()
    (tmp_path / "rec" / "lesson04.jsonl").write_text("{}\n")
    script = DEPLOY / "tljh" / "install.sh"
    done = subprocess.run(["bash", str(script)], env={**env, "WHEELHOUSE": str(tmp_path / "wheels"),
                          "RECORDINGS": str(tmp_path / "rec"), "SHARED_CHROMA": "1"}, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    calls = (tmp_path / "calls.log").read_text().splitlines()
    wheels = f"--no-index --find-links {tmp_path / 'wheels'}"
    assert calls[:3] == [f"pip install --quiet {wheels} -r {ROOT / 'requirements.lock'}",
                         f"pip install --quiet {wheels} --no-deps agent-memory-course", "pip check"]
    assert "useradd --system --no-create-home --shell /usr/sbin/nologin course-gate" in calls
    assert ("systemctl enable --now chroma-server.service chroma-bridge.socket course-chroma-gate.service" in calls
            and calls[-1] == "tljh-config reload hub")
    for unit in GATED_UNITS:
        assert (root / "etc/systemd/system" / unit).read_text() == (DEPLOY / "tljh" / unit).read_text()
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("*.ipynb"))
    for folder in ["srv/agent-memory/course", "etc/skel/agent-memory", "home/jupyter-bob/agent-memory"]:
        assert sorted(p.name for p in (root / folder / "lessons").glob("*.ipynb")) == lessons, folder
    assert [p.name for p in (root / "home/jupyter-alice/agent-memory").iterdir()] == ["mine.ipynb"]  # untouched
    assert (root / "srv/agent-memory/check_room.py").exists()
    assert (root / "srv/agent-memory/recordings/lesson04.jsonl").exists()
    config = hub_config(root / "opt/tljh/config/jupyterhub_config.d")
    assert spawner_environment(config) == {
        "COURSE_CHROMA_HOST": "127.0.0.1", "COURSE_CHROMA_PORT": "8010", "COURSE_BACKEND": "replay",
        "COURSE_REPLAY_FILE": str(root / "srv/agent-memory/recordings"), "COURSE_REPLAY_FALLBACK": "offline"}

    (tmp_path / "calls.log").unlink()  # again, without SHARED_CHROMA: embedded stores, no server, no chroma settings
    again = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert not any("chroma" in call or "useradd" in call for call in (tmp_path / "calls.log").read_text().splitlines())
    assert "COURSE_CHROMA_HOST" not in spawner_environment(hub_config(root / "opt/tljh/config/jupyterhub_config.d"))


def test_install_script_refuses_a_missing_wheelhouse_and_a_machine_without_tljh(tmp_path):
    root, env = sandbox(tmp_path)
    script = DEPLOY / "tljh" / "install.sh"
    done = subprocess.run(["bash", str(script)], env={**env, "WHEELHOUSE": str(tmp_path / "nowhere")},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "is not a folder; build one with 'make wheelhouse'" in done.stderr
    shutil.rmtree(root / "opt/tljh/user")
    done = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "install The Littlest JupyterHub first" in done.stderr
    assert not (root / "etc/systemd/system").exists()  # it stopped before touching anything


def test_systemd_unit_starts_and_restarts_chroma(tmp_path):
    unit = DEPLOY / "tljh" / "chroma-server.service"
    assert unit_problems(unit) == []
    text = unit.read_text()
    no_restart = tmp_path / "a.service"
    no_restart.write_text(re.sub(r"^Restart=.*$", "", text, flags=re.M))
    assert unit_problems(no_restart) == ["[Service] has no Restart policy"]
    no_start = tmp_path / "b.service"
    no_start.write_text(re.sub(r"^ExecStart=.*$", "", text, flags=re.M))
    assert unit_problems(no_start) == ["[Service] has no ExecStart"]
    relative = tmp_path / "c.service"
    relative.write_text(re.sub(r"^ExecStart=\S+", "ExecStart=chroma", text, flags=re.M))
    assert [p[:20] for p in unit_problems(relative)] == ["ExecStart='chroma ru"]


def keys(unit: Path) -> dict[str, str]:
    """KEY=value lines of a systemd unit (all sections; the units here repeat no key across sections)."""
    found = {}
    for line in unit.read_text(encoding="utf-8").splitlines():
        key, eq, value = line.strip().partition("=")
        if eq and not key.startswith(("#", ";")):
            found[key] = f"{found[key]}\n{value}" if key in found else value
    return found


def tljh_gate_problems(folder: Path) -> list[str]:
    """Chroma sits in its own network namespace, the bridge joins it, only the gate's user opens the socket, the
    gate forwards there, and the learners' settings and the hub's scopes point at this gate."""
    chroma, bridge = keys(folder / "chroma-server.service"), keys(folder / "chroma-bridge.service")
    sock, gate = keys(folder / "chroma-bridge.socket"), keys(folder / "course-chroma-gate.service")
    problems = []
    if chroma.get("PrivateNetwork") != "yes":
        problems.append("chroma-server.service: no PrivateNetwork=yes, so every learner on the machine reaches Chroma")
    if bridge.get("PrivateNetwork") != "yes" or bridge.get("JoinsNamespaceOf") != "chroma-server.service":
        problems.append("chroma-bridge.service does not join chroma-server.service's network namespace")
    port = re.search(r"--host 127\.0\.0\.1 --port (\d+)", chroma.get("ExecStart", ""))
    if not port or not bridge.get("ExecStart", "").endswith(f" 127.0.0.1:{port.group(1)}"):
        problems.append("chroma-bridge.service does not forward to the host:port chroma-server.service listens on")
    if (sock.get("SocketMode"), sock.get("SocketUser")) != ("0600", gate.get("User")):
        problems.append("chroma-bridge.socket is not private to the gate's user (SocketMode=0600, SocketUser=)")
    if f"--upstream unix:{sock.get('ListenStream')}" not in gate.get("ExecStart", ""):
        problems.append("course-chroma-gate.service does not forward to chroma-bridge.socket")
    config = hub_config(folder)
    env = spawner_environment(config)
    listen = re.search(r"--host (\S+) --port (\d+)", gate.get("ExecStart", ""))
    if not listen or (env.get("COURSE_CHROMA_HOST"), env.get("COURSE_CHROMA_PORT")) != listen.groups():
        problems.append("the learners' COURSE_CHROMA_HOST / COURSE_CHROMA_PORT are not where the gate listens")
    service = re.search(r"JUPYTERHUB_SERVICE_NAME=(\S+)", gate.get("Environment", ""))
    scope = f"access:services!service={service.group(1) if service else '?'}"
    if not service or service.group(1) not in [s["name"] for s in config.JupyterHub.services.get_value([])]:
        problems.append("the gate's JUPYTERHUB_SERVICE_NAME is not a service of the hub (JupyterHub.services)")
    if scope not in config.Spawner.server_token_scopes or not any(
            scope in role["scopes"] for role in config.JupyterHub.load_roles.get_value([]) if role["name"] == "user"):
        problems.append(f"learners' server tokens do not carry {scope}: the gate would refuse every learner")
    return problems


def test_tljh_gate_units_fit_together(tmp_path):
    assert tljh_gate_problems(DEPLOY / "tljh") == []
    shutil.copytree(DEPLOY / "tljh", tmp_path, dirs_exist_ok=True)
    unit = tmp_path / "chroma-server.service"
    unit.write_text(unit.read_text().replace("PrivateNetwork=yes\n", ""))
    snippet = tmp_path / "agent_memory_chroma.py"
    snippet.write_text(snippet.read_text().replace('"access:services!service=course-chroma"]\n', '"x"]\n'))
    assert tljh_gate_problems(tmp_path) == [
        "chroma-server.service: no PrivateNetwork=yes, so every learner on the machine reaches Chroma",
        "learners' server tokens do not carry access:services!service=course-chroma: the gate would refuse every "
        "learner"]


def test_z2jh_config_points_at_the_chroma_service():
    config = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    chroma = list(yaml.safe_load_all((DEPLOY / "z2jh" / "chroma.yaml").read_text()))
    assert z2jh_wiring_problems(config, chroma) == []
    config["singleuser"]["extraEnv"]["COURSE_CHROMA_HOST"] = "chroma"
    config["singleuser"]["networkPolicy"]["egress"][0]["to"][0]["podSelector"]["matchLabels"] = {"app": "chroma"}
    assert z2jh_wiring_problems(config, chroma) == [
        "COURSE_CHROMA_HOST='chroma' is not the chroma Service's name",
        "singleuser.networkPolicy.egress selects no chroma pod: learners could not reach the server"]
    config = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    chroma[1]["spec"]["template"]["spec"]["containers"][0]["args"][4] = "0.0.0.0"
    config["hub"]["config"]["Spawner"]["server_token_scopes"] = ["access:servers!server"]
    assert z2jh_wiring_problems(config, chroma) == [
        "chroma listens beyond the pod's loopback: anything in the cluster could bypass the gate",
        "the hub does not give learners' server tokens access:services!service=course-chroma: the gate would "
        "refuse every learner"]


def test_measure_ram_sees_what_a_cell_allocates(tmp_path):
    """The sizing numbers' tool: a cell holding 100 MB shows up in the kernel's peak; an empty one does not."""
    import nbformat

    sys.path.insert(0, str(DEPLOY))
    try:
        from measure_ram import measure
    finally:
        sys.path.remove(str(DEPLOY))
    cells = {"big": "block = bytearray(100 * 2**20)\nimport time; time.sleep(1)", "small": "x = 1"}
    grown = {}
    for name, source in cells.items():
        path = tmp_path / f"{name}.ipynb"
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]), path)
        m = measure(path, every=0.05)
        grown[name] = (m["rss"] - m["fresh_rss"]) / 2**20
        assert m["tree_rss"] >= m["rss"] >= m["pss"] > 0 and m["seconds"] > 0
    assert grown["big"] > 90 and grown["small"] < 30, grown


def test_pyyaml_comes_with_a_declared_dependency():
    """This file imports yaml without declaring it: chromadb (declared in pyproject) requires PyYAML."""
    def needs_pyyaml(dist: str) -> bool:
        return any(re.match(r"pyyaml\b", r, re.I) for r in requires(dist) or [])
    assert needs_pyyaml("chromadb")
    assert not needs_pyyaml("numpy")  # the check can fail


def test_check_room_needs_the_rooms_settings():
    """Without COURSE_CHROMA_HOST the check says where to run it (exit 2). Its runs against a real server, ungated
    (it fails) and behind the gate (it passes), are in tests/test_room_access.py."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURSE_") and k != "JUPYTERHUB_USER"}
    missing = subprocess.run([sys.executable, str(DEPLOY / "check_room.py")], env=env, capture_output=True, text=True,
                             timeout=60)
    assert missing.returncode == 2 and "COURSE_CHROMA_HOST is not set" in missing.stderr
