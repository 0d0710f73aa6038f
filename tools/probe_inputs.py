"""The probes of issues 14 and 24, run again: malformed inputs, special files, planted, corrupted
and foreign cache files, a file saved during the run, concurrent runs — and issue 24's families:
control characters in every field and argument, huge numbers in files and on the command line,
shapes that cost more than their size (quadratic readings, large decks), ``play``'s inputs and
saves, and planted links at every file vsoracle writes. Prints the figures the issues ask for
(inputs tried, clean errors, crashes, hangs, memory blow-ups, files clobbered, raw control
characters printed, planted files executed, stale or wrong answers) and exits 1 if any crash,
hang, blow-up, clobbered file, raw control character, execution or wrong answer was seen.

    python tools/probe_inputs.py [--inputs 1000] [--seed 14] [--only FAMILY ...]

Malformed inputs run in this process through the command's own entry (``vsoracle.cli``'s fast
path), each three times — answered, answered again from the cache, and with ``--no-cache`` — and
the three must agree. The shapes run as real processes, each timed and its peak memory read
(``os.wait4``): past :data:`SHAPE_TIMEOUT_S` is a hang, past :data:`BLOW_UP_MB` a memory blow-up.
Everything uses a temporary cache folder, never the user's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import pickle
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 20

#: A shape (run as a process) that takes longer than this is a hang.
SHAPE_TIMEOUT_S = 120
#: A process whose peak memory passes this is a memory blow-up (reading the largest legal file,
#: 1 MB of keys of 24 parts, takes about 250 MB).
BLOW_UP_MB = 350

#: What a terminal acts on: never printed raw (issue 24, case 2).
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")

NASTY_VALUES = [
    "[1]", '[["Avengers"]]', '[1, "a"]', "-1", "0", "1", "true", "false", '""', '"Y"', '"A"', '"chain"',
    '"' + "x" * 100_000 + '"', "9" * 40, "1e400", "nan", "inf", "{}", "{ atk = \"one\" }", "[]",
    "[" * 600 + "]" * 600, "{ a = " * 300 + "1" + " }" * 300, "1979-05-27T07:32:00Z", "'''a\nb'''",
    '"\\u0000"', '"\u202e"', "[true, 1, \"x\", 2.5]", "2.5", "-0", "+7",
]
NASTY_LINES = ["[[step]]", "[check]", "choose = [0]", "choose = [1]", "col = 0", "col = -1", "[players.Y]",
               'id = "B"', "has = [1]", "x" * 100_000 + " = 1", "[a." * 200 + "b" + "]", "\x00", "= =",
               "[[players.A.characters]]", 'card = "Thor"', "resolve = \"all\"", "advance = \"next-turn\""]


def seeds() -> list[str]:
    files = sorted((ROOT / "examples").glob("*.toml")) + sorted((ROOT / "tests" / "faq").glob("*.scenario.toml"))
    return [f.read_text(encoding="utf-8") for f in files]


def mutate(text: str, rng: random.Random) -> bytes:
    """One malformed variant of a scenario text."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        i = rng.randrange(len(lines)) if lines else 0
        if kind == 0 and lines:
            del lines[i]
        elif kind == 1 and lines:
            lines.insert(i, lines[i])
        elif kind == 2:
            lines.insert(i, rng.choice(NASTY_LINES))
        elif kind in (3, 4) and lines:
            with_value = [n for n, line in enumerate(lines) if " = " in line]
            if with_value:
                n = rng.choice(with_value)
                lines[n] = lines[n].split(" = ", 1)[0] + " = " + rng.choice(NASTY_VALUES)
        elif kind == 5 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 6:
            lines = lines[: rng.randrange(len(lines) + 1)]
        else:
            quoted = [n for n, line in enumerate(lines) if '"' in line]
            if quoted:
                n = rng.choice(quoted)
                lines[n] = lines[n].replace('"', '"' + rng.choice(["Y", "A", "", "x" * 5000, "é", "\\n"]), 1)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    wrap = rng.randrange(12)
    if wrap == 0:
        data = "\ufeff".encode() + data
    elif wrap == 1:
        data = data.replace(b"\n", b"\r\n")
    elif wrap == 2:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes([rng.randrange(128, 256)]) + data[at:]
    elif wrap == 3:
        data = data[: rng.randrange(len(data) + 1)]
    return data


