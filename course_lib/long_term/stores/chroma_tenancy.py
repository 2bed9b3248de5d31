"""One tenant per learner on a shared Chroma server, so a room of learners never sees each other's memories.

Every lesson stores memories for the same users ("priya" …), so on one server the user id cannot keep two
learners apart. Instead each learner gets a chroma *tenant* of their own (and a database "course" in it).
Every collection, query and deletion of the store happens inside that tenant; nothing a lesson passes as a
user id can reach another tenant. Embedded chroma (a folder) needs none of this: the folder is the learner's own.

Who the learner is depends on the server:

* Behind the room's gate (`course_lib.course.chroma_gate`, on a JupyterHub): the hub's token. Every request
  carries JUPYTERHUB_API_TOKEN as a bearer header, and the gate, which asks the hub who owns the token, answers
  the identity call with the tenant. COURSE_LEARNER cannot choose another: a kernel whose COURSE_LEARNER or
  JUPYTERHUB_USER names someone else is refused before it reads anything, and the gate refuses every request
  that names another tenant. This is access control.
* A plain `chroma run` (a laptop, a test): the name rule, COURSE_LEARNER, else JUPYTERHUB_USER, else the
  operating-system user. This keeps honest learners apart; it is not access control, since anyone who can
  reach such a server can open any tenant (docs/deploy/check_room.py fails on it).
"""
from __future__ import annotations

import getpass
import hashlib
import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from course_lib.model.settings import Settings, SettingsError, load_settings

DATABASE = "course"
UNPINNED = ("", "*", "default_tenant")  # what a server without a gate says a client's tenant is
PREFIX = "learner-"
KEPT = re.compile(r"[a-z0-9](?:[a-z0-9._-]{0,38}[a-z0-9])?")  # a name used as it is (chroma: [a-zA-Z0-9._-])
HASHED = re.compile(r".*-[0-9a-f]{8}")  # what a changed name ends with; never kept, so never a collision


def learner(settings: Settings | None = None) -> str:
    """Who is working: COURSE_LEARNER, else JUPYTERHUB_USER, else the operating-system user."""
    name = (settings or load_settings()).learner
    if name:
        return name
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):  # a container user with no name
        raise SettingsError("cannot tell which learner this is (no COURSE_LEARNER, no JUPYTERHUB_USER, no "
                            "operating-system user name): set COURSE_LEARNER=<your name>") from None


def tenant_name(name: str) -> str:
    """The chroma tenant for a learner: 'learner-alice', or 'learner-alice-1f2e3d4c' when the name had to change."""
    if not isinstance(name, str) or not name.strip():
        raise SettingsError(f"the learner name must be a non-empty string, got {name!r}: set COURSE_LEARNER")
    name = name.strip()
    if KEPT.fullmatch(name) and not HASHED.fullmatch(name):
        return PREFIX + name
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()  # "Ünal" -> "unal"
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:32].strip("-")
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return f"{PREFIX}{slug}-{digest}" if slug else PREFIX + digest


def learner_tenant(settings: Settings | None = None) -> str:
    """This learner's tenant name."""
    return tenant_name(learner(settings))


def configured_server(port: int | None = None) -> tuple[str | None, int]:
    """(host, port) of the room's server from COURSE_CHROMA_HOST / COURSE_CHROMA_PORT; host None if none is set."""
    settings = load_settings()
    return settings.chroma_host, port or settings.chroma_port


def hub_headers(settings: Settings | None = None) -> dict[str, str]:
    """The learner's own hub token (JUPYTERHUB_API_TOKEN) as a bearer header for the room's gate; {} off a hub."""
    token = (settings or load_settings()).hub_token
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass(frozen=True)
class Identity:
    """Who this kernel is on a server: the learner, their tenant, and whether a gate pinned it (from the hub token)."""

    learner: str
    tenant: str
    gated: bool


