"""Access check for a room: no learner can reach another learner's tenant on the shared Chroma server.

Run it as one learner, where the learners' settings are: a learner's terminal on the hub has COURSE_CHROMA_HOST,
COURSE_CHROMA_PORT and that learner's own hub token (JUPYTERHUB_API_TOKEN).

    python docs/deploy/check_room.py                      # also probes COURSE_CHROMA_HOST:8000 for a bare Chroma
    python docs/deploy/check_room.py --direct 10.0.0.5:8000   # other addresses where Chroma must NOT answer

Each step prints `ok` or `FAIL` and why; the exit code is 0 only if every attempt to reach another tenant was
refused. The attempts are the ones a curious learner would make, aimed at the tenant of a made-up learner
'room-check-b' and at Chroma's built-in 'default_tenant' (which always exists):
  1. this learner writes a memory, reads it back in a new process and deletes it (under a throw-away user id);
  2. a new process with COURSE_LEARNER=room-check-b must be refused, or stay in this learner's own tenant;
  3. chromadb.HttpClient / AdminClient with this learner's token, asking for the other tenants: refused (401/403);
  4. plain HTTP GET, POST and DELETE on /api/v2/tenants/<other>/…: refused (401/403; a 404 fails too, because a
     server that looks the tenant up would have served it);
  5. the same with no token: refused;
  6. a bare Chroma at the --direct addresses: nothing answers its heartbeat (learners cannot bypass the gate).
A plain `chroma run` with tenants but no gate FAILS steps 2-5: tenants keep honest learners apart, they are not
access control. Put the server behind the course's gate (docs/deploy/README.md).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import uuid

OTHER = "room-check-b"
# One learner's kernel, as a fresh process: write / list / forget the mark for a throw-away user id (never the
# learner's own "priya"), and print what it saw.
STEP = r"""
import json, sys
from course_lib import VectorMemory

mark, actions = sys.argv[1], sys.argv[2:]
user = mark.split(":")[0].replace(" ", "-")
memory = VectorMemory(backend="chroma")
if memory.store.host is None:
    sys.exit("VectorMemory(backend='chroma') opened an embedded store, not the shared server: "
             "set COURSE_CHROMA_HOST (and COURSE_CHROMA_PORT) as the hub does for every learner")
before = [m.text for m in memory.memories(user)]
for action in actions:
    if action == "write":
        memory.remember(user, mark, importance=0.9)
    elif action == "forget":
        memory.forget_user(user)
