"""Store folders that are private to their owner and whose file names reveal no user or session.

- `private_folder(path)`: creates the folder 0700 (and tightens an existing one), and refuses a folder that is a
  symlink or holds one: a link planted in a store folder would make the store write, or delete, somewhere else.
- `private_name(folder, value)`: the file name for a user id or session id: an HMAC-SHA256 of it under a random
  key kept in the folder (`.name-key`, 0600). The same id gives the same name in this folder, but a name cannot be
  recognised from the id ("sam" -> sha256("sam") is one guess away; the HMAC needs the folder's key), so a lock
  file left after `forget_user` says nothing about who it was for.
- `tighten(path)`: chmod a file 0600 (a folder 0700), for files other libraries create (chroma.sqlite3).
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE = ".name-key"
FILE_MODE, FOLDER_MODE = 0o600, 0o700


class UnsafeStoreFolder(RuntimeError):
    """A store folder that is (or holds) a symlink, so writing into it could change files elsewhere."""


def check_no_symlinks(folder: Path | None) -> None:
    """Raise UnsafeStoreFolder naming the first symlink at or under `folder` (nothing is changed; None: no folder)."""
    if folder is None:
        return
    folder = Path(folder)
    if folder.is_symlink():
        raise UnsafeStoreFolder(f"the store folder {folder} is a symlink (to {os.readlink(folder)}); refusing to use "
                                "it. Give the real folder, or remove the link")
    if not folder.is_dir():
        return
    for root, dirs, files in os.walk(folder, followlinks=False):
        for name in dirs + files:
            p = Path(root) / name
            if p.is_symlink():
                raise UnsafeStoreFolder(f"{p} is a symlink (to {os.readlink(p)}) inside the store folder {folder}; "
                                        "refusing to use the store, so nothing is written or deleted through it. "
                                        "Remove the link (nothing of the course's is ever a link)")


def private_folder(path: str | os.PathLike) -> Path:
    """The folder at `path`, created or tightened to 0700, after checking it holds no symlink."""
    folder = Path(path)
    check_no_symlinks(folder)
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    tighten(folder)
    return folder


def tighten(path: Path) -> None:
    """chmod `path` to 0600 (a file) or 0700 (a folder), if it exists and is not a link."""
    try:
        if path.exists() and not path.is_symlink():
            os.chmod(path, FOLDER_MODE if path.is_dir() else FILE_MODE)
    except PermissionError:
        pass  # not ours (a shared folder): leave it as it is


def tighten_tree(folder: Path) -> None:
    """`tighten` every file and folder under `folder` (and the folder itself)."""
    tighten(folder)
    for root, dirs, files in os.walk(folder, followlinks=False):
        for name in dirs + files:
            tighten(Path(root) / name)


def name_key(folder: Path) -> bytes:
    """This folder's random naming key, created (0600) on first use.

    Two kernels may open a new store at the same moment. The key is written whole to a file of this process's own
    and then linked into place (`os.link` fails if the key exists), so a reader sees no key file or a whole one,
    never an empty one: a half-written key used to give one process an empty HMAC key, so its files got other names
    and the other process never saw what it wrote."""
    key_file = folder / KEY_FILE
    for _ in range(50):
        try:
            text = key_file.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            text = None
        if text:
            return bytes.fromhex(text)
        if text == "":  # a key file left empty (by a writer killed before it wrote the key): never used as a key
            raise UnsafeStoreFolder(f"{key_file} is empty, so the store's file names cannot be worked out. If the store "
                                    "holds no memories yet, delete that file; otherwise restore it from a backup")
        mine = folder / f"{KEY_FILE}.{secrets.token_hex(8)}.new"
        fd = os.open(mine, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32))
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(mine, key_file)  # atomic, and only if no key is there yet
        except FileExistsError:
            pass  # another process linked its key first: read that one
        finally:
            mine.unlink(missing_ok=True)
    raise UnsafeStoreFolder(f"could not read or create the naming key {key_file}; check that the folder is writable")


def private_name(folder: Path, value: str, length: int = 24) -> str:
    """A file name for `value` (a user or session id) in `folder`: HMAC-SHA256 under the folder's key, hex."""
    return hmac.new(name_key(folder), value.encode("utf-8"), hashlib.sha256).hexdigest()[:length]
