"""Card data: the printed cards, loaded from ``cards/*.toml``, and lookup by number or title."""

from .model import Card, CardType
from .load import load_card_file, load_database, default_database, card_from_table
from .lookup import CardDB, normalize_title
from .sets import SET_CODES, known_set_codes

__all__ = ["Card", "CardType", "CardDB", "load_card_file", "load_database", "default_database", "card_from_table",
           "normalize_title", "SET_CODES", "known_set_codes"]
