"""Combat (CR 406–407, 6xx): proposing attacks, reinforcement, attack conclusion,
stun, breakthrough and the replacement modifiers that replace it (FAQ GM 8).
"""

from __future__ import annotations

from typing import Any

from .values import replace

from ..errors import IllegalActionError
from ..text import ast
from .chain import add_link, require_empty_chain, require_priority
from .effects import execute, lose_endurance, stun
from .game import Decision, Game
from .powers import holders, powers
from .query import adjacent, protected, query
from .state import Attack, ChainLink, Context, Zone
from .triggers import fire, flush, pattern_matches

__all__ = ["propose_attack", "reinforce", "conclude_attack", "resolve_reinforce", "attack_problem"]


def _can_attack_hidden(q: Any, o: Any) -> bool:
    return q.has_change(o, ast.CanAttackHidden)


def attack_problem(g: Game, pid: str, attackers: list[str], target: str) -> str | None:
    """Why this attack cannot be proposed (``None``: it can). CR 407, 601.3; FAQ SC 19."""
    s = g.state
    q = query(s)
    if s.phase != "combat" or s.step != "attack" or s.active != pid:
        return f"{pid} can propose attacks only during {pid}'s attack step"
    if s.attack is not None:
        return "an attack is already in progress"
    if len(set(attackers)) != len(attackers):
        return "an attacker is named twice"
    objs = []
    for a in attackers:
        o = s.obj(a)
        if o.zone is not Zone.IN_PLAY or o.equipped_to:
            return f"{a} is not a character in play"
        if o.controller != pid:
            return f"{a} is not controlled by {pid}"
        if o.stunned:
            return f"{a} is stunned"
        if o.exhausted:
            return f"{a} is exhausted"
        if o.area == "hidden":
            return f"{a} is hidden: hidden characters cannot attack (assumption A-HIDDEN-ATTACKER)"
        if o.row == "support" and "range" not in q.keywords(o):
            return f"{a} is in the support row without range"
        if q.has_change(o, ast.CannotAttack):
            return f"{a} cannot attack this turn"
        objs.append(o)
    if len(objs) >= 2:
        every = [o for o in objs if not q.has_change(o, ast.TeamAttackAsThough)]
        common = None
        for o in every:
            affs = {x.casefold() for x in q.affiliations(o)}
            common = affs if common is None else common & affs
        if every and len(every) > 1 and not common:
            return "team attackers must share a team affiliation"
    hidden_ok = all(_can_attack_hidden(q, o) for o in objs)
    if target in s.player_ids:
        if target == pid:
            return "you cannot attack yourself"
        blockers = [c for c in s.characters(target) if not c.stunned and c.area == "visible"]
        if blockers:
            return f"{target} controls a non-stunned visible character ({blockers[0].id})"
        if any(_can_attack_hidden(q, o) for o in objs):
            hidden = [c for c in s.characters(target) if not c.stunned and c.area == "hidden"]
            if hidden:
                return (f"an attacker that can attack hidden characters cannot attack {target} directly while "
                        f"{target} controls a non-stunned hidden character ({hidden[0].id})")
        return None
    d = s.obj(target)
    if d.zone is not Zone.IN_PLAY or d.equipped_to:
        return f"{target} is not a character in play"
    if d.controller == pid:
        return f"{target} is your own character"
    if d.stunned:
        return f"{target} is stunned"
    if d.area == "hidden" and not hidden_ok:
        return f"{target} is hidden (CR 601.3e)"
    if protected(s, d) and not all("flight" in q.keywords(o) for o in objs):
        return f"{target} is protected (CR 701.7; flight attacks over protection, assumption A-FLIGHT)"
    return None


def propose_attack(g: Game, pid: str, attackers: list[str], target: str) -> None:
    """Propose an attack: the attackers exhaust and the attack goes on the chain; "whenever X
    attacks" triggers go on above it (assumption A-ATTACK-CHAIN)."""
    require_priority(g, pid)
    require_empty_chain(g)
    why = attack_problem(g, pid, attackers, target)
    if why:
        raise IllegalActionError(f"illegal attack: {why}")
    s = g.state
    for a in attackers:
        s = s.with_object(replace(s.obj(a), exhausted=True))
    attack = Attack(pid, tuple(attackers), () if target in s.player_ids else (target,),
                    target if target in s.player_ids else None)
    g.set(replace(s, attack=attack))
    kind = "a team attack" if len(attackers) > 1 else "an attack"
    g.note("attack", f"{pid} proposes {kind}: {', '.join(attackers)} → {target}; attackers exhaust",
           "CR 407", "A-ATTACK-CHAIN", tuple(attackers))
    add_link(g, "attack", pid, attackers[0], None, Context(pid, attackers[0]))
    for a in attackers:
        fire(g, "attacks", subject=a)
    flush(g)


