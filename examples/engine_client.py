"""A client of ``vsoracle engine`` (docs/protocol.md): plays a scenario's steps to its end.

It starts ``vsoracle engine`` as a subprocess, loads the scenario's position (``steps: false``),
then sends each of its ``[[step]]`` tables as a ``take``; a step the scenario says is refused
must be refused, and a decision the steps leave open is answered with its first legal answer
(``vsoracle resolve`` would explore every answer). It prints what each action and answer did
(the ``log`` of its response: each event with the rule it cites). At the end it prints the
position's summary and the legal actions, then quits. Run from the repository root::

    python examples/engine_client.py examples/four-yes-or-no.toml
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from typing import Any

#: What a scenario's step may say besides the action: the checks and notes are the scenario's, not the engine's.
NOT_THE_ACTION = ("check", "note", "rejected", "allowed")


class Engine:
    """``vsoracle engine`` in a subprocess: one request, one response."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8")

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        response: dict[str, Any] = json.loads(self.process.stdout.readline())
        return response

    def close(self) -> int:
        self.ask({"cmd": "quit"})
        return self.process.wait(timeout=30)


def show_log(reply: dict[str, Any]) -> None:
    """What a take or an answer did: its log events, each with its citation."""
    for event in reply["log"]:
        print(f"    {event['text']}" + (f" [{event['cite']}]" if event["cite"] else ""))


def play(path: str, command: list[str]) -> int:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    engine = Engine(command)
    status = engine.ask({"cmd": "load", "scenario": text, "steps": False})
    if not status["ok"]:
        print("load:", status["error"]["text"])
        return 2
    for number, step in enumerate(data.get("step", []), 1):
        action = {k: v for k, v in step.items() if k not in NOT_THE_ACTION}
        if set(action) <= {"by", "choose"}:
            continue  # a step of checks only
        reply = engine.ask({"cmd": "take", "action": action})
        if step.get("rejected"):
            print(f"step {number}: refused, as the scenario says: {reply['error']['message']}" if not reply["ok"]
                  else f"step {number}: the scenario says refused, but the engine took it")
            if reply["ok"]:
                return 1
            continue
        if not reply["ok"]:
            print(f"step {number}: {reply['error']['text']}")
            return 1
        print(f"step {number}: {json.dumps(action)}")
        show_log(reply)
        status = reply
        while status["pending"] is not None:
            question = status["pending"]
            value = question["answers"][0]
            print(f"  {question['prompt']}: {question['text'][0]} (the first answer)")
            status = engine.ask({"cmd": "answer", "value": value})
            if not status["ok"]:
                print("  answer:", status["error"]["text"])
                return 1
            show_log(status)
    moves = engine.ask({"cmd": "moves"})
    position = engine.ask({"cmd": "position"})["position"]["position"]
    players = [(p["id"], p.get("endurance", 50)) for p in position["players"]]
    print(f"end: turn {moves['turn']} {moves['phase']}, priority {moves['priority']}, "
          + ", ".join(f"{pid} endurance {e}" for pid, e in players)
          + f"; {len(moves['actions'])} legal action{'s' if len(moves['actions']) != 1 else ''}")
    return engine.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python examples/engine_client.py SCENARIO.toml", file=sys.stderr)
        sys.exit(2)
    sys.exit(play(sys.argv[1], [sys.executable, "-m", "vsoracle", "engine"]))
