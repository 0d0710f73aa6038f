"""Hypothesis strategies for card-text ASTs that have canonical text.

``card_texts()`` draws ``(CardText, card_name)`` pairs: keyword lines, activated, triggered,
continuous and play-restriction powers, plot twist paragraphs, leader and ongoing powers, over
invented names and affiliations, with targets, trigger references and conditions. Every AST drawn
is one the parser could build, so ``parse_card_text(render(ast, name), name) == ast``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from vsoracle.text import ast as A
from vsoracle.text.parser import keywords

#: Every keyword of the grammar: a name must not be one (it would be read as the keyword).
RESERVED = keywords()

_SYLLABLES = ("zor", "blax", "quim", "var", "tel", "mon", "dra", "kel", "vex", "lu", "nor", "ith", "ga", "ros")


def _word(syllables: list[str]) -> str:
    return "".join(syllables).capitalize()


WORD = st.lists(st.sampled_from(_SYLLABLES), min_size=2, max_size=3).map(_word).filter(
    lambda w: w.lower() not in RESERVED)

#: Card names start with "Q" words; affiliations and other names never do, so they never meet.
CARD_NAMES = st.lists(WORD, min_size=1, max_size=2).map(lambda ws: " ".join("Q" + w.lower() for w in ws))
AFFILIATIONS = st.one_of(
    st.lists(WORD, min_size=1, max_size=2).map(" ".join),
    st.tuples(WORD, WORD).map(lambda ws: f"{ws[0]} of {ws[1]}"),
    st.sampled_from(["Avengers", "Squadron Supreme", "Masters of Evil", "X-Men", "Spider-Friends"]),
)
OTHER_NAMES = st.one_of(WORD, st.sampled_from(["Kang", "Two Worlds"]))

SMALL = st.integers(min_value=1, max_value=6)
STAT = st.integers(min_value=-5, max_value=9)
YOU = A.You()


# ------------------------------------------------------------------------------------------- filters

@st.composite
def character_filters(draw, count=st.just(1), with_controller=True):
    quals: list[A.Qualifier] = []
    if draw(st.booleans()):
        quals.append(A.InState(draw(st.sampled_from(["stunned", "ready", "exhausted", "non-stunned"]))))
    if draw(st.integers(0, 4)) == 0:
        quals.append(A.InArea(draw(st.sampled_from(["hidden", "visible"]))))
    if draw(st.booleans()):
        quals.append(A.Affiliation(draw(AFFILIATIONS)))
    if draw(st.integers(0, 4)) == 0:
        quals.append(A.NotVersion(draw(st.sampled_from(["Army", "Team-Up"]))))
    role = draw(st.sampled_from([None, None, "attacker", "defender", "team attacker"]))
    if role:
        quals.append(A.Role(role))
    if draw(st.integers(0, 3)) == 0:
        quals.append(draw(st.builds(A.CostAtMost, st.integers(0, 9)) | st.builds(A.CostAtLeast, st.integers(0, 9))))
    if draw(st.integers(0, 4)) == 0:
        quals.append(A.HasKeyword(draw(st.sampled_from(A.KEYWORDS))))
    if draw(st.integers(0, 4)) == 0:
        quals.append(A.AdjacentTo(A.SelfRef()))
    if draw(st.integers(0, 5)) == 0:
        quals.append(A.Named(draw(OTHER_NAMES)))
    controller = draw(st.sampled_from([None, YOU, A.Opponents()])) if with_controller else None
    return A.Filter("character", tuple(quals), controller, (), draw(count))


def card_filters():
    kinds = st.sampled_from([(), (A.CardTypeIs("character"),)])
    return st.builds(lambda aff, kind, n: A.Filter("card", aff + kind, None, (), n),
                     st.sampled_from([()]) | AFFILIATIONS.map(lambda a: (A.Affiliation(a),)), kinds, SMALL)


def objects(target: bool):
    """What an action acts on: this card, a target, every match, or one chosen on resolution."""
    options = [st.just(A.SelfRef()), character_filters(count=st.just("all")), character_filters()]
    if target:
        options.append(character_filters(with_controller=True).map(lambda f: A.Target(f, 1)))
        options.append(st.builds(lambda c: A.Target(A.Filter("equipment", (), c), 1),
                                 st.sampled_from([None, YOU, A.Opponents()])))
    return st.one_of(*options)


# ------------------------------------------------------------------------------------------- changes

KEYWORD = st.sampled_from(A.KEYWORDS)
STAT_CHANGE = st.builds(A.StatChange, st.sampled_from(["atk", "def"]), st.builds(A.Fixed, STAT), st.booleans())
CHANGE = st.one_of(
    STAT_CHANGE,
    st.builds(A.GainKeyword, KEYWORD),
    st.builds(A.LoseKeyword, KEYWORD, st.booleans()),
    st.builds(A.CannotGainKeyword, KEYWORD),
    st.just(A.CannotBeStunned()), st.just(A.CanAttackHidden()), st.just(A.CannotCauseBreakthrough()),
    st.just(A.CannotAttack()), st.just(A.TeamAttackAsThough()),
    st.just(A.CannotBeTargeted(A.Filter("effect", (), A.Opponents(), (), "all"))),
    st.builds(lambda a: A.GainAffiliation(A.AffiliationSet((a,))), AFFILIATIONS),
)
STATE_WHILE = st.sampled_from([A.IsAttacking(), A.IsDefending(), A.IsExhausted(), A.IsReinforced(),
                               A.IsTeamAttacking()])


@st.composite
def modifies(draw, span, subject):
    changes = tuple(draw(st.lists(CHANGE, min_size=1, max_size=3)))
    while_ = draw(st.none() | STATE_WHILE)
    return A.Modify(draw(subject), changes, A.Duration(draw(span), while_))


# ------------------------------------------------------------------------------------------- effects

CONDITIONS = st.one_of(
    st.just(A.NoCardsInHand()), st.just(A.PlayedNoOtherPlotTwists()),
    st.builds(A.YouControl, character_filters(with_controller=False)),
    st.builds(lambda n: A.EnduranceAtLeast(YOU, n), SMALL),
    st.builds(lambda n, up: A.YouControlCount(A.Filter("resource", count="all"), up, n), SMALL,
              st.sampled_from(["at most", "at least"])),
    st.just(A.IsVisible(A.SelfRef())),
    st.just(A.InZone(A.SelfRef(), A.Zone("ko pile", YOU))),
    st.just(A.WasBoosted(A.SelfRef())),
)

PLAYERS = st.sampled_from([YOU, A.Opponents(), A.EachPlayer()])


def actions(target: bool):
    obj = objects(target)
    return st.one_of(
        st.builds(lambda n: A.Draw(A.Fixed(n)), SMALL),
        st.builds(A.Discard, card_filters()),
        st.builds(A.KO, obj), st.builds(A.Stun, obj), st.builds(A.Ready, obj), st.builds(A.Exhaust, obj),
        st.builds(A.Recover, obj),
        st.builds(lambda p, n: A.GainEndurance(A.Fixed(n), p), PLAYERS, SMALL),
        st.builds(lambda p, n: A.LoseEndurance(A.Fixed(n), p), PLAYERS, SMALL),
        st.builds(lambda n: A.GainResourcePoints(A.Fixed(n)), SMALL),
        st.builds(lambda a: A.MoveToArea(A.SelfRef(), a), st.sampled_from(["hidden", "visible"])),
        st.just(A.TurnFaceDown(A.SelfRef())),
        st.builds(A.GainControl, obj),
        st.just(A.ReturnTo(A.SelfRef(), A.Zone("hand", YOU))),
        st.builds(lambda n, z: A.PutInto(A.TopCards(YOU, A.Fixed(n)), A.Zone(z, YOU)), SMALL,
                  st.sampled_from(["ko pile", "hand"])),
    )


def steps(target: bool, span):
    action = actions(target)
    return st.one_of(
        action,
        action.filter(lambda a: getattr(a, "player", YOU) == YOU).map(A.YouMay),
        st.builds(A.Conditional, CONDITIONS, action),
        modifies(span, objects(target).filter(lambda o: not isinstance(o, A.Filter) or o.count == "all")),
    )


@st.composite
def spell_effects(draw, span=st.sampled_from(["turn", "attack"])):
    """1–3 sentences; only the first may name a target."""
    first = draw(steps(True, span))
    rest = draw(st.lists(steps(False, span), max_size=2))
    all_steps = [first, *rest]
    return all_steps[0] if len(all_steps) == 1 else A.Sequence(tuple(all_steps))


# ------------------------------------------------------------------------------------------- powers

STEP = st.builds(A.Step, st.tuples(st.sampled_from(["draw", "build", "recruit", "formation", "combat", "attack",
                                                     "recovery", "muster"]),
                                   st.sampled_from(["phase", "step"])).map(" ".join),
                 st.sampled_from([None, "your"]))

REMINDER = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz ,.'ABC"), min_size=1, max_size=30).map(
    lambda t: f"({t})")

keywords = st.builds(A.Keyword, KEYWORD, st.none() | SMALL, st.none() | REMINDER)

costs = st.one_of(
    st.just(A.Activate()), st.builds(A.PayEndurance, SMALL), st.builds(A.PayResourcePoints, SMALL, st.booleans()),
    st.builds(lambda f: A.DiscardCost(f.count, f), card_filters()),
    st.builds(A.ExhaustCost, character_filters(with_controller=False).map(
        lambda f: A.Filter(f.kind, f.qualifiers, YOU, (), 1))),
)

limits = st.lists(st.one_of(st.just(A.OncePerTurn()), st.builds(A.OnlyIf, CONDITIONS)), max_size=2)

triggers = st.one_of(st.just(A.WhenYouRecruit(A.SelfRef())), st.just(A.Whenever(A.Attacks(A.SelfRef()))),
                     st.just(A.Whenever(A.ComesIntoPlay(A.SelfRef()))),
                     st.builds(lambda f: A.Whenever(A.ComesIntoPlay(f)), character_filters()),
                     st.builds(A.AtStartOf, STEP))


@st.composite
def triggered_powers(draw):
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return A.TriggeredPower(draw(triggers), draw(spell_effects()))
    if kind == 1:  # a trigger reference
        victim = draw(character_filters(with_controller=False))
        effect = draw(st.sampled_from([A.KO, A.Exhaust, A.Ready]))(A.TriggerRef("object"))
        return A.TriggeredPower(A.Whenever(A.Stuns(A.SelfRef(), victim)), effect)
    loss = A.LoseEndurance(A.Fixed(draw(SMALL)), A.TriggerRef("to", "player"))
    return A.TriggeredPower(A.Whenever(A.CausesBreakthrough(A.SelfRef(), to=A.Filter("player"))), loss)


continuous_powers = st.builds(
    lambda m: A.ContinuousPower((m,)),
    modifies(st.none(), st.one_of(st.just(A.SelfRef()), character_filters(count=st.just("all")))))

activated_powers = st.builds(lambda c, e, l: A.ActivatedPower(tuple(c), e, tuple(l)),
                             st.lists(costs, min_size=1, max_size=3), spell_effects(), limits)

#: 'Equipped character has "COST >>> EFFECT"': the quoted power is one without quotes of its own.
gained_powers = st.builds(
    lambda subject, power: A.ContinuousPower((A.Modify(subject, (A.GainPower(power),)),)),
    st.one_of(st.just(A.EquippedRef()), st.just(A.SelfRef()), character_filters(count=st.just("all"))),
    activated_powers | triggered_powers())

plain_powers = st.one_of(
    st.just(A.NotUnique()),
    st.builds(A.PlayRestriction, st.sampled_from(["play", "recruit"]), st.none() | STEP,
              st.lists(CONDITIONS, max_size=2).map(tuple)).filter(lambda p: p.timing or p.conditions),
    st.builds(A.AdditionalCost, st.sampled_from(["play", "recruit"]), costs),
    st.builds(A.AlternateCost, st.sampled_from(["play", "recruit"]), costs),
    activated_powers,
    gained_powers,
    triggered_powers(),
    continuous_powers,
    st.builds(A.Spell, spell_effects()),
    st.builds(A.Leader, continuous_powers | triggered_powers()),
)


@st.composite
def card_texts(draw):
    """A (CardText, card name) pair with canonical text."""
    powers = draw(st.lists(keywords | plain_powers, max_size=3))
    ongoing = draw(st.lists(st.builds(A.Ongoing, continuous_powers | triggered_powers()), max_size=2))
    return A.CardText(tuple(powers + ongoing)), draw(CARD_NAMES)
