"""``vsoracle engine``: the engine for another program, JSON lines on standard input and output.

What UCI is to a chess engine (docs/protocol.md): one request a line, one response a line, each a
JSON object; every response has ``"ok"``. The session holds a :class:`vsoracle.Game` between
requests — its position is never replayed from a file — and an error is answered (the error
document with ``"ok": false``) without ending the session. ``quit`` or the end of the input ends it.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

import typer

from ..errors import IllegalActionError, VsOracleError
from .jsondoc import error_document, event_json, plain

__all__ = ["register", "Engine", "COMMANDS"]

#: Each command and the keys its request may have besides ``cmd`` and ``id``.
COMMANDS: dict[str, frozenset[str]] = {
    "load": frozenset({"scenario", "path", "position", "steps"}),
    "moves": frozenset({"player"}),
    "take": frozenset({"action"}),
    "answer": frozenset({"value"}),
    "position": frozenset(),
    "scenario": frozenset(),
    "undo": frozenset(),
    "quit": frozenset(),
}


class RequestError(VsOracleError):
    """A request the protocol cannot read (not JSON, no ``cmd``, an unknown key …)."""


class Engine:
    """One session: the game it holds and the answer to each request."""

    def __init__(self) -> None:
        from ..scenario.session import Game

        self.game: Game | None = None
        self.done = False

    # -- one line ------------------------------------------------------------------------------
    def respond(self, line: str) -> dict[str, Any]:
        """The response to one request line (never raises: an error is a response)."""
        request_id: Any = None
        try:
            try:
                request = json.loads(line)
            except json.JSONDecodeError as error:
                raise RequestError(f"the request is not JSON: {error.msg} (column {error.colno})",
                                   hint='one JSON object a line, like {"cmd": "moves"}') from None
            if not isinstance(request, dict):
                raise RequestError("a request is a JSON object", hint='{"cmd": "moves"}')
            request_id = request.get("id")
            cmd = request.get("cmd")
            if cmd not in COMMANDS:
                raise RequestError(f"unknown command {json.dumps(cmd)}" if cmd is not None else "the request has no cmd",
                                   hint="commands: " + ", ".join(COMMANDS))
            extra = sorted(set(request) - COMMANDS[cmd] - {"cmd", "id"})
            if extra:
                takes = ", ".join(sorted(COMMANDS[cmd])) or "nothing besides cmd"
                raise RequestError(f"{cmd} does not take {', '.join(map(json.dumps, extra))}", hint=f"{cmd} takes {takes}")
            handler: Callable[[dict[str, Any]], dict[str, Any]] = getattr(self, "_" + cmd)
            response = {"ok": True, **handler(request)}
        except VsOracleError as error:
            response = {"ok": False, **error_document(error, 2)}
        except RecursionError:
            response = {"ok": False, **error_document(VsOracleError("the request nests too deep"), 2)}
        if request_id is not None:
            response["id"] = request_id
        return response

    # -- commands ------------------------------------------------------------------------------
    def _need(self) -> Any:
        if self.game is None:
            raise RequestError("no game is loaded", hint='load one first: {"cmd": "load", "scenario": "<TOML text>"}')
        return self.game

    def _status(self) -> dict[str, Any]:
        """What every command that changes the game answers: who acts, the decision that waits, the end."""
        game = self._need()
        s, q = game.state, game.pending()
        return {"turn": s.turn, "phase": s.phase, "step": s.step, "priority": s.priority, "over": s.over,
                "pending": None if q is None else {
                    "player": q.player, "kind": q.kind, "prompt": q.prompt,
                    "answers": [plain(a) for a in q.answers], "text": [q.describe(a) for a in q.answers]}}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..scenario import session

        given = [k for k in ("scenario", "path", "position") if k in request]
        if len(given) != 1:
            raise RequestError("load takes one of scenario (TOML text), path (a scenario or position file) "
                               "or position (a position document)",
                               hint='{"cmd": "load", "scenario": "<TOML text>"}')
        steps = request.get("steps", True)
        if not isinstance(steps, bool):
            raise RequestError("steps is true (play the scenario's steps) or false (its start)")
        key = given[0]
        value = request[key]
        if key == "position":
            game = session.from_json(value)
        elif not isinstance(value, str):
            raise RequestError(f"{key} is a string" + (" (the scenario's TOML text)" if key == "scenario" else " (a path)"))
        elif key == "scenario":
            game = session.loads(value, steps=steps)
        else:
            game = session.load(value, steps=steps)
        self.game = game
        return self._status()

    def _moves(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..engine.moves import KINDS, step_toml

        game = self._need()
        player = request.get("player")
        if player is not None and player not in game.state.player_ids:
            raise IllegalActionError(f"there is no player {json.dumps(player)}", hint="players: " + ", ".join(game.state.player_ids))
        order = list(KINDS)
        found = sorted(game.legal_actions(player), key=lambda a: order.index(a.verb))
        return {"actions": [{"kind": a.verb, "player": a.player, "step": plain(a.to_step()), "toml": step_toml(a.to_step())}
                            for a in found], **self._status()}

    def _take(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._need()
        action = request.get("action")
        if isinstance(action, dict) and isinstance(action.get("step"), dict):
            action = action["step"]  # an element of moves' actions
        if not isinstance(action, dict):
            raise RequestError("take needs action: an element of moves' actions, or its step table",
                               hint='{"cmd": "take", "action": {"play": "x", "by": "A"}}')
        game.take(action)
        return {**self._status(), "log": self._log()}

    def _answer(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._need()
        if "value" not in request:
            raise RequestError("answer needs value: one of the pending decision's answers",
                               hint='{"cmd": "answer", "value": true}')
        game.answer(request["value"])
        return {**self._status(), "log": self._log()}

    def _log(self) -> list[dict[str, Any]]:
        """What the take or answer just made did: its log events as ``resolve --json`` writes them."""
        return [event_json(e) for e in self._need().log]

    def _position(self, _request: dict[str, Any]) -> dict[str, Any]:
        return {"position": self._need().to_json()}

    def _scenario(self, _request: dict[str, Any]) -> dict[str, Any]:
        return {"scenario": self._need().to_scenario()}

    def _undo(self, _request: dict[str, Any]) -> dict[str, Any]:
        self._need().undo()
        return self._status()

    def _quit(self, _request: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {}


def serve(read: TextIO, write: TextIO) -> int:
    """Answer each line of ``read`` on ``write`` until ``quit`` or the end of the input; 0."""
    engine = Engine()
    for line in iter(read.readline, ""):
        if not line.strip():
            continue
        try:
            response = engine.respond(line)
        except Exception as exc:  # a bug: said plainly, the session goes on
            error = VsOracleError(f"internal error: {type(exc).__name__}: {exc}",
                                  hint="please report it with the request that caused it")
            response = {"ok": False, **error_document(error, 3)}
        write.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
        write.flush()
        if engine.done:
            break
    return 0


def register(app: typer.Typer) -> None:
    @app.command("engine")
    def engine() -> None:
        """Serve the engine to another program: JSON lines on standard input and output.

        One request a line ({"cmd": "load", "scenario": "<TOML>"}, moves, take, answer, position,
        scenario, undo, quit), one response a line, each with "ok". See vsoracle docs protocol.
        """
        raise typer.Exit(serve(sys.stdin, sys.stdout))
