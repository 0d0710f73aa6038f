"""Card data: the printed cards, loaded from ``cards/*.toml``, and lookup by number or title."""

from .model import Card, CardType
from .load import (CARDS_VARIABLE, card_file_base, card_files, card_from_table, database, database_of,
                   default_database, load_card_file, load_database, named_card_lists, user_card_paths)
from .lookup import CardDB, normalize_title
from .sets import SET_CODES, known_set_codes

__all__ = ["Card", "CardType", "CardDB", "load_card_file", "load_database", "default_database", "database", "database_of",
           "card_files", "user_card_paths", "CARDS_VARIABLE", "card_from_table", "named_card_lists", "card_file_base",
           "normalize_title", "SET_CODES", "known_set_codes"]
