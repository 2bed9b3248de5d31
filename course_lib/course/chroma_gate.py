"""The room's gate: a JupyterHub service in front of a shared Chroma server that pins each learner to one tenant.

A learner's server on a hub holds a token the hub made for it (JUPYTERHUB_API_TOKEN), and course_lib sends it
as `Authorization: Bearer <token>` with every Chroma request. The gate asks the hub who owns that token, with
JupyterHub's own `HubAuth` (GET <hub>/hub/api/user), and takes the learner's name from the hub's answer only,
never from a header, a variable or a path the learner controls. Then it

* answers GET /api/v2/auth/identity itself: that learner's tenant (`chroma_tenancy.tenant_name`) and the one
  database "course", creating both on the server the first time, so chromadb clients land there by themselves;
* forwards a request only when its path names exactly that tenant and database, judged after decoding every
  path segment as Chroma does ('learner%2Dbob' is 'learner-bob'), and forwards the re-encoded path it judged;
* and, for the calls that name a collection by its id (get, query, add, delete, count, modify …), only when that
  id is one of the tenant's own collections: Chroma 1.5 serves such a call for any collection id whatever tenant
  the path names, so a leaked id would otherwise open another learner's collection;
* refuses (403) a path naming another tenant or database, creating or deleting a tenant or a database, and
  every path outside the short list below; refuses (401) a request without a token or with one the hub does
  not know, and (403) a token without this service's access scope (HubAuth's default:
  `access:services!service=<JUPYTERHUB_SERVICE_NAME>`) or one that belongs to a service, not a learner.

Refusals use Chroma's own error format ({"error": "AuthError", "message": ...}), so chromadb raises them with
the gate's message. Chroma itself must be reachable only through the gate: docs/deploy/README.md shows how
(a private network namespace bridged to a unix socket only the gate's user may open, or a pod's 127.0.0.1).

    python -m course_lib.course.chroma_gate --port 8010 --upstream unix:/run/course-chroma/chroma.sock

Needs the `hub` extra (jupyterhub, which brings tornado). The hub sets JUPYTERHUB_API_URL, JUPYTERHUB_API_TOKEN
and JUPYTERHUB_SERVICE_NAME for a service it starts; a service started by systemd gets them from its unit.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import sys
from typing import Any
from urllib.parse import quote, unquote

from course_lib.long_term.stores.chroma_tenancy import DATABASE, tenant_name

API = "/api/v2/"
OPEN = ("heartbeat", "version", "pre-flight-checks", "healthcheck")  # GET only: no tenant, no data
UNDER_DATABASE = ("collections", "collections_count")  # everything the course does inside its database
MAX_BODY = 64 * 2**20  # bytes in one request: far above the course's batches (issue 21 sets the store's limits)
DROPPED = {"authorization", "host", "connection", "keep-alive", "proxy-authorization", "proxy-connection", "te",
           "trailer", "transfer-encoding", "upgrade", "content-length", "x-chroma-token", "cookie"}


class Refused(Exception):
    """A request the gate does not forward: the HTTP status and the reason the learner reads."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message

    def body(self) -> dict[str, str]:
        """Chroma's error format, so chromadb raises AuthorizationError (401) or ChromaAuthError (403)."""
        return {"error": "AuthorizationError" if self.status == 401 else "AuthError", "message": self.message}