WHOLE = [b"", b"   \n\n", b"# only a comment\n", b'[scenario]\ntitle = "x"\n', b"#" * (1024 * 1024 + 1),
         b"\xef\xbb\xbf", b"\x00" * 100, "\ufeff[game]\n".encode()]


class Timeout(Exception):
    pass


def _alarm(_signum, _frame):
    raise Timeout


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """The command's fast path in this process: (exit code, stdout, stderr); 124 on a hang."""
    from vsoracle.cli import _fast_resolve

    out, err = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = _fast_resolve(["resolve", *args])
    except Timeout:
        code = 124
    except BaseException as exc:  # noqa: BLE001 - counting what escapes is the point
        err.write(f"ESCAPED {type(exc).__name__}: {exc}\n")
        code = 99
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return code if code is not None else 98, out.getvalue(), err.getvalue()


def run_main(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Any ``vsoracle`` command line in this process, through the console entry (the fast path,
    then typer): (exit code, stdout, stderr); 124 on a hang, 99 if an exception escaped."""
    from vsoracle.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved_argv, saved_stdin = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["vsoracle", *args], io.StringIO(stdin)
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    code: int
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
        code = 0
    except SystemExit as done:
        code = 0 if done.code is None else int(done.code) if isinstance(done.code, int) else 98
    except Timeout:
        code = 124
    except BaseException as exc:  # noqa: BLE001 - counting what escapes is the point
        err.write(f"ESCAPED {type(exc).__name__}: {exc}\n")
        code = 99
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.argv, sys.stdin = saved_argv, saved_stdin
    return code, out.getvalue(), err.getvalue()


def count_raw(tally: dict, *texts: str) -> None:
    """Count the raw control characters printed (each must have been escaped)."""
    found = sum(len(RAW_CONTROL.findall(t)) for t in texts)
    if found:
        tally["raw control characters printed"] += found
        tally.setdefault("raw examples", []).append(repr(next(t for t in texts if RAW_CONTROL.search(t))[:200]))


def judge(tally: dict, name: str, result: tuple[int, str, str], *, want: tuple[int, ...] = (0, 1, 2),
          error_for: str | None = None, lines: int = 1) -> None:
    """Tally one run: a hang (124), a crash (exit 3, or an exception that escaped), an answer, or an
    error — clean when it is one line on stderr (``lines``: ``parse`` draws its caret under it),
    starting with ``error_for:`` when given."""
    code, out, err = result
    tally["inputs tried"] += 1
    count_raw(tally, out, err)
    if code == 124:
        tally["hangs"] += 1
        tally.setdefault("hang examples", []).append(name)
    elif code not in want or code in (3, 98, 99) or "Traceback" in out + err:
        tally["crashes"] += 1
        tally.setdefault("crash examples", []).append((name, code, (err or out)[:300]))
    elif code == 2:
        one_line = err.endswith("\n") and 1 <= err.count("\n") <= lines and len(err.split("\n", 1)[0]) < 2000
        if one_line and (error_for is None or err.startswith(error_for)):
            tally["clean errors"] += 1
        elif out.lstrip().startswith("{") and '"error"' in out:  # --json: the error document on stdout
            tally["clean errors"] += 1
        else:
            tally["unclean errors"] += 1
            tally.setdefault("unclean examples", []).append((name, err[:300]))
    else:
        tally["answers"] += 1


def clean_error(path: str, err: str) -> bool:
    return err.endswith("\n") and err.count("\n") == 1 and err.startswith(path + ":") and len(err) < 2000 \
        and "Traceback" not in err


def probe_inputs(n: int, rng: random.Random, tmp: Path, tally: dict) -> None:
    texts = seeds()
    inputs = list(WHOLE) + [mutate(rng.choice(texts), rng) for _ in range(n - len(WHOLE))]
    for k, data in enumerate(inputs):
        path = tmp / f"input-{k}.toml"
        path.write_bytes(data)
        first = run_cli([str(path)])
        again = run_cli([str(path)])
        fresh = run_cli([str(path), "--no-cache"])
        tally["inputs tried"] += 1
        count_raw(tally, *first[1:], *again[1:], *fresh[1:])
        codes = {first[0], again[0], fresh[0]}
        if 124 in codes:
            tally["hangs"] += 1
        elif codes & {3, 98, 99}:
            tally["crashes"] += 1
            tally.setdefault("crash examples", []).append((str(path), first[2][:300]))
        elif first[0] == 2:
            if all(clean_error(str(path), r[2]) for r in (first, again, fresh)):
                tally["clean errors"] += 1
            else:
                tally["unclean errors"] += 1
                tally.setdefault("unclean examples", []).append((str(path), first[2][:300]))
        else:
            tally["answers"] += 1
        if not (first == again == fresh):
            tally["stale or wrong answers"] += 1
            tally.setdefault("mismatch examples", []).append(str(path))
        path.unlink()


def probe_special_files(tmp: Path, tally: dict) -> None:
    """Devices, folders, sockets, FIFOs with and without a writer, standard input: in real processes."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / "cache-special")}
    passing = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
    failing = passing.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"')

    def cli(*args: str, stdin: str | None = None, timeout: float = 60) -> tuple[int, str, str]:
        try:
            done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", *args], input=stdin, text=True,
                                  capture_output=True, cwd=ROOT, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            return 124, "", ""
        return done.returncode, done.stdout, done.stderr

    sock_path = tmp / "sock.toml"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock_path))
    fifo = tmp / "fifo.toml"
    os.mkfifo(fifo)
    folder = tmp / "folder.toml"
    folder.mkdir()
    cases = [(d, 2) for d in ("/dev/zero", "/dev/null", "/dev/urandom", str(folder), str(sock_path), str(fifo))]
    for name, want in cases:
        code, _out, err = cli(name, timeout=60)
        tally["inputs tried"] += 1
        if code == 124:
            tally["hangs"] += 1
        elif code == want and clean_error(name, err):
            tally["clean errors"] += 1
        else:
            tally["crashes" if code == 3 else "unclean errors"] += 1
    for name in ("-", "/dev/stdin"):
        for text, want in ((failing, 1), (passing, 0), (failing, 1)):
            code, _out, _err = cli(name, stdin=text)
            tally["inputs tried"] += 1
            tally["answers" if code == want else "stale or wrong answers"] += 1
    for text, want in ((failing, 1), (passing, 0)):
        def write() -> None:
            time.sleep(0.3)
            with open(fifo, "w", encoding="utf-8") as f:
                f.write(text)
        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        code, _out, _err = cli(str(fifo))
        writer.join(10)
        tally["inputs tried"] += 1
        tally["answers" if code == want else "stale or wrong answers"] += 1
    server.close()