def reinforce(g: Game, pid: str, defender: str, supporter: str) -> None:
    """The reinforcement game-based effect: exhaust a ready character adjacent to the defender
    that shares an affiliation with it, targeting the defender (FAQ SC 2, SC 15
    "reinforce an adjacent character"; assumption A-REINFORCE)."""
    require_priority(g, pid)
    s = g.state
    a = s.attack
    q = query(s)
    if a is None or defender not in a.defenders:
        raise IllegalActionError(f"{defender} is not a defender", hint="reinforce the character being attacked")
    d, r = s.obj(defender), s.obj(supporter)
    if d.controller != pid:
        raise IllegalActionError(f"{pid} does not control {defender}")
    problems = []
    if r.zone is not Zone.IN_PLAY or r.controller != pid:
        problems.append(f"{supporter} is not a character {pid} controls")
    elif not adjacent(r, d):
        problems.append(f"{supporter} is not adjacent to {defender}")
    elif r.stunned or r.exhausted:
        problems.append(f"{supporter} is not ready")
    elif not ({x.casefold() for x in q.affiliations(r)} & {x.casefold() for x in q.affiliations(d)}):
        problems.append(f"{supporter} shares no team affiliation with {defender}")
    if problems:
        raise IllegalActionError(f"cannot reinforce: {problems[0]}")
    g.set(s.with_object(replace(r, exhausted=True)))
    g.note("reinforce", f"{pid} plays reinforcement: {supporter} exhausts to reinforce {defender}",
           "CR 12.2 [CO5]; FAQ SC 2", "A-REINFORCE", (supporter, defender))
    add_link(g, "reinforce", pid, defender, None, Context(pid, supporter, (defender,)),
             details={"defender": defender, "supporter": supporter})
    fire(g, "reinforces", subject=supporter, object=defender)
    flush(g)


def resolve_reinforce(g: Game, link: ChainLink) -> None:
    a = g.state.attack
    defender = link.details.get("defender")
    if a is None or defender not in a.defenders:
        g.note("negate", f"{defender} is no longer a defender: reinforcement does nothing", "CR 508")
        return
    supporter = link.details.get("supporter")
    g.set(replace(g.state, attack=replace(a, reinforcers=a.reinforcers + ((supporter, defender),))))
    g.note("reinforce", f"{defender} is reinforced by {supporter}", "CR 12.2")


def conclude_attack(g: Game, link: ChainLink) -> None:
    """Attack conclusion: ATK/DEF are compared first, then stuns (with stun endurance loss)
    and breakthrough, which replacement modifiers may replace (FAQ GM 8, SC 24).
    Triggers from the conclusion go on the chain after the attack has concluded."""
    s = g.state
    a = s.attack
    if a is None:
        g.note("attack", "no attack in progress", "CR 407")
        return
    q = query(s)
    attackers = [x for x in a.attackers if s.obj(x).zone is Zone.IN_PLAY]
    if not attackers:
        g.note("attack", "no attackers remain: the attack ends without a conclusion", "CR 407")
        return _end_attack(g)
    atk_total = sum(q.atk(s.obj(x)) for x in attackers)
    if a.player is not None:
        g.note("attack", f"attack conclusion: {', '.join(attackers)} ({atk_total} ATK) attacked {a.player} directly",
               "CR 407 [FML]")
        plans = [_breakthrough_plan(g, x, a.player, None, q.atk(s.obj(x))) for x in attackers]
        for plan in plans:
            _breakthrough_apply(g, plan)
        return _end_attack(g)
    defenders = [x for x in a.defenders if s.obj(x).zone is Zone.IN_PLAY]
    if not defenders:
        g.note("attack", "no defender remains: the attack ends without a conclusion", "CR 407")
        return _end_attack(g)
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
    g.note("attack", f"attack conclusion: {' + '.join(attackers)} {atk_total} ATK vs {d.id} {ddef} DEF; "
           f"{d.id} {datk} ATK vs {struck} {sdef} DEF (compared before any replacement)",
           "CR 407; FAQ SC 24")
    reinforced = q.reinforced(d)
    through = atk_total - ddef
    breakthrough = None
    if defender_stunned and through > 0 and q.can_be_stunned(d):
        if team:
            g.note("breakthrough", "a team attack causes no breakthrough", "CR 407 [CYC]")
        elif reinforced:
            g.note("breakthrough", f"{d.id} is reinforced: no breakthrough", "CR 12.2 [CO5]")
        else:
            # What would replace the breakthrough is read now, with the comparison, before
            # anyone is stunned (FAQ SC 24: she is stunned and still replaces it).
            breakthrough = _breakthrough_plan(g, attackers[0], d.controller, d.id, through)
    stunned_now = []
    if defender_stunned and stun(g, d.id, f"{atk_total} ATK ≥ {ddef} DEF", "CR 407"):
        stunned_now.append(d.id)
        for x in attackers:
            fire(g, "stuns", subject=x, object=d.id)
        if team:
            fire(g, "stunned_by", object=d.id, by=tuple(attackers))
    if attacker_stunned and stun(g, struck, f"{datk} ATK ≥ {sdef} DEF", "CR 407"):
        fire(g, "stuns", subject=d.id, object=struck)
    if breakthrough is not None and d.id in stunned_now:
        _breakthrough_apply(g, breakthrough)
    _end_attack(g)