def route(method: str, raw_path: str, tenant: str) -> tuple[str | None, str | None]:
    """(path to forward, collection id it acts on or None) for a learner pinned to `tenant`; (None, None) for the
    identity call; Refused otherwise. GET and DELETE of collections/<x> take a name, resolved inside the tenant."""
    if not raw_path.startswith(API):
        raise Refused(403, f"{raw_path} is not part of Chroma's v2 API; the gate serves nothing else")
    parts = [unquote(p) for p in raw_path[len(API):].split("/")]
    if any(p in ("", ".", "..") or "/" in p or "\\" in p for p in parts):
        raise Refused(403, f"{raw_path}: empty, '.', '..' or encoded '/' path segments are refused")
    canonical = API + "/".join(quote(p, safe="") for p in parts)
    if parts == ["auth", "identity"] and method == "GET":
        return None, None
    if len(parts) == 1 and parts[0] in OPEN and method == "GET":
        return canonical, None
    if parts[0] != "tenants" or len(parts) < 2:
        raise Refused(403, f"{method} {raw_path}: the gate forwards only requests inside your own tenant "
                           f"{tenant!r} (creating or listing tenants is the gate's job)")
    if parts[1] != tenant:
        raise Refused(403, f"tenant {parts[1]!r} is not yours: your hub account may use only tenant {tenant!r}")
    if len(parts) >= 4 and parts[2] == "databases" and parts[3] != DATABASE:
        raise Refused(403, f"database {parts[3]!r} is not yours: your tenant {tenant!r} has only {DATABASE!r}")
    if len(parts) <= 4 and method != "GET":  # the tenant, its database list, the database itself
        raise Refused(403, f"{method} {raw_path}: tenants and databases are made by the gate and never deleted "
                           "through it; delete your collections instead (python -m course_lib reset)")
    if len(parts) == 2 or parts[2] == "databases" and (len(parts) <= 4 or parts[4] in UNDER_DATABASE):
        named = len(parts) == 6 and method in ("GET", "DELETE")  # collections/<name>: chroma looks in this tenant
        by_id = parts[4:5] == ["collections"] and len(parts) >= 6 and not named
        return canonical, parts[5] if by_id else None
    raise Refused(403, f"{method} {raw_path}: not a Chroma call the course makes, so the gate does not forward it")


