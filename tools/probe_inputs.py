"""The probes of issue 14, run again: malformed inputs, special files, planted, corrupted and
foreign cache files, a file saved during the run, concurrent runs. Prints the figures the
issue asks for (inputs tried, clean errors, crashes, hangs, planted files executed, stale or
wrong answers) and exits 1 if any crash, hang, execution or wrong answer was seen.

    python tools/probe_inputs.py [--inputs 1000] [--seed 14]

Malformed inputs run in this process through the command's own entry (``vsoracle.cli``'s fast
path), each three times — answered, answered again from the cache, and with ``--no-cache`` — and
the three must agree. Everything uses a temporary cache folder, never the user's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import pickle
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 20

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
    from vsoracle.cli.report import answer

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally: dict = {k: 0 for k in ("inputs tried", "answers", "clean errors", "unclean errors", "crashes", "hangs",
                                  "planted files tried", "planted files executed", "corrupted cache files tried",
                                  "foreign cache files tried", "runs with a save during the run", "concurrent runs",
                                  "stale or wrong answers")}
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache-inputs")
        os.environ.pop("VSORACLE_NO_CACHE", None)
        sys.path.insert(0, str(ROOT))
        start = time.perf_counter()
        probe_inputs(args.inputs, rng, tmp, tally)
        probe_special_files(tmp, tally)
        probe_caches(tmp, rng, tally)
        probe_saved_during_run(tmp, rng, tally)
        probe_concurrent(tmp, tally)
        tally["seconds"] = round(time.perf_counter() - start)
    for key, value in tally.items():
        if isinstance(value, list):
            print(f"{key}:")
            for item in value[:10]:
                print(f"    {item}")
        else:
            print(f"{key:<34} {value}")
    bad = tally["crashes"] + tally["hangs"] + tally["planted files executed"] + tally["stale or wrong answers"] \
        + tally["unclean errors"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
