"""vsoracle: a rules oracle for the Vs. System trading card game.

Card text is the program: a lark grammar turns card text into an effect AST,
and the engine plays that AST by the rules, logging every rule it applies.
The layers depend one way: cards -> text -> engine -> scenario -> cli.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