def make_app(upstream: str, auth: Any = None) -> Any:
    """The tornado application: `upstream` is http://HOST:PORT or unix:/path; `auth` a HubAuth (default: from env)."""
    import httpx
    from jupyterhub.services.auth import HubAuth
    from tornado import web

    auth = auth or HubAuth(cache_max_age=60, allow_token_in_url=False)  # header only; revoked: refused within 60 s
    uds = upstream[len("unix:"):] if upstream.startswith("unix:") else None
    client = httpx.AsyncClient(base_url="http://chroma" if uds else upstream.rstrip("/"), timeout=300,
                               transport=httpx.AsyncHTTPTransport(uds=uds) if uds else None)
    ready: set[str] = set()
    owned: dict[str, set[str]] = {}  # tenant -> ids of its collections (refreshed when an id is not in it)

    async def ensure(tenant: str) -> None:
        """Create the learner's tenant and database upstream the first time (both calls are idempotent)."""
        if tenant in ready:
            return
        if (await client.get(f"{API}tenants/{tenant}")).status_code == 404:
            await client.post(f"{API}tenants", json={"name": tenant})
        if (await client.get(f"{API}tenants/{tenant}/databases/{DATABASE}")).status_code == 404:
            await client.post(f"{API}tenants/{tenant}/databases", json={"name": DATABASE})
        check = await client.get(f"{API}tenants/{tenant}/databases/{DATABASE}")  # made here or by a twin request
        if check.status_code != 200:
            raise Refused(502, f"the gate could not create tenant {tenant!r} on Chroma ({check.status_code}: "
                               f"{check.text[:200]})")
        ready.add(tenant)

    async def check_owned(tenant: str, collection: str) -> None:
        """Refuse a collection id that is not one of the tenant's own collections (listed from Chroma on a miss)."""
        if collection in owned.get(tenant, set()):
            return
        ids, offset = set(), 0
        while True:
            page = (await client.get(f"{API}tenants/{tenant}/databases/{DATABASE}/collections",
                                     params={"limit": 1000, "offset": offset})).json()
            ids |= {c["id"] for c in page}
            if len(page) < 1000:
                break
            offset += len(page)
        owned[tenant] = ids
        if collection not in ids:
            raise Refused(403, f"collection {collection!r} is not one of the collections in your tenant {tenant!r}")

    class Gate(web.RequestHandler):
        """Every request: identify the learner with the hub, pin the tenant, forward or refuse."""

        def check_xsrf_cookie(self) -> None:  # token-authenticated API: no cookies are accepted at all
            return None

        async def learner(self) -> str:
            token = auth.get_token(self, in_cookie=False)
            if not token:
                raise Refused(401, "no JupyterHub token: send your own hub token (JUPYTERHUB_API_TOKEN, which the "
                                   "hub sets in your server) as 'Authorization: Bearer <token>'; course_lib does so "
                                   "when the variable is set")
            try:
                model = await auth.user_for_token(token, sync=False)
            except web.HTTPError as exc:
                raise Refused(502, f"the gate cannot check tokens with the hub right now ({exc.log_message})")
            if not model:
                raise Refused(401, "the hub does not know this token (mistyped, revoked or expired): restart "
                                   "your server from the hub's control panel for a fresh one")
            if model.get("kind", "user") != "user":
                raise Refused(403, f"the token belongs to {model.get('kind')} {model.get('name')!r}, not to a learner")
            if auth.access_scopes and not auth.check_scopes(auth.access_scopes, model):
                raise Refused(403, f"hub user {model['name']!r}: this token lacks the scope "
                                   f"{' or '.join(sorted(auth.access_scopes))}; the hub's configuration must grant "
                                   "it to learners' server tokens (docs/deploy/README.md)")
            return model["name"]

        async def serve(self, *_: Any) -> None:
            who = "?"
            try:
                who = await self.learner()
                tenant = tenant_name(who)
                path, collection = route(self.request.method, self.request.path, tenant)
                if path is None:
                    await ensure(tenant)
                    return self.reply(200, {"user_id": who, "tenant": tenant, "databases": [DATABASE]})
                if collection is not None:
                    await check_owned(tenant, collection)
                await self.forward(path)
            except Refused as no:
                print(f"chroma_gate: refused {no.status} {who} {self.request.method} {self.request.path}: "
                      f"{no.message}", file=sys.stderr, flush=True)
                self.reply(no.status, no.body())
            except httpx.TransportError as exc:
                self.reply(502, {"error": "InternalError", "message": f"the gate cannot reach Chroma ({exc})"})

        async def forward(self, path: str) -> None:
            headers = {k: v for k, v in self.request.headers.get_all() if k.lower() not in DROPPED}
            query = f"?{self.request.query}" if self.request.query else ""
            answer = await client.request(self.request.method, path + query, headers=headers,
                                          content=self.request.body or None)
            self.set_status(answer.status_code)
            for name in ("content-type", "chroma-trace-id"):
                if name in answer.headers:
                    self.set_header(name, answer.headers[name])
            self.finish(answer.content)

        def reply(self, status: int, body: dict) -> None:
            self.set_status(status)
            self.set_header("content-type", "application/json")
            self.finish(json.dumps(body))

        get = post = put = patch = delete = serve

    return web.Application([(r"/.*", Gate)])


def listening_socket(host: str, port: int | None) -> socket.socket:
    """The socket systemd passed (socket activation, LISTEN_FDS), else a new one bound to host:port."""
    if port is None and os.environ.get("LISTEN_FDS") == "1" and os.environ.get("LISTEN_PID") == str(os.getpid()):
        sock = socket.socket(fileno=3)
    elif port is None:
        raise SystemExit("chroma_gate: give --port, or start it from a systemd .socket unit (LISTEN_FDS)")
    else:
        sock = socket.create_server((host, port))
    sock.setblocking(False)
    return sock


def main(argv: list[str] | None = None) -> None:
    """Run the gate until it is stopped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True, help="the Chroma server: http://127.0.0.1:8000 or unix:/path")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (leave out under systemd socket activation)")
    args = parser.parse_args(argv)
    from tornado.httpserver import HTTPServer
    from tornado.ioloop import IOLoop

    sock = listening_socket(args.host, args.port)
    HTTPServer(make_app(args.upstream), max_body_size=MAX_BODY, xheaders=False).add_sockets([sock])
    print(f"chroma_gate: listening on {sock.getsockname()}, forwarding to {args.upstream}", flush=True)
    IOLoop.current().start()


if __name__ == "__main__":
    main()
