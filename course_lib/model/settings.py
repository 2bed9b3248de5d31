"""Course settings, read from environment variables (one place, documented in the README)."""
from __future__ import annotations

import os
from dataclasses import dataclass

BACKENDS = ("offline", "openai", "replay", "variant")
IN_PROCESS = ("offline", "variant")  # backends answered inside the kernel; "variant" rephrases the offline model
OFFLINE_CHAT_MODEL = "offline-rules-1"
VARIANT_CHAT_MODEL = "variant-rules-1"  # the second stand-in (model/variant/): same tasks, other words and formats
OFFLINE_EMBED_MODEL = "minilm-static-256"

# Defaults per live server; anything else OpenAI-compatible can set COURSE_CHAT_MODEL / COURSE_EMBED_MODEL.
LIVE_DEFAULTS = {
    "openai": ("gpt-4o-mini", "text-embedding-3-small"),
    "ollama": ("llama3.2", "nomic-embed-text"),
}


class SettingsError(ValueError):
    """A course setting has a value the course cannot use."""


@dataclass(frozen=True)
class Settings:
    """What the course talks to: backend, model names, endpoint, recording files."""

    backend: str
    chat_model: str
    embed_model: str
    base_url: str | None
    api_key: str | None
    replay_file: str | None
    record_file: str | None
    timeout: float
    max_retries: int
    replay_fallback: str | None = None  # "offline": unrecorded calls are answered by the offline model
    chroma_host: str | None = None  # a shared Chroma server (COURSE_CHROMA_HOST); None: embedded chroma
    chroma_port: int = 8000
    learner: str | None = None  # the learner's tenant on that server (COURSE_LEARNER, else JUPYTERHUB_USER)
    hub_token: str | None = None  # JUPYTERHUB_API_TOKEN: sent to the room's gate, which names the tenant from it

    @property
    def live_server(self) -> str:
        """'openai', 'ollama' or 'custom' for the live backend."""
        if not self.base_url or "api.openai.com" in self.base_url:
            return "openai"
        return "ollama" if ":11434" in self.base_url else "custom"


def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Read the settings from `env` (default: os.environ) and validate them."""
    env = dict(os.environ if env is None else env)
    backend = env.get("COURSE_BACKEND", "offline").strip().lower() or "offline"
    if backend not in BACKENDS:
        raise SettingsError(
            f"COURSE_BACKEND={backend!r} is not one of {', '.join(BACKENDS)}. "
            "Unset it to use the offline model, or set it to 'openai' for a live model."
        )
    base_url = env.get("OPENAI_BASE_URL") or None
    api_key = env.get("OPENAI_API_KEY") or None
    if backend == "openai" and not (api_key or base_url):
        raise SettingsError(
            "COURSE_BACKEND=openai needs OPENAI_API_KEY (for OpenAI) or OPENAI_BASE_URL "
            "(for Ollama, vLLM, llama.cpp server, LM Studio …). Set one, or unset COURSE_BACKEND."
        )
    replay_file = env.get("COURSE_REPLAY_FILE") or None
    if backend == "replay" and not replay_file:
        raise SettingsError("COURSE_BACKEND=replay needs COURSE_REPLAY_FILE=<path to a recording>.")
    fallback = (env.get("COURSE_REPLAY_FALLBACK") or "").strip().lower() or None
    if fallback not in (None, "offline"):
        raise SettingsError(f"COURSE_REPLAY_FALLBACK={fallback!r}: the only fallback is 'offline' (or unset it).")
    if backend in IN_PROCESS:
        chat, emb = (OFFLINE_CHAT_MODEL if backend == "offline" else VARIANT_CHAT_MODEL), OFFLINE_EMBED_MODEL
    else:
        probe = Settings(backend, "", "", base_url, api_key, None, None, 0, 0)
        chat, emb = LIVE_DEFAULTS.get(probe.live_server, LIVE_DEFAULTS["openai"])
    try:
        timeout = float(env.get("COURSE_TIMEOUT", "60"))
        retries = int(env.get("COURSE_MAX_RETRIES", "2"))
    except ValueError as exc:
        raise SettingsError(f"COURSE_TIMEOUT / COURSE_MAX_RETRIES must be numbers: {exc}") from None
    port = (env.get("COURSE_CHROMA_PORT") or "8000").strip()
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SettingsError(f"COURSE_CHROMA_PORT={port!r} is not a TCP port: give a number from 1 to 65535 (default 8000).")
    return Settings(
        backend=backend,
        chat_model=env.get("COURSE_CHAT_MODEL") or chat,
        embed_model=env.get("COURSE_EMBED_MODEL") or emb,
        base_url=base_url,
        api_key=api_key,
        replay_file=replay_file,
        record_file=env.get("COURSE_RECORD_FILE") or None,
        timeout=timeout,
        max_retries=retries,
        replay_fallback=fallback,
        chroma_host=(env.get("COURSE_CHROMA_HOST") or "").strip() or None,
        chroma_port=int(port),
        learner=(env.get("COURSE_LEARNER") or env.get("JUPYTERHUB_USER") or "").strip() or None,
        hub_token=(env.get("JUPYTERHUB_API_TOKEN") or "").strip() or None,
    )
