"""Parsed texts are kept as data: read back equal, and a damaged or foreign record is a miss,
never a wrong reading."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from vsoracle.text import nodes as n
from vsoracle import caches
from vsoracle.text import read, render, store
from vsoracle.text.data import from_data, to_data

ROOT = Path(__file__).resolve().parents[2]


def _card_texts() -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "cards").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if card.get("text", "").strip():
                out.append((card["text"], card["name"]))
    return out


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    monkeypatch.setattr(store, "_known", {})
    return tmp_path / "cache" / "vsoracle"


@pytest.mark.parametrize("text, name", _card_texts(), ids=lambda x: x[:30] if isinstance(x, str) else x)
def test_every_card_text_survives_data_and_json(text, name):
    ast = read.read_card_text(text, name)
    back = from_data(json.loads(json.dumps(to_data(ast))))
    assert back == ast
    assert render(back, name) == render(ast, name)  # display fields come back too


@pytest.mark.parametrize("data, why", [
    ({"node": "os.system", "command": "true"}, "unknown node"),
    ({"node": "Draw", "count": {"node": "Fixed", "n": 1}, "evil": 1}, "has no field"),
    ({"node": "Fixed"}, "bad Fixed"),
    ({"node": "Sequence", "steps": 3.5}, "not node data"),
    ([[[[[[[[[[]]]]]]]]]] * 1, None),
])
def test_only_node_data_becomes_nodes(data, why):
    if why is None:
        assert from_data(data) == ((((((((((),),),),),),),),),)
        return
    with pytest.raises(ValueError, match=why):
        from_data(data)


def test_a_text_is_read_back_from_the_store_without_parsing(cache_home, monkeypatch):
    text = "Whenever Songbird attacks, you may ready her."
    first = store.parse_stored(text, "Songbird")
    assert list(cache_home.glob("card-texts-*/*.json"))
    monkeypatch.setattr(store, "_known", {})
    monkeypatch.setattr(read, "read_card_text", lambda *a: pytest.fail("parsed again"))
    assert store.parse_stored(text, "Songbird") == first


def test_a_damaged_or_swapped_record_is_a_miss(cache_home, monkeypatch):
    text, other = "Draw a card.", "Draw two cards."
    store.parse_stored(text)
    store.parse_stored(other)
    (path_a, _), (path_b, _) = store._record(text, None), store._record(other, None)
    path_a.write_bytes(path_b.read_bytes())  # another text's (validly sealed) record
    monkeypatch.setattr(store, "_known", {})
    assert store.parse_stored(text) == read.read_card_text(text)
    record = json.loads(path_b.read_text(encoding="utf-8"))
    record["data"]["powers"][0]["effect"]["count"]["n"] = 5  # edited by hand: the seal breaks
    path_b.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(store, "_known", {})
    assert store.parse_stored(other).powers[0].effect.count == n.Fixed(2)


@pytest.mark.parametrize("edit", [
    lambda effect: effect["count"].update(n="2"),                       # a string where a number goes
    lambda effect: effect.update(count=2),                              # a number where a node goes
    lambda effect: effect["count"].update(n=True),                      # a boolean is not a number
    lambda effect: effect.update(count={"node": "CardText", "powers": []}),  # a node of another kind
], ids=["string-for-number", "number-for-node", "boolean-for-number", "wrong-node"])
def test_a_record_edited_and_sealed_again_with_a_wrong_type_is_a_miss(cache_home, monkeypatch, edit):
    """Issue 24, case 9: the seal is a checksum, so the folder's owner can edit a record and seal it
    again; a field of the wrong type must still be a miss (the text parsed again), never a crash."""
    text = "Draw two cards."
    store.parse_stored(text)
    path, key = store._record(text, None)
    record = json.loads(path.read_text(encoding="utf-8"))
    edit(record["data"]["powers"][0]["effect"])
    caches.write_record(path, store.KIND, key, record["data"])          # sealed again, as the owner can
    assert caches.read_record(path, store.KIND, key) == record["data"]
    monkeypatch.setattr(store, "_known", {})
    assert store.parse_stored(text) == read.read_card_text(text)