after = [m.text for m in memory.memories(user)]
print(json.dumps({"tenant": memory.store.tenant, "before": before, "memories": after}))
"""


def kernel(mark: str, *actions: str, **env: str) -> tuple[dict | None, str]:
    """Run `actions` in a new process with extra `env`; (what it saw, or None if it failed; its last error line)."""
    done = subprocess.run([sys.executable, "-c", STEP, mark, *actions], env={**os.environ, **env},
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        return None, (done.stderr.strip().splitlines() or ["(no output)"])[-1]
    return json.loads(done.stdout.strip().splitlines()[-1]), ""


def raw(host: str, port: int, method: str, path: str, headers: dict[str, str], timeout: float = 30) -> tuple[int, str]:
    """One plain HTTP request; (status, the start of the body)."""
    con = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        con.request(method, path, body=b"{}" if method == "POST" else None,
                    headers={**headers, "content-type": "application/json"})
        answer = con.getresponse()
        return answer.status, answer.read(300).decode("utf-8", "replace")
    finally:
        con.close()


def client_attempts(host: str, port: int, headers: dict[str, str], tenants: list[str]) -> list[tuple[str, str]]:
    """(what was tried, how it ended) for chromadb clients asking for other tenants; 'refused: …' when refused."""
    import chromadb
    from chromadb.config import Settings
    from chromadb.errors import AuthorizationError, ChromaAuthError

    settings = Settings(anonymized_telemetry=False, chroma_server_host=host, chroma_server_http_port=port,
                        chroma_server_headers=headers, chroma_api_impl="chromadb.api.fastapi.FastAPI")
    tries = {}
    for tenant in tenants:
        tries[f"HttpClient(tenant={tenant!r}).list_collections()"] = lambda t=tenant: chromadb.HttpClient(
            host=host, port=port, headers=headers, tenant=t, database="course" if t != "default_tenant" else
            "default_database", settings=Settings(anonymized_telemetry=False)).list_collections()
        tries[f"AdminClient.list_databases(tenant={tenant!r})"] = lambda t=tenant: chromadb.AdminClient(
            settings).list_databases(tenant=t)
    out = []
    for what, attempt in tries.items():
        try:
            attempt()
            out.append((what, "answered"))
        except (AuthorizationError, ChromaAuthError) as exc:
            out.append((what, f"refused: {exc}"))
        except Exception as exc:  # not found, bad request …: the server looked, it did not refuse
            out.append((what, f"not refused ({type(exc).__name__}: {str(exc)[:120]})"))
    return out


def heartbeat_answers(address: str) -> bool:
    """True if a Chroma heartbeat answers 200 at HOST:PORT with no token."""
    host, _, port = address.rpartition(":")
    try:
        return raw(host, int(port), "GET", "/api/v2/heartbeat", {}, timeout=5)[0] == 200
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    """Run the check; 0 when every attempt was refused, 1 when not, 2 when the room has no shared server."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--direct", nargs="*", help="HOST:PORT where a bare Chroma must not answer "
                        "(default: COURSE_CHROMA_HOST:8000 when COURSE_CHROMA_PORT is another port)")
    args = parser.parse_args(argv)
    host, port = os.environ.get("COURSE_CHROMA_HOST"), int(os.environ.get("COURSE_CHROMA_PORT") or 8000)
    if not host:
        print("COURSE_CHROMA_HOST is not set: run this where the learners' settings are (a learner's terminal "
              "on the hub), or export COURSE_CHROMA_HOST / COURSE_CHROMA_PORT first.", file=sys.stderr)
        return 2
    token = os.environ.get("JUPYTERHUB_API_TOKEN", "").strip()
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    problems: list[str] = []

    def expect(ok: bool, ok_text: str, problem: str) -> None:
        print(("ok   " if ok else "FAIL ") + (ok_text if ok else problem), flush=True)
        if not ok:
            problems.append(problem)

    mark = f"room check {uuid.uuid4().hex[:8]}: priya is allergic to peanuts"
    mine, error = kernel(mark, "write")
    if mine is None:
        print(f"FAIL this learner cannot use the shared server: {error}")
        return 1
    again, _ = kernel(mark, "forget")  # read back in a new process, then remove the check's memory
    expect(bool(again) and mark in again["before"], f"this learner (tenant {mine['tenant']}) wrote a memory and "
           "reads it back in a new process", "this learner cannot read back its own memory in a new process")
    expect(bool(again) and not again["memories"], "this learner deleted it again", "the check's memory is still there")
    other_tenant = "learner-" + OTHER
    claimed, error = kernel(mark, COURSE_LEARNER=OTHER)
    expect(claimed is None or claimed["tenant"] == mine["tenant"],
           f"COURSE_LEARNER={OTHER} does not open {other_tenant}" + (f" (refused: {error})" if error else ""),
           f"COURSE_LEARNER={OTHER} opened tenant {claimed and claimed['tenant']}: any learner can choose another "
           "learner's tenant by a variable")
    for what, ended in client_attempts(host, port, headers, [other_tenant, "default_tenant"]):
        expect(ended.startswith("refused"), f"{what} {ended}", f"{what} {ended}: another tenant is within reach")
    attempts = [("GET", "/api/v2/tenants/default_tenant"), ("GET", f"/api/v2/tenants/{other_tenant}/databases/course/"
                "collections"), ("POST", f"/api/v2/tenants/{other_tenant}/databases/course/collections"),
                ("DELETE", f"/api/v2/tenants/{other_tenant}/databases/course/collections/mem-x")]
    for token_used, sent in [("this learner's token", headers)] * bool(headers) + [("no token", {})]:
        for method, path in attempts + [("GET", f"/api/v2/tenants/{mine['tenant']}/databases/course/collections")] * (
                not sent):
            status, body = raw(host, port, method, path, sent)
            expect(status in (401, 403), f"{method} {path} with {token_used}: refused {status}",
                   f"{method} {path} with {token_used}: answered {status} {body[:80]!r}, not refused")
    direct = args.direct if args.direct is not None else ([f"{host}:8000"] if port != 8000 else [])
    for address in direct:
        expect(not heartbeat_answers(address), f"no bare Chroma answers at {address}",
               f"a Chroma server answers at {address} with no token: learners can bypass the gate")
    print("no learner can reach another's tenant" if not problems else
          f"{len(problems)} problem(s): learners CAN reach each other's memories (docs/deploy/README.md, the gate)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
