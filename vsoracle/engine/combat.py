"""Attack conclusion (CR 407): the comparison, stuns and breakthrough, through the event pipeline.

ATK and DEF are compared first; then the stuns happen (each with its stun endurance loss) and
breakthrough, which replacement modifiers may replace (FAQ GM 8, SC 24). What would replace the
breakthrough is read with the comparison, before anyone is stunned (FAQ SC 24: she is stunned
and still replaces it). Triggers from the conclusion go on the chain after the attack has
concluded. Proposing attacks and reinforcing are players' actions (:mod:`.actions`).
"""

from __future__ import annotations

from ..text import nodes as n
from .effects import Plan, carry_out, perform, prepare
from .primitives import happening
from .game import Decision, Game
from .log import Figures
from .query import query
from .state import ChainLink, Zone
from .values import replace

__all__ = ["conclude_attack", "end_attack"]


def conclude_attack(g: Game, link: ChainLink) -> None:
    """Attack conclusion: ATK/DEF are compared first, then stuns (with stun endurance loss) and
    breakthrough, which replacement modifiers may replace (FAQ GM 8, SC 24)."""
    s = g.state
    a = s.attack
    if a is None:
        g.note("attack", "no attack in progress", "CR 407")
        return
    q = query(s)
    attackers = [x for x in a.attackers if s.obj(x).zone is Zone.IN_PLAY]
    if not attackers:
        g.note("attack", "no attackers remain: the attack ends without a conclusion", "CR 407")
        return end_attack(g)
    atk_total = sum(q.atk(s.obj(x)) for x in attackers)
    if a.player is not None:
        g.note("attack", f"attack conclusion: {', '.join(attackers)} ({atk_total} ATK) attacked {a.player} directly",
               "CR 407 [FML]")
        plans = [_breakthrough_plan(g, x, a.player, None, q.atk(s.obj(x)),
                                    f"{x}'s {q.atk(s.obj(x))} ATK to {a.player}, attacked directly",
                                    (("attacker", x), (f"{x}'s ATK", q.atk(s.obj(x))))) for x in attackers]
        for plan in plans:
            if plan is not None:
                carry_out(g, plan)
        return end_attack(g)
    defenders = [x for x in a.defenders if s.obj(x).zone is Zone.IN_PLAY and not s.obj(x).stunned]
    if not defenders:
        return _no_defender(g, attackers)
    d = s.obj(defenders[0])
    ddef, datk = q.defense(d), q.atk(d)
    struck = attackers[0]
    if len(attackers) > 1:
        struck = g.ask(Decision(d.controller, "strike", f"{d.controller} chooses the team attacker {d.id} strikes",
                                tuple(attackers)))
    sdef = q.defense(s.obj(struck))
    defender_stunned = atk_total >= ddef
    attacker_stunned = datk >= sdef
    team = a.is_team
    negative = [f"{o.id}'s {v} {st.upper()}" for o, st in [(s.obj(x), "atk") for x in attackers]
                + [(d, "def"), (d, "atk"), (s.obj(struck), "def")] if (v := q.raw_stat(o, st)) < 0]
    compared = (*((f"{x}'s ATK", q.atk(s.obj(x))) for x in attackers), (f"{d.id}'s DEF", ddef),
                (f"{d.id}'s ATK", datk), (f"{struck}'s DEF", sdef))
    g.note("attack", f"attack conclusion: {' + '.join(attackers)} {atk_total} ATK vs {d.id} {ddef} DEF; "
           f"{d.id} {datk} ATK vs {struck} {sdef} DEF (compared before any replacement"
           + (f"; {', '.join(dict.fromkeys(negative))} counts as 0" if negative else "") + ")",
           "CR 407; FAQ SC 24; CR 104 [C4]" if negative else "CR 407; FAQ SC 24",
           "A-NEGATIVE" if negative else None, figures=compared)
    reinforced = q.reinforced(d)
    through = atk_total - ddef
    breakthrough: Plan | None = None
    if defender_stunned and through > 0:
        if team:
            g.note("breakthrough", "a team attack causes no breakthrough", "CR 407 [CYC]")
        elif reinforced:
            g.note("breakthrough", f"{d.id} is reinforced: no breakthrough", "CR 507.1c [CO5]")
        else:
            breakthrough = _breakthrough_plan(g, attackers[0], d.controller, d.id, through,
                                              f"{attackers[0]}'s {atk_total} ATK − {d.id}'s {ddef} DEF",
                                              (("attacker", attackers[0]), (f"{attackers[0]}'s ATK", atk_total),
                                               ("defender", d.id), (f"{d.id}'s DEF", ddef)))
    # The comparison's stuns and breakthrough happen at the same time (rules digest §12.3 [K];
    # assumption A-LEFT-ATTACK): each sets off triggers as the position was before any of them
    # (digest §6.1 [S:CCR], assumption A-LOOK-BACK), so a defender stunned first still "stuns" the
    # attacker it strikes back at.
    picture = g.state
    stunned_now = False
    if defender_stunned:
        agent = tuple(attackers) if team else attackers[0]
        stunned_now = perform(g, happening(n.Stun, object=d.id, agent=agent, why=f"{atk_total} ATK ≥ {ddef} DEF",
                                           cite="CR 407", comparison=True,
                                           figures=(("ATK", atk_total), (f"{d.id}'s DEF", ddef))), before=picture)
    if attacker_stunned:
        perform(g, happening(n.Stun, object=struck, agent=d.id, why=f"{datk} ATK ≥ {sdef} DEF", cite="CR 407",
                             comparison=True, figures=((f"{d.id}'s ATK", datk), (f"{struck}'s DEF", sdef))),
                before=picture)
    if breakthrough is not None and (stunned_now or g.state.obj(d.id).stunned):
        carry_out(g, breakthrough, before=picture)
    end_attack(g)


