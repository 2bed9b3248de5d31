#!/usr/bin/env bash
# Install the Agent Memory course on The Littlest JupyterHub (TLJH), for every learner on the machine.
#
# Run as root from a checkout of the course, on a machine where TLJH is already installed:
#
#   sudo bash docs/deploy/tljh/install.sh                                   # packages from PyPI
#   sudo WHEELHOUSE=/media/usb/wheelhouse bash docs/deploy/tljh/install.sh  # no network: `make wheelhouse` output
#   sudo RECORDINGS=/media/usb/recordings bash docs/deploy/tljh/install.sh  # learners replay these recordings
#   sudo SHARED_CHROMA=1 bash docs/deploy/tljh/install.sh                   # one Chroma server for the room, gated
#
# What it does, in order (see docs/deploy/README.md):
#   1. installs requirements.lock and the course into TLJH's user environment (/opt/tljh/user);
#   2. copies lessons/ and exercises/ to /srv/agent-memory/course, to /etc/skel (learners created later) and
#      into the home of every existing learner who does not have them yet;
#   3. only with SHARED_CHROMA=1: the room's one Chroma server in a network namespace of its own, the bridge to it
#      (a unix socket only the gate's user may open) and the gate learners use on 127.0.0.1:8010 (system user
#      course-gate). Without it every learner's Chroma stores are embedded, in folders private to their account;
#   4. sets the course's environment variables for every learner (jupyterhub_config.d) and reloads the hub.
# Running it again is safe: packages are re-pinned, learners' copies of the notebooks are never overwritten.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/../../.." && pwd)
# PREFIX stands in for / when tests/test_deploy_docs.py runs this script in a sandbox; on a server it is empty.
PREFIX=${PREFIX:-}
USER_ENV=$PREFIX/opt/tljh/user
CONFIG_D=$PREFIX/opt/tljh/config/jupyterhub_config.d
TLJH_CONFIG=$PREFIX/opt/tljh/hub/bin/tljh-config
SHARE=$PREFIX/srv/agent-memory
SKEL=$PREFIX/etc/skel
UNITS=$PREFIX/etc/systemd/system
HOMES=$PREFIX/home
FOLDER=agent-memory  # the folder each learner finds in their home

die() { echo "install.sh: $*" >&2; exit 1; }

[ -n "$PREFIX" ] || [ "$(id -u)" -eq 0 ] || die "run as root: sudo bash $0"
[ -x "$USER_ENV/bin/pip" ] || die "no TLJH user environment at $USER_ENV; install The Littlest JupyterHub first (https://tljh.jupyter.org)"
[ -f "$SRC/requirements.lock" ] || die "$SRC has no requirements.lock; run this script from a checkout of the course"

echo "== 1. packages into $USER_ENV"
PIP=("$USER_ENV/bin/pip" install --quiet)
if [ -n "${WHEELHOUSE:-}" ]; then
  [ -d "$WHEELHOUSE" ] || die "WHEELHOUSE=$WHEELHOUSE is not a folder; build one with 'make wheelhouse'"
  PIP+=(--no-index --find-links "$WHEELHOUSE")
  "${PIP[@]}" -r "$SRC/requirements.lock"
  "${PIP[@]}" --no-deps agent-memory-course   # the course's own wheel, built into the wheelhouse
else
  "${PIP[@]}" -r "$SRC/requirements.lock"
  "${PIP[@]}" --no-deps "$SRC"
fi
"$USER_ENV/bin/pip" check || echo "install.sh: warning: pip check reports conflicts in $USER_ENV (above)" >&2
# The course's JupyterLab settings (no news pop-up, no update check) for every learner.
install -D -m 644 "$SRC/.jupyter/lab/settings/overrides.json" "$USER_ENV/share/jupyter/lab/settings/overrides.json"

echo "== 2. notebooks for every learner"
mkdir -p "$SHARE/course"
cp -r "$SRC/lessons" "$SRC/exercises" "$SHARE/course/"
install -m 644 "$SRC/docs/deploy/check_room.py" "$SHARE/check_room.py"
chmod -R a+rX "$SHARE"
mkdir -p "$SKEL/$FOLDER"
cp -r "$SHARE/course/." "$SKEL/$FOLDER/"
for home in "$HOMES"/jupyter-*; do   # TLJH names the Unix account of learner NAME jupyter-NAME
  [ -d "$home" ] || continue
  owner=$(stat -c %U "$home")
  if [ ! -e "$home/$FOLDER" ]; then
    cp -r "$SHARE/course" "$home/$FOLDER"
    chown -R "$owner:" "$home/$FOLDER"
  fi
done

echo "== 3. the shared Chroma server (SHARED_CHROMA=1), behind the gate"
if [ "${SHARED_CHROMA:-0}" = 1 ]; then
  id -u course-gate >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin course-gate
  for unit in chroma-server.service chroma-bridge.socket chroma-bridge.service course-chroma-gate.service; do
    install -D -m 644 "$HERE/$unit" "$UNITS/$unit"
  done
  systemctl daemon-reload
  systemctl enable --now chroma-server.service chroma-bridge.socket course-chroma-gate.service
  systemctl restart chroma-server.service chroma-bridge.service course-chroma-gate.service  # a changed unit or chromadb
  for _ in $(seq 1 30); do
    curl -fsS --unix-socket /run/course-chroma/chroma.sock http://chroma/api/v2/heartbeat >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fsS --unix-socket /run/course-chroma/chroma.sock http://chroma/api/v2/heartbeat >/dev/null \
    || die "Chroma does not answer through /run/course-chroma/chroma.sock; see: journalctl -u chroma-server -u chroma-bridge"
  curl -sS -o /dev/null http://127.0.0.1:8010/api/v2/heartbeat \
    || die "the gate does not listen on 127.0.0.1:8010; see: journalctl -u course-chroma-gate"
else
  echo "   skipped: every learner keeps embedded Chroma stores of their own (SHARED_CHROMA=1 for one gated server)"
fi

echo "== 4. the course's settings for every learner"
install -D -m 644 "$HERE/agent_memory_env.py" "$CONFIG_D/agent_memory_env.py"
if [ "${SHARED_CHROMA:-0}" = 1 ]; then
  install -D -m 644 "$HERE/agent_memory_chroma.py" "$CONFIG_D/agent_memory_chroma.py"
else
  rm -f "$CONFIG_D/agent_memory_chroma.py"
fi
if [ -n "${RECORDINGS:-}" ]; then
  [ -d "$RECORDINGS" ] || die "RECORDINGS=$RECORDINGS is not a folder of *.jsonl recordings"
  mkdir -p "$SHARE/recordings"
  cp "$RECORDINGS"/*.jsonl "$SHARE/recordings/"
  chmod -R a+rX "$SHARE/recordings"
  cat >> "$CONFIG_D/agent_memory_env.py" <<EOF

# Added by install.sh (RECORDINGS=$RECORDINGS): learners replay the instructor's recordings.
c.Spawner.environment.update({
    "COURSE_BACKEND": "replay",
    "COURSE_REPLAY_FILE": "$SHARE/recordings",
    "COURSE_REPLAY_FALLBACK": "offline",
})
EOF
fi
"$TLJH_CONFIG" reload hub

echo
echo "Done. Check the room (docs/deploy/README.md, 'Check the room'):"
echo "  in a learner's terminal:   python -m course_lib doctor"
echo "  with SHARED_CHROMA=1, in a learner's terminal:   python $SHARE/check_room.py   (no one reaches another's tenant)"