class _Plant:
    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'a').write('ran\\n')",))


def probe_caches(tmp: Path, rng: random.Random, tally: dict) -> None:
    """Planted pickles everywhere a cache was ever read, damaged and foreign cache files."""
    import lark

    from vsoracle import caches
    from vsoracle.cards import load, load_database
    from vsoracle.cli import cache as answers
    from vsoracle.cli.answer import answer

    home = tmp / "cache-planted"
    os.environ["XDG_CACHE_HOME"] = str(home)
    marker = tmp / "ran"
    evil = pickle.dumps(_Plant(marker))
    example = ROOT / "examples" / "uniqueness-names.toml"
    truth = answer(example)
    folder = home / "vsoracle"
    spots = [p for p in folder.rglob("*") if p.is_file()]
    spots += [folder / "cards-0000000000000000.pickle", folder / f"vs-grammar-lark{lark.__version__}.cache",
              folder / "card-texts-0000000000000000" / "0.pickle",
              Path(tempfile.gettempdir()) / f"vs-grammar-lark{lark.__version__}.cache.probe"]
    saved = {p: p.read_bytes() for p in spots if p.exists()}
    for spot in spots:
        spot.parent.mkdir(parents=True, exist_ok=True)
        spot.write_bytes(evil)
        os.chmod(spot, 0o600)
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    for args in (["resolve", str(example)], ["parse", "Reservist"], ["cards", "check"], ["explain", str(example)]):
        subprocess.run([sys.executable, "-m", "vsoracle", *args], capture_output=True, cwd=ROOT, env=env, timeout=120)
        tally["planted files tried"] += len(spots)
    tally["planted files executed"] += marker.read_text().count("ran") if marker.exists() else 0
    spots[-1].unlink()
    for spot, data in saved.items():
        spot.write_bytes(data)
    # damaged: each cache file, flipped, cut or padded at random
    [(db_path, db_key)] = [load._remembered(sorted((ROOT / "cards").glob("*.toml")))]
    answer_path = folder / "answers" / f"{answers.key(example.read_bytes(), str(example), ('resolve', 'text', 'log'))}.json"
    assert answer_path.exists()
    fresh_cards = load_database().cards
    for path in (db_path, answer_path):
        original = path.read_bytes()
        for _ in range(300):
            b = bytearray(original)
            cut = rng.randrange(3)
            if cut == 0:
                for _ in range(rng.randint(1, 4)):
                    b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            elif cut == 1:
                del b[rng.randrange(len(b)):]
            else:
                at = rng.randrange(len(b))
                b[at:at] = os.urandom(rng.randint(1, 16))
            path.write_bytes(bytes(b))
            os.chmod(path, 0o600)
            tally["corrupted cache files tried"] += 1
            try:
                ok = load_database().cards == fresh_cards if path == db_path else answer(example) == truth
            except Exception:  # noqa: BLE001
                tally["crashes"] += 1
                continue
            if not ok:
                tally["stale or wrong answers"] += 1
        path.write_bytes(original)
    # foreign: a well-sealed record that lies, owned by someone else or writable by others
    data = caches.read_record(answer_path, "answer", answer_path.stem)
    if data is not None:
        caches.write_record(answer_path, "answer", answer_path.stem, {"output": "FORGED\n\n1 of 1 checks hold.", "code": 0})
        for mode, owner in ((0o666, None), (0o644, 4242) if os.geteuid() == 0 else (0o622, None)):
            os.chmod(answer_path, mode)
            if owner is not None:
                os.chown(answer_path, owner, owner)
            tally["foreign cache files tried"] += 1
            if answer(example) != truth:
                tally["stale or wrong answers"] += 1
            if owner is not None:
                os.chown(answer_path, os.geteuid(), os.getegid())


