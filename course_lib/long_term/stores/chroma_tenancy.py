"""One tenant per learner on a shared Chroma server, so a room of learners never sees each other's memories.

Every lesson stores memories for the same users ("priya" …), so on one server the user id cannot keep two
learners apart. Instead each learner gets a chroma *tenant* of their own (and a database "course" in it),
named after the learner: COURSE_LEARNER, else JUPYTERHUB_USER, else the operating-system user. Every
collection, query and deletion of the store happens inside that tenant; nothing a lesson passes as a user id
can reach another tenant. Embedded chroma (a folder) needs none of this: the folder is the learner's own.

This keeps honest learners apart; it is not access control. Anyone who can reach the server can open any
tenant (for that, run the server with chroma's token authentication, one token per learner).
"""
from __future__ import annotations

import getpass
import hashlib
import re
import unicodedata
from contextlib import contextmanager
from typing import Any, Iterator

from course_lib.model.settings import Settings, SettingsError, load_settings

DATABASE = "course"
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


def admin_client(host: str, port: int) -> Any:
    """A chroma AdminClient for the server (tenants and databases)."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    return chromadb.AdminClient(ChromaSettings(anonymized_telemetry=False, chroma_server_host=host,
                                               chroma_server_http_port=int(port),
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
        raise ConnectionError(f"no Chroma server answers at {host}:{port} (COURSE_CHROMA_HOST / COURSE_CHROMA_PORT "
                              "or chroma_host=): start it with `chroma run`, or unset COURSE_CHROMA_HOST to use "
                              "embedded chroma") from None


def _client(host: str, port: int, tenant: str, database: str) -> Any:
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    return chromadb.HttpClient(host=host, port=int(port), settings=ChromaSettings(anonymized_telemetry=False),
                               tenant=tenant, database=database)


def connect(host: str, port: int, tenant: str) -> Any:
    """An HttpClient working inside `tenant` (and its database 'course'), creating both if missing."""
    with _reaching(host, port):
        admin = admin_client(host, port)
        _ensure(lambda: admin.get_tenant(tenant), lambda: admin.create_tenant(tenant))
        _ensure(lambda: admin.get_database(DATABASE, tenant=tenant), lambda: admin.create_database(DATABASE, tenant))
        return _client(host, port, tenant, DATABASE)


def tenant_clients(host: str, port: int, tenant: str) -> list[Any]:
    """One HttpClient per database of `tenant` on the server ([] if the tenant does not exist; nothing is created)."""
    from chromadb.errors import NotFoundError

    with _reaching(host, port):
        admin = admin_client(host, port)
        try:
            admin.get_tenant(tenant)
        except NotFoundError:
            return []
        return [_client(host, port, tenant, db["name"]) for db in admin.list_databases(tenant=tenant)]
