"""``vsoracle cache``: what vsoracle keeps between runs, and clearing it."""

from __future__ import annotations

from typing import Any

import typer

from .. import caches
from .lines import emit
from .output import Format

__all__ = ["register"]


def _size(n: float) -> str:
    if n < 1024:
        return f"{n:.0f} B"
    n /= 1024
    return f"{n:.1f} KB" if n < 1024 else f"{n / 1024:.1f} MB"


def cache_command(clear: bool = typer.Option(False, "--clear", help="Delete every cache (always safe)."),
                  as_json: bool = typer.Option(False, "--json", help="Print one JSON document "
                                               "(schema: json/cache.schema.json in vsoracle docs --path; "
                                               "the contract: vsoracle docs json).")) -> None:
    """Show the caches (card database, answers; files older versions kept are "other" and never read), or clear them."""
    fmt = Format.of(as_json)
    where = caches.folder()
    if clear:
        in_the_way = caches.is_file_in_the_way()
        files, size = caches.clear()
        if fmt is Format.JSON:
            emit(_document(where, "cleared", [], {"files": files, "bytes": size}))
            return
        if in_the_way:  # not a folder vsoracle made: said so, not "removed 1 file" (issue 24, case 14)
            emit(f"removed nothing: {where} is a file, not the cache folder (vsoracle never writes a file there; "
                       "remove it yourself if you do not need it)")
            return
        emit(f"removed {files} file{'s' if files != 1 else ''} ({_size(size)}) from {where}")
        return
    status = "on" if caches.enabled() else "off"
    state = "on" if caches.enabled() else "off (VSORACLE_NO_CACHE is set)"
    if caches.enabled() and where.exists() and caches.safe_folder(create=False) is None:
        status = "ignored"
        state = ("ignored: the folder is a link, is not yours, or others can write to it or to a folder above it "
                 "(nothing in it is read; vsoracle cache --clear removes it)")
        if caches.is_file_in_the_way():
            state = "ignored: it is a file, not a folder (nothing is cached; remove it yourself if you do not need it)"
    if fmt is Format.JSON:
        emit(_document(where, status, caches.usage(), None))
        return
    emit(f"caches in {where}: {state}")
    for label, files, size in caches.usage():
        emit(f"  {label:<18} {files:>5} file{'s' if files != 1 else ' '}  {_size(size):>9}")
    emit("vsoracle cache --clear deletes them; each is worked out again when needed.")


def _document(where: Any, status: str, usage: Any, cleared: dict[str, int] | None) -> str:
    """The ``cache`` document: the folder, whether the caches are used (``on``, ``off``,
    ``ignored``, ``cleared``), each kind's files and bytes, and what ``--clear`` removed (or null)."""
    from .jsondoc import document, dumps

    return dumps(document("cache", folder=str(where), status=status,
                          caches=[{"kind": label, "files": files, "bytes": size} for label, files, size in usage],
                          cleared=cleared))


def register(app: typer.Typer) -> None:
    app.command("cache")(cache_command)