def probe_saved_during_run(tmp: Path, rng: random.Random, tally: dict, trials: int = 30) -> None:
    """An editor saves the other version of the file at a random moment of each run (real
    processes), then each version is asked again: its answer must be its own."""
    home = tmp / "cache-saved"
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    passing = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
    failing = passing.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"')
    path = tmp / "edited.toml"

    def resolve() -> int:
        return subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(path), "--quiet"], capture_output=True,
                              cwd=ROOT, env=env, timeout=120).returncode

    for trial in range(trials):
        first, second = (passing, failing) if trial % 2 else (failing, passing)
        path.write_text(first, encoding="utf-8")
        saver = threading.Timer(rng.uniform(0.0, 1.2), lambda: path.write_text(second, encoding="utf-8"))
        saver.start()
        resolve()
        saver.join()
        tally["runs with a save during the run"] += 1
        for text, want in ((passing, 0), (failing, 1)):
            path.write_text(text, encoding="utf-8")
            if resolve() != want:
                tally["stale or wrong answers"] += 1


def probe_concurrent(tmp: Path, tally: dict) -> None:
    """Eight processes at once over four files sharing one cache, three rounds."""
    home = tmp / "cache-concurrent"
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    files = {ROOT / "examples" / f: 0 for f in ("uniqueness-names.toml", "ultron-when-you-recruit.toml",
                                                 "four-yes-or-no.toml", "arcanna-advance-recon.toml")}
    for _ in range(3):
        procs = [(f, want, subprocess.Popen([sys.executable, "-m", "vsoracle", "resolve", str(f), "-q"], cwd=ROOT,
                                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
                 for f, want in list(files.items()) * 2]
        for f, want, proc in procs:
            proc.communicate(timeout=120)
            tally["concurrent runs"] += 1
            if proc.returncode != want:
                tally["stale or wrong answers"] += 1



# -- issue 24's families -------------------------------------------------------------------------

#: Escapes of every kind a terminal acts on: a window title (OSC ended by BEL), colours and a screen
#: clear (CSI), a one-byte CSI (C1), a hyperlink (OSC 8), a carriage return, a backspace, DEL, the
#: line separator and a right-to-left override; as TOML writes them inside a basic string.
ESCAPES = ["\\u001b]0;owned\\u0007", "\\u001b[31m", "\\u001b[2J", "\\u009b2J", "\\u001b]8;;http://x\\u001b\\\\",
           "\\r", "\\b", "\\u007f", "\\u2028", "\\u202e", "\\u0007", "\\t", "\\u0000"]


def _example(name: str = "uniqueness-names.toml") -> str:
    return (ROOT / "examples" / name).read_text(encoding="utf-8")


def probe_control_characters(tmp: Path, rng: random.Random, tally: dict, n: int = 120) -> None:
    """Case 2: escapes in a title, a card's name, an id, a key, a value, a check's property, a
    file's name and an argument, through every command that prints them: nothing raw comes out."""
    text = _example()
    places: list[Callable[[str, str], str]] = [
        lambda t, e: t.replace('title = "Recruiting', f'title = "{e}Recruiting'),
        lambda t, e: t.replace('name = "Yellowjacket"', f'name = "Yellow{e}jacket"').replace(
            '"Yellowjacket, Rita DeMara"', f'"Yellow{e}jacket, Rita DeMara"'),
        lambda t, e: t.replace('id = "rita"', f'id = "ri{e}ta"').replace("rita.zone", f'"ri{e}ta".zone'),
        lambda t, e: t.replace("[game]", f'[game]\n"ke{e}y" = 1'),
        lambda t, e: t.replace('phase = "build"', f'phase = "bu{e}ild"'),
        lambda t, e: t.replace('rita.zone = "in_play"', f'rita."zo{e}ne" = "in_play"'),
        lambda t, e: t.replace('card = "Hank Pym ◊ Yellowjacket"', f'card = "Hank{e}"'),
        lambda t, e: t.replace('source = "Avengers', f'source = "{e}Avengers'),
    ]
    commands = [["resolve"], ["resolve", "--no-cache"], ["resolve", "--board"], ["resolve", "--json"], ["explain"],
                ["show"], ["moves"], ["perft", "--depth", "1"]]
    for k in range(n):
        escape = "".join(rng.sample(ESCAPES, rng.randint(1, 3)))
        path = tmp / f"control-{k}.toml"
        path.write_text(rng.choice(places)(text, escape), encoding="utf-8")
        command = rng.choice(commands)
        judge(tally, str(path), run_main([command[0], str(path), *command[1:]]))
        path.unlink()
    raw = "\x1b]0;owned\x07\x1b[2J\r\x9b\u202e"
    for args in (["resolve", str(tmp / f"no{raw}such.toml")], ["parse", f"Stun {raw}."], ["parse", "Draw a card.",
                 "--name", raw], ["cards", "show", f"Thor{raw}"], ["resolve", str(tmp / f"x{raw}"), "--html",
                 str(tmp / f"page{raw}.html")], ["resolve", "--bogus" + raw], [f"co{raw}mmand"],
                 ["resolve", "--json", "--bogus" + raw]):
        judge(tally, repr(args), run_main(args), lines=3 if args[0] == "parse" else 1)
    cards = tmp / "control-cards.toml"
    cards.write_text('[set]\ncode = "EVL"\nname = "Evil"\n\n[[card]]\nname = "Ba\\u001b[2Jd"\ntype = "plot twist"\n'
                     'cost = 0\ntext = "Stun \\u001b]0;x\\u0007."\n', encoding="utf-8")
    judge(tally, str(cards), run_main(["cards", "check", str(cards)]))


def probe_numbers(tmp: Path, tally: dict) -> None:
    """Cases 1 and 10: numbers Python will not read, in a scenario, a card file, a typed step and
    on the command line; and numbers past the end of perft."""
    text = _example()
    big = "9" * 5000
    for k, edit in enumerate([("turn = 5", f"turn = {big}"), ("col = 1", f"col = {big}"),
                              ("resource_points = 8", f"resource_points = -{big}"),
                              ("cost = 4", f"cost = {big}"), ("A.resource_points = 0", f"A.resource_points = {big}"),
                              ("col = 2", f"col = 1_{big}"), ("turn = 5", f"turn = 0x{big}")]):
        path = tmp / f"number-{k}.toml"
        path.write_text(text.replace(*edit, 1), encoding="utf-8")
        judge(tally, str(path), run_main(["resolve", str(path)]))
    cards = tmp / "number-cards.toml"
    cards.write_text(f'[set]\ncode = "NUM"\nname = "N"\n\n[[card]]\nname = "Big"\ntype = "plot twist"\ncost = {big}\n',
                     encoding="utf-8")
    judge(tally, str(cards), run_main(["cards", "check", str(cards)]))
    example = str(ROOT / "examples" / "four-yes-or-no.toml")
    odd = ["²", "③", "①", "٣", big, "0", "-3", "1e3", "", " 7", "99999999999999999999", "9" * 19 + "x", "0x10"]
    for option in ("--budget", "--outcomes"):
        for value in odd:
            judge(tally, f"resolve {option} {value[:20]}", run_main(["resolve", example, option, value, "-q"]))
            judge(tally, f"resolve {option}={value[:20]}", run_main(["resolve", example, f"{option}={value}", "-q"]))
    for value in odd:
        judge(tally, f"explain --budget {value[:20]}", run_main(["explain", example, "--budget", value]))
        judge(tally, f"show --step {value[:20]}", run_main(["show", example, "--step", value]))
        judge(tally, f"perft --depth {value[:20]}", run_main(["perft", example, "--depth", value]))


def _shape_files(tmp: Path) -> list[tuple[str, list[str], Path]]:
    """Cases 3, 4, 5 and 13, and their kin: (name, the command, the file)."""
    shapes: list[tuple[str, list[str], Path]] = []

    def put(name: str, text: str, command: str = "resolve") -> None:
        path = tmp / f"shape-{name}.toml"
        path.write_text(text, encoding="utf-8")
        shapes.append((name, command.split(), path))

    put("header-100000-spaces", "[players" + " " * 100_000 + ".A]\n")
    put("header-spaces-20-lines", "".join(f"[t{k}" + " " * 49_980 + ".A]\n" for k in range(20)))
    put("key-10000-parts", "a" + ".b" * 10_000 + " = 1\n")
    put("key-30000-parts-over-lines", "".join(f"k{k}" + ".b" * 24_000 + " = 1\n" for k in range(20)))
    put("keys-of-24-parts-1MB", "".join(f"k{k}" + ".b" * 23 + " = 1\n" for k in range(17_000)))
    put("quoted-keys-1MB", "".join(f'"k{k}"' + '."b"' * 23 + " = 1\n" for k in range(9_000)))
    put("number-5000-digits", "[game]\nturn = " + "9" * 5000 + "\n")
    put("nested-arrays", "x = " + "[" * 5000 + "]" * 5000 + "\n")
    put("nested-tables", "x = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n")
    line = ", ".join(["Quicksilver"] * 100)
    naming = "Stun Quicksilver.\n" + "\n".join([line] * 250)
    card = '[set]\ncode = "SHP"\nname = "Shapes"\n\n[[card]]\nname = "Quicksilver"\ntype = "plot twist"\ncost = 3\n' \
           'text = """\n{}\n"""\n'
    put("card-text-naming-its-card-300KB", card.format(naming), "cards check")
    put("card-text-9000-characters", card.format(("Stun Quicksilver.\n" * 500)[:9000]), "cards check")
    put("card-text-quotes", card.format('Quicksilver has "' * 500), "cards check")
    for deck in (10, 2000, 20_000):
        cards = ",\n".join(['"Windstorm"'] * deck)
        put(f"deck-{deck}-cards", '[[card]]\nname = "Crossroads"\ntype = "plot twist"\ncost = 0\n'
            'text = "' + " ".join(["You may draw a card."] * 14) + '"\n\n[game]\nphase = "build"\nstep = "recruit"\n'
            'active = "A"\n\n[players.A]\nhand = [{ card = "Crossroads", id = "p" }]\n'
            f'deck = [\n{cards}\n]\n\n[[step]]\nplay = "p"\n\n[[step]]\nresolve = "top"\n')
    return shapes


def run_process(args: list[str], env: dict[str, str], timeout: float = SHAPE_TIMEOUT_S) -> tuple[int, str, str, float, float]:
    """``python -m vsoracle ARGS`` as a process: (exit code, stdout, stderr, seconds, peak MB); 124
    on a hang (the process is killed)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "vsoracle", *args], cwd=ROOT, env=env, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL, preexec_fn=_capped)
        deadline = start + timeout
        peak_kb = 0
        while True:
            peak_kb = max(peak_kb, _high_water_kb(proc.pid))
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                status = 124 << 8
                break
            time.sleep(0.02)
        proc.returncode = os.waitstatus_to_exitcode(status) if status != 124 << 8 else 124
        out.seek(0), err.seek(0)
        # the child's own high-water mark (its ru_maxrss starts at the forking parent's size)
        return (proc.returncode, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                time.perf_counter() - start, (peak_kb or usage.ru_maxrss) / 1024)


#: A shape's process may not map more than this: a blow-up ends in MemoryError, not in the machine
#: swapping (the key of 30,000 parts over 20 lines reached 16 GB before issue 24).
ADDRESS_SPACE_CAP = 3 << 30


def _capped() -> None:
    """In the child, before vsoracle starts: cap its address space."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))


def _high_water_kb(pid: int) -> int:
    """The peak resident memory of a running process, in KB (``VmHWM``: reset at exec, unlike
    ``ru_maxrss``); 0 where /proc cannot tell."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def probe_shapes(tmp: Path, tally: dict) -> None:
    """Cases 3, 4, 5 and 13: inputs shaped to cost more than their size, each a real process, timed
    and its peak memory read."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / "cache-shapes")}
    run_process(["resolve", str(ROOT / "examples" / "uniqueness-names.toml")], env)  # the caches made once
    for name, command, path in _shape_files(tmp):
        code, out, err, seconds, peak = run_process([*command, str(path)], env)
        said = (err or out).strip().splitlines()[-1][:160] if (err or out).strip() else ""
        said = said.replace(str(path), "FILE")
        tally.setdefault("shape figures", []).append(f"{name}: exit {code}, {seconds:.1f} s, {peak:.0f} MB — {said}")
        judge(tally, name, (code, out, err))
        if peak > BLOW_UP_MB:
            tally["memory blow-ups"] += 1
            tally.setdefault("blow-up examples", []).append(f"{name}: {peak:.0f} MB")
        path.unlink()


def probe_play(tmp: Path, rng: random.Random, tally: dict) -> None:
    """Cases 6, 7 and 8 in a session: odd choices and steps, saves that fail (the session must go
    on), and saves beside a planted link."""
    from vsoracle.cli.play import run_session
    from vsoracle.errors import VsOracleError

    source = (ROOT / "tests" / "cli" / "data" / "play.toml").read_text(encoding="utf-8")
    odd = ["²", "③", "①", "٣", "9" * 5000, "0", "-1", "1" * 7, "pass = " + "[" * 2000 + "]" * 2000,
           "x = " + "9" * 5000, "a" + ".b" * 10_000 + " = 1", 'x = "' + "a" * 60_000 + '"', "play = \"\\u001b[2J\"",
           "\x1b]0;owned\x07", "pass = true\rq", "= =", "{", "pass = true, pass = true", "s", "u", "u", "1", "2"]
    saves = ["/nonexistent/x.toml", ".", "/dev/full", "/dev/null", str(tmp), "/proc/self/x.toml", ""]
    for k in range(40):
        folder = tmp / f"play-{k}"
        folder.mkdir()
        file = folder / "p.toml"
        file.write_text(source, encoding="utf-8")
        victim = folder / "precious"
        victim.write_text("precious\n", encoding="utf-8")
        planted = rng.random() < 0.5
        if planted:
            (folder / "p-played.toml").symlink_to(victim)
        lines = [rng.choice(odd) for _ in range(rng.randint(1, 6))] + ["pass = true"]
        lines += [f"s {rng.choice(saves)}".rstrip() for _ in range(rng.randint(0, 3))] + [rng.choice(["q", "q!", ""])]
        said: list[str] = []
        typed = iter(lines)

        def read(_prompt: str) -> str:
            for line in typed:
                if line:
                    return line
                break
            raise EOFError

        out, err = io.StringIO(), io.StringIO()
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                from vsoracle.cli.lines import emit

                def write(text: str) -> None:
                    said.append(text)
                    emit(text)

                code = run_session(file, None, read, write)
        except Timeout:
            code = 124
        except VsOracleError as error:
            code, err = 2, io.StringIO(str(error) + "\n")
        except BaseException as exc:  # noqa: BLE001
            code = 99
            err.write(f"ESCAPED {type(exc).__name__}: {exc}\n")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        judge(tally, f"play {lines!r}"[:200], (code, out.getvalue(), err.getvalue()))
        tally["play sessions"] += 1
        if victim.read_text(encoding="utf-8") != "precious\n" or (planted and not (folder / "p-played.toml").is_symlink()):
            tally["files clobbered"] += 1
            tally.setdefault("clobbered examples", []).append(f"play {lines!r}"[:200])


def probe_planted_links(tmp: Path, tally: dict) -> None:
    """Case 8 for every file vsoracle writes: the play saves (default, s FILE, --save), the ruling
    page (--html) and every cache file (answers, card database, parsed texts, parser tables), each
    replaced by a link to a victim's file before vsoracle writes it: no victim may change."""
    home = tmp / "cache-links"
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    example = str(ROOT / "examples" / "uniqueness-names.toml")
    for args in (["resolve", example], ["parse", "Whenever Songbird attacks, you may ready her.", "--name", "Songbird"],
                 ["cards", "check"]):
        run_process(args, env)
    victims = tmp / "victims"
    victims.mkdir()
    links = [p for p in (home / "vsoracle").rglob("*") if p.is_file()]
    for k, path in enumerate(links):
        victim = victims / f"cache-{k}"
        victim.write_text("precious\n", encoding="utf-8")
        path.unlink()
        path.symlink_to(victim)
    for args in (["resolve", example], ["parse", "Whenever Songbird attacks, you may ready her.", "--name", "Songbird"],
                 ["cards", "check"], ["explain", example]):
        judge(tally, " ".join(args), run_process(args, {**env, "VSORACLE_NO_CACHE": "0"})[:3])
    tally["planted links"] += len(links)
    source = (ROOT / "tests" / "cli" / "data" / "play.toml").read_text(encoding="utf-8")
    for how in ("default", "s FILE", "--save", "--html"):
        folder = tmp / f"links-{how.replace(' ', '-')}"
        folder.mkdir()
        file = folder / "p.toml"
        file.write_text(source, encoding="utf-8")
        victim = victims / f"{folder.name}"
        victim.write_text("precious\n", encoding="utf-8")
        target = folder / ("p-played.toml" if how == "default" else "out.toml" if how != "--html" else "page.html")
        target.symlink_to(victim)
        tally["planted links"] += 1
        if how == "--html":
            result = run_main(["resolve", str(file), "--html", str(target)])
        else:
            lines = "pass = true\n" + (f"s {target}\n" if how == "s FILE" else "") + "q\n"
            args = ["play", str(file)] + (["--save", str(target)] if how == "--save" else [])
            result = _play_process(args, lines, env)
        judge(tally, f"planted link, {how}", result)
    for victim in victims.iterdir():
        if victim.read_text(encoding="utf-8") != "precious\n":
            tally["files clobbered"] += 1
            tally.setdefault("clobbered examples", []).append(victim.name)


def _play_process(args: list[str], lines: str, env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "vsoracle", *args], input=lines, text=True, capture_output=True,
                          cwd=ROOT, env=env, timeout=SHAPE_TIMEOUT_S)
    return done.returncode, done.stdout, done.stderr


FAMILIES = ("inputs", "special-files", "caches", "saved-during-run", "concurrent", "control-characters", "numbers",
            "shapes", "play", "planted-links")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--only", nargs="+", choices=FAMILIES, help="run only these families")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally: dict = {k: 0 for k in ("inputs tried", "answers", "clean errors", "unclean errors", "crashes", "hangs",
                                  "memory blow-ups", "files clobbered", "raw control characters printed",
                                  "planted files tried", "planted files executed", "planted links", "play sessions",
                                  "corrupted cache files tried", "foreign cache files tried",
                                  "runs with a save during the run", "concurrent runs", "stale or wrong answers")}
    run = set(args.only or FAMILIES)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache-inputs")
        os.environ.pop("VSORACLE_NO_CACHE", None)
        sys.path.insert(0, str(ROOT))
        start = time.perf_counter()
        steps: list[tuple[str, Callable[[], None]]] = [
            ("inputs", lambda: probe_inputs(args.inputs, rng, tmp, tally)),
            ("special-files", lambda: probe_special_files(tmp, tally)),
            ("caches", lambda: probe_caches(tmp, rng, tally)),
            ("saved-during-run", lambda: probe_saved_during_run(tmp, rng, tally)),
            ("concurrent", lambda: probe_concurrent(tmp, tally)),
            ("control-characters", lambda: probe_control_characters(tmp, rng, tally)),
            ("numbers", lambda: probe_numbers(tmp, tally)),
            ("shapes", lambda: probe_shapes(tmp, tally)),
            ("play", lambda: probe_play(tmp, rng, tally)),
            ("planted-links", lambda: probe_planted_links(tmp, tally)),
        ]
        for family, probe in steps:
            if family in run:
                before = tally["inputs tried"]
                began = time.perf_counter()
                probe()
                tally.setdefault("families", []).append(
                    f"{family}: {tally['inputs tried'] - before} inputs, {time.perf_counter() - began:.0f} s")
        tally["seconds"] = round(time.perf_counter() - start)
    for key, value in tally.items():
        if isinstance(value, list):
            print(f"{key}:")
            for item in value[:40 if key in ("shape figures", "families") else 10]:
                print(f"    {item}")
        else:
            print(f"{key:<34} {value}")
    bad = tally["crashes"] + tally["hangs"] + tally["planted files executed"] + tally["stale or wrong answers"] \
        + tally["unclean errors"] + tally["memory blow-ups"] + tally["files clobbered"] \
        + tally["raw control characters printed"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