def _breakthrough_plan(g: Game, attacker: str, player: str, defender: str | None, amount: int) -> Any:
    """Breakthrough about to happen: nothing if the attacker cannot cause breakthrough (then
    there is nothing to replace, FAQ GM 8), else the event and the replacement modifiers that
    try to replace it, with the one that applies (the attacker's controller chooses, FAQ GM 8)."""
    s = g.state
    o = s.obj(attacker)
    if amount <= 0:
        return None
    if query(s).has_change(o, ast.CannotCauseBreakthrough):
        g.note("breakthrough", f"{attacker} cannot cause breakthrough this turn: nothing happens, "
               "nothing to replace", "FAQ GM 8 (SC 17)")
        return None
    facts = {"subject": attacker, "to": player, "attacking": defender, "amount": amount}
    options = _replacements(g, facts)
    chosen = None
    if options:
        labels = tuple(label for label, _, _ in options)
        pick = labels[0] if len(labels) == 1 else g.ask(Decision(
            o.controller, "replacement", f"{o.controller} chooses which replacement modifier replaces "
            f"{attacker}'s breakthrough", labels))
        chosen = options[labels.index(pick)]
    return facts, chosen, len(options)


def _breakthrough_apply(g: Game, plan: Any) -> None:
    """The breakthrough happens, or the chosen replacement modifier's effect happens instead
    (even when that effect cannot be done, FAQ GM 8)."""
    if plan is None:
        return
    facts, chosen, count = plan
    attacker, player, amount = facts["subject"], facts["to"], facts["amount"]
    if chosen is not None:
        label, effect, ctx = chosen
        g.note("replace", f"{attacker}'s breakthrough of {amount} is replaced by {label}"
               + (f"; {count - 1} other replacement(s) have nothing left to replace" if count > 1 else ""),
               "FAQ GM 8")
        execute(g, effect, ctx)
        return
    lose_endurance(g, player, amount, f"breakthrough from {attacker}", "CR 407")
    g.set(replace(g.state, breakthrough_causers=g.state.breakthrough_causers | {attacker}))
    fire(g, "breakthrough", subject=attacker, to=player, attacking=facts["attacking"], amount=amount)


def _replacements(g: Game, facts: dict[str, Any]) -> list[tuple[str, Any, Context]]:
    """Every replacement modifier that tries to replace this breakthrough."""
    s = g.state
    q = query(s)
    found = []
    for o in holders(s.objects, ast.ReplacementPower):
        for line in powers(o.card, ast.ReplacementPower):
            if not q.power_active(o, line.block):
                continue
            ctx = Context(o.controller, o.id)
            binds = _replacement_match(g, line.node.event, facts, ctx)
            if binds is not None:
                found.append((o.id, line.node.replacement, ctx.bind(**binds)))
    for r in s.replacements:
        binds = _replacement_match(g, r.event, facts, r.context)
        if binds is not None:
            found.append((r.context.source or f"replacement-{r.id}", r.effect, r.context.bind(**binds)))
    labels: dict[str, int] = {}
    out = []
    for label, eff, ctx in found:
        n = labels.get(label, 0) + 1
        labels[label] = n
        out.append((label if n == 1 else f"{label}#{n}", eff, ctx))
    return out


def _replacement_match(g: Game, pattern: Any, facts: dict[str, Any], ctx: Context) -> dict[str, Any] | None:
    if not isinstance(pattern, ast.CausesBreakthrough):
        return None
    if pattern.attacking is not None and facts.get("attacking") is None:
        return None  # "while attacking a character": not a direct attack on a player
    return pattern_matches(g, pattern, "breakthrough", facts, ctx)


def _end_attack(g: Game) -> None:
    """The attack is over: "this attack" modifiers end (assumption A-ATTACK-DURATION)."""
    s = g.state
    g.set(replace(s, attack=None,
                 modifiers=tuple(m for m in s.modifiers if m.duration != "attack"),
                 replacements=tuple(r for r in s.replacements if r.duration != "attack")))
    g.note("attack", "the attack has concluded; \"this attack\" effects end", "CR 407")
    flush(g)
