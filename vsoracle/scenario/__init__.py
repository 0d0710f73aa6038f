"""Scenarios: load a position and steps from TOML (:mod:`.load`), run them, answering or
exploring every decision (:mod:`.run`), and check the expectations (:mod:`.checks`).
The pytest plugin (:mod:`.plugin`) collects scenario files as tests.

Import from the submodules; this package imports nothing on its own, so that the
pytest plugin stays light to load.
"""
