"""What exploring costs as a decision grows (issue 14): wall time and peak memory of
``vsoracle resolve --no-cache --quiet`` in a process of its own, for

- one character printing the same triggered power 10, 40 and 80 times (it attacks: the
  identical triggers need ordering), and
- an unscripted "choose a character" among 50, 200 and 400 characters.

    python bench/explore.py [--json]

``rows()`` is what ``bench/run.py`` reports. Before issue 14: 10 identical triggers took 8 s and
315 MB to reach the budget, 80 took 44 s and 1.9 GB; the choice took 0.2 s at 50, 3.1 s at 200
and 22.8 s at 400.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRIGGERS = (10, 40, 80)
CANDIDATES = (50, 200, 400)


def identical_triggers(n: int) -> str:
    """A character whose card prints one triggered power ``n`` times attacks; all resolve."""
    lines = "\n".join(["Whenever Drummer attacks, you gain 1 endurance."] * n)
    return f'''[scenario]
title = "{n} identical triggers"

[[card]]
name = "Drummer"
type = "character"
cost = 1
atk = 9
def = 9
affiliations = ["Avengers"]
text = """
{lines}
"""

[game]
phase = "combat"

[players.A]
characters = [{{ card = "Drummer", id = "d" }}]

[players.B]

[[step]]
attack = ["d"]
target = "B"

[[step]]
resolve = "all"

[check]
A.endurance = {50 + n}
'''


def a_choice_among(n: int) -> str:
    """A plot twist that chooses one of ``n`` characters on resolution, unscripted."""
    chars = "\n".join(f'[[players.A.characters]]\ncard = "Trooper"\nid = "t{i}"\ncol = {i + 1}\n' for i in range(n))
    return f'''[scenario]
title = "a choice among {n}"

[[card]]
name = "Trooper"
version = "Army"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Squadron Supreme"]
text = ""

[[card]]
name = "Rally"
type = "plot twist"
cost = 0
text = "Choose a Squadron Supreme character you control. It gets +1 ATK this turn."

[game]
phase = "build"
step = "recruit"

[players.A]
hand = [{{ card = "Rally", id = "r" }}]

{chars}
[players.B]

[[step]]
play = "r"

[[step]]
resolve = "top"

[check]
r.zone = "ko_pile"
'''


def measure(text: str) -> dict:
    """Wall time (s), peak memory (MB) and exit code of one ``vsoracle resolve`` of ``text``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.toml"
        path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "vsoracle", "resolve", str(path), "--no-cache", "--quiet"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _pid, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode("utf-8", "replace").strip()
        proc.stderr.close()
    return {"seconds": round(seconds, 3), "peak_mb": round(usage.ru_maxrss / 1024, 1), "exit": proc.returncode,
            "error": err}


def table() -> list[dict]:
    """Every case, measured once each in a process of its own."""
    cases = [(f"{n} identical triggers", identical_triggers(n)) for n in TRIGGERS]
    cases += [(f"a choice among {n}", a_choice_among(n)) for n in CANDIDATES]
    return [{"case": name, **measure(text)} for name, text in cases]


def rows(figures: list[dict] | None = None) -> list[tuple[str, str, float, str, object]]:
    """The bench/run.py rows: growth ratios (time at the largest size over the smallest), each
    with every size's time and memory as its detail."""
    figures = figures if figures is not None else table()
    by = {f["case"]: f for f in figures}

    def detail(names: list[str]) -> str:
        return "; ".join(f"{name}: {by[name]['seconds']:.2f} s, {by[name]['peak_mb']:.0f} MB"
                         + ("" if by[name]["exit"] == 0 else f" (exit {by[name]['exit']})") for name in names)

    triggers = [f"{n} identical triggers" for n in TRIGGERS]
    choices = [f"a choice among {n}" for n in CANDIDATES]
    ok_all = all(by[n]["exit"] == 0 for n in triggers + choices)
    t_ratio = by[triggers[-1]]["seconds"] / by[triggers[0]]["seconds"]
    c_ratio = by[choices[-1]]["seconds"] / by[choices[0]]["seconds"]
    return [
        ("6. 80 / 10 identical triggers (time ratio)", "≤ 2", t_ratio, detail(triggers),
         lambda v: ok_all and v <= 2),
        ("7. a choice among 400 / 50 (time ratio)", "≤ 8", c_ratio, detail(choices), lambda v: ok_all and v <= 8),
    ]


def main() -> int:
    figures = table()
    if "--json" in sys.argv[1:]:
        print(json.dumps(figures, indent=2))
    else:
        width = max(len(f["case"]) for f in figures)
        print(f"{'case'.ljust(width)}  {'time':>8}  {'peak':>8}  exit")
        for f in figures:
            print(f"{f['case'].ljust(width)}  {f['seconds']:>6.2f} s  {f['peak_mb']:>5.0f} MB  {f['exit']}"
                  + (f"  {f['error'][:120]}" if f["error"] else ""))
    return 0 if all(f["exit"] == 0 for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