def _no_defender(g: Game, attackers: list[str]) -> None:
    """The defender is no longer in the attack at its conclusion (it evaded, was stunned by an
    effect, was removed from the attack or left play): there is no comparison — nothing strikes
    back, nothing breaks through — and the attackers still in the attack ready ([M481]:
    "the attacker will ready because the defender is no longer there"; a team attack's
    attackers alike, assumption A-LEFT-ATTACK). An attacker no longer in the attack does not
    ready ([FMS])."""
    g.note("attack", "attack conclusion: the defender is no longer in the attack, so there is no comparison: "
           "nothing strikes back and there is no breakthrough", "CR 407 [M481, CO6]", "A-LEFT-ATTACK")
    for x in attackers:
        o = g.state.obj(x)
        if o.zone is Zone.IN_PLAY and o.exhausted and not o.stunned:
            perform(g, happening(n.Ready, object=x, why="its defender is no longer in the attack",
                                 cite="CR 407 [M481, CO6]"))
    end_attack(g)


def _breakthrough_plan(g: Game, attacker: str, player: str, defender: str | None, amount: int, how: str,
                       figures: Figures) -> Plan | None:
    """Breakthrough about to happen: nothing if the attacker cannot cause breakthrough (then
    there is nothing to replace, FAQ GM 8), else the event and the replacement that applies
    (the attacker's controller chooses among several, FAQ GM 8). ``how`` and ``figures`` say how
    the amount was computed, for the log."""
    if amount <= 0:
        return None
    h = happening(n.Breakthrough, agent=attacker, player=player, amount=amount, attacking=defender,
                  why=f"breakthrough from {attacker}", cite="CR 407", how=f"breakthrough from {attacker}: {how}",
                  figures=figures)
    return prepare(g, h)


def end_attack(g: Game) -> None:
    """The attack is over: "this attack" modifiers end (assumption A-ATTACK-DURATION)."""
    s = g.state
    g.set(replace(s, attack=None,
                  modifiers=tuple(m for m in s.modifiers if m.duration != "attack"),
                  replacements=tuple(r for r in s.replacements if r.duration != "attack")))
    g.note("attack", "the attack has concluded; \"this attack\" effects end", "CR 407")