def identity(host: str, port: int, settings: Settings | None = None) -> Identity:
    """Ask the server who this kernel is: a gate answers from the hub token; a plain server leaves the name rule."""
    import httpx

    s = settings or load_settings()
    with _reaching(host, port):
        answer = httpx.get(f"http://{host}:{int(port)}/api/v2/auth/identity", headers=hub_headers(s),
                           timeout=min(s.timeout, 30.0))
    if answer.status_code in (401, 403):
        raise PermissionError(f"the room's Chroma server at {host}:{port} refused this kernel "
                              f"({answer.status_code}): {_message(answer)}")
    answer.raise_for_status()
    body = answer.json()
    tenant = str(body.get("tenant") or "")
    if tenant in UNPINNED:  # no gate: the name rule (honest learners apart, not access control)
        return Identity(learner(s), learner_tenant(s), gated=False)
    who = str(body.get("user_id") or tenant)
    if s.learner and tenant_name(s.learner) != tenant:
        raise PermissionError(f"COURSE_LEARNER / JUPYTERHUB_USER say {s.learner!r}, but the room's gate knows this "
                              f"kernel's hub token as {who!r} (tenant {tenant}). On a hub your tenant comes from your "
                              "token: unset COURSE_LEARNER. Nothing was read or written")
    if DATABASE not in body.get("databases", []):
        raise PermissionError(f"the room's gate gives tenant {tenant} no database {DATABASE!r}: is it the course's "
                              "gate (course_lib.course.chroma_gate)?")
    return Identity(who, tenant, gated=True)


def _message(answer: Any) -> str:
    try:
        return str(answer.json().get("message"))
    except ValueError:
        return answer.text[:300]


def admin_client(host: str, port: int) -> Any:
    """A chroma AdminClient for the server (tenants and databases), carrying the hub token if there is one."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    return chromadb.AdminClient(ChromaSettings(anonymized_telemetry=False, chroma_server_host=host,
                                               chroma_server_http_port=int(port), chroma_server_headers=hub_headers(),
                                               chroma_api_impl="chromadb.api.fastapi.FastAPI"))


def _ensure(get: Any, create: Any) -> None:
    """Create a tenant or database unless it exists (another kernel may create it at the same moment)."""
    from chromadb.errors import NotFoundError

    try:
        get()
    except NotFoundError:
        try:
            create()
        except Exception as exc:
            try:
                get()  # created meanwhile by another process: fine
            except NotFoundError:
                raise exc from None  # a real failure: chroma's own message


@contextmanager
def _reaching(host: str, port: int) -> Iterator[None]:
    """Turn chroma's and httpx's "cannot connect" errors into one ConnectionError that says what to do."""
    try:
        yield
    except Exception as exc:
        if not isinstance(exc, OSError) and "connect" not in f"{type(exc).__name__} {exc}".lower():
            raise
        if isinstance(exc, PermissionError):
            raise
        raise ConnectionError(f"no Chroma server answers at {host}:{port} (COURSE_CHROMA_HOST / COURSE_CHROMA_PORT "
                              "or chroma_host=): start it with `chroma run`, or unset COURSE_CHROMA_HOST to use "
                              "embedded chroma") from None


def _client(host: str, port: int, tenant: str, database: str) -> Any:
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    return chromadb.HttpClient(host=host, port=int(port), settings=ChromaSettings(anonymized_telemetry=False),
                               headers=hub_headers(), tenant=tenant, database=database)


def connect(host: str, port: int) -> Any:
    """An HttpClient in this learner's tenant (see `identity`) and its database 'course', creating both if missing."""
    me = identity(host, port)
    with _reaching(host, port):
        if not me.gated:  # behind a gate, the gate made them when it answered the identity call
            admin = admin_client(host, port)
            _ensure(lambda: admin.get_tenant(me.tenant), lambda: admin.create_tenant(me.tenant))
            _ensure(lambda: admin.get_database(DATABASE, tenant=me.tenant),
                    lambda: admin.create_database(DATABASE, me.tenant))
        return _client(host, port, me.tenant, DATABASE)


def tenant_clients(host: str, port: int) -> list[Any]:
    """One HttpClient per database of this learner's tenant ([] if there is none; a plain server creates nothing)."""
    from chromadb.errors import NotFoundError

    me = identity(host, port)
    with _reaching(host, port):
        admin = admin_client(host, port)
        try:
            admin.get_tenant(me.tenant)
        except NotFoundError:
            return []
        return [_client(host, port, me.tenant, db["name"]) for db in admin.list_databases(tenant=me.tenant)]
