"""The card-text AST as one namespace, ``from vsoracle.text import nodes as n``: the shared parts
and the modes (:mod:`vsoracle.text.ast`) and the node of every event family named here
(:mod:`vsoracle.text.events`, one module each).

A family added later need not be named here: its engine piece imports its node from its own
module, and the families' table (:data:`vsoracle.text.events.FAMILIES`) knows every one;
:func:`node_classes` lists every node class there is.
"""

from __future__ import annotations

from .ast import *  # noqa: F401,F403 — the shared parts and the modes
from .ast import Node as _Node
from .ast import __all__ as _SHARED
from .events import FAMILIES as _FAMILIES
from .events.attack import Attack as Attack
from .events.become_defender import BecomeDefender as BecomeDefender
from .events.become_target import BecomeTarget as BecomeTarget
from .events.breakthrough import Breakthrough as Breakthrough
from .events.change_target import ChangeTarget as ChangeTarget
from .events.counter import Counter as Counter
from .events.defend import Defend as Defend
from .events.discard import Discard as Discard
from .events.draw import Draw as Draw
from .events.either_event import EitherEvent as EitherEvent
from .events.endurance import Endurance as Endurance
from .events.enter_play import EnterPlay as EnterPlay
from .events.exhaust import Exhaust as Exhaust
from .events.gain_control import GainControl as GainControl
from .events.hunt import Hunt as Hunt
from .events.game_end import GameEnd as GameEnd
from .events.ko import KO as KO
from .events.leave_play import LeavePlay as LeavePlay
from .events.look_at import LookAt as LookAt
from .events.move import Move as Move
from .events.negate import Negate as Negate
from .events.play import Play as Play
from .events.power_up import PowerUp as PowerUp
from .events.rally import Rally as Rally
from .events.ready import Ready as Ready
from .events.recover import Recover as Recover
from .events.recruit import Recruit as Recruit
from .events.reinforce import Reinforce as Reinforce
from .events.remove_from_attack import RemoveFromAttack as RemoveFromAttack
from .events.replace import Replace as Replace
from .events.resource_points import ResourcePoints as ResourcePoints
from .events.reveal import Reveal as Reveal
from .events.search import Search as Search
from .events.shuffle import Shuffle as Shuffle
from .events.stun import Stun as Stun
from .events.turn import Turn as Turn
from .events.use_power import UsePower as UsePower


def node_classes() -> dict[str, type[_Node]]:
    """Every node class of the language by its name: the shared parts and every event family's."""
    from . import ast

    out: dict[str, type[_Node]] = {}
    for name in _SHARED:
        cls = getattr(ast, name)
        if isinstance(cls, type) and issubclass(cls, _Node):
            out[name] = cls
    for cls in _FAMILIES:
        if cls.__name__ in out and out[cls.__name__] is not cls:
            raise TypeError(f"two node classes are named {cls.__name__}")
        out[cls.__name__] = cls
    return out
