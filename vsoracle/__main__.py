"""``python -m vsoracle``: the same as the ``vsoracle`` command."""

from .cli import main

main()
