"""Players for random games: plain random, and a greedy one that looks one move ahead.

The greedy player tries each choice of the question on a copy and keeps the one whose
position scores best (ties broken at random): fewer invaders (by health), fewest of them
where the next Ravage comes, defended lands there, less blight, more fear, presence, dahan
and cards in play. A choice whose effect shows only later scores like its siblings, so the
player stays random there. It is a test player, not advice: it exercises more of the game
(higher Terror Levels, some wins) than choosing blindly.

With `draw_more` either player prefers a growth option that gains a power card whenever
one is offered (the whole-run check that every card gets drawn: random games end in a few
turns, so plain random growth draws few cards).
"""

from __future__ import annotations

import json

from rules.core import Rng
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs

POLICIES = ("random", "greedy")
WEIGHT = {"explorer": 1.0, "town": 2.5, "city": 4.0}
DAMAGE = {"explorer": 1, "town": 2, "city": 3}
BLIGHT_RISK = 6.0
# more choices than this: a random sample of them is tried (keeps a game under a second)
MOST_TRIED = 10
# what a growth option holds when it gains a power card
GAINS = ('"gain_card"', '"gain_from_days"')
# what a move raises whatever it does (left out when two positions are compared)
MOVE_COUNTERS = ("ctx_ids", "step")
# moves followed after a repeat to see whether it changed anything
REPEAT_LOOKAHEAD = 6


def _threatened(state: dict) -> set[str]:
    """Lands where the next Ravage comes: those matching the build and ravage cards."""
    track = state.get("track", {})
    return {land for card in [*track.get("build", []), *track.get("ravage", [])]
            for land in inv.matching_lands(state, card)}


def _cost(card: str) -> int:
    return fx.optional("powers").CARDS.get(card, {}).get("cost", 0)


def score(state: dict) -> float:
    outcome = state.get("outcome")
    if outcome:
        return 1e6 if outcome in ("win", "sacrifice") else -1e6
    threatened = _threatened(state)
    marks = state.get("turn_marks", {})
    total = 0.0
    for name, land in state["lands"].items():
        force = sum(WEIGHT[k] * len(land[k]) for k in pcs.INVADERS)
        total -= force
        if name in threatened:  # the force where the next Ravage comes counts twice, and
            # a Ravage of 2 damage or more (less defend) will add blight there
            defend = (marks.get(name) or {}).get("defend", 0)
            total -= force - min(force, defend)
            hits = sum(DAMAGE[k] * len(land[k]) for k in pcs.INVADERS) - defend
            total -= BLIGHT_RISK if hits >= 2 else 0
        total -= 4 * land["blight"]
        total += 0.5 * len(land["dahan"]) + 0.8 * sum(land["presence"].values())
    fear = state.get("fear") or {}
    total += 1.5 * fear.get("earned", 0) + 6 * fx.terror_level(state)
    total += 4 * len(fear.get("earned_cards", []))
    for row in state["seats"]:
        # cards in play, the dearer the stronger (energy left unspent is worth little)
        total += (0.1 * row.get("energy", 0) + 0.2 * len(row.get("hand", []))
                  + sum(1.0 + 0.3 * _cost(c) for c in row.get("played", [])))
    return total


def _asking_step(state: dict, seat: int) -> dict:
    queue = state["queue"] if state.get("ask") else state["seats"][seat].get("queue", [])
    return queue[0]["step"] if queue else {}


def _prior(state: dict, seat: int, kind: str, option) -> float:
    """What the lookahead cannot see, for questions whose effect shows only later: a
    growth option that adds presence (the spirit grows: more energy, plays, reach), a
    cascade that ends (a land without blight, no presence, no dahan), presence where
    invaders are (powers reach them)."""
    if kind == "choose" and isinstance(option, int):
        options = _asking_step(state, seat).get("options") or []
        if option < len(options):
            return 2.0 * json.dumps(options[option]).count('"add_presence"')
        return 0.0
    land = state["lands"].get(option) if isinstance(option, str) else None
    if land is None:
        return 0.0
    if kind == "cascade":
        return -10 * land["blight"] - 2 * sum(land["presence"].values()) - len(land["dahan"])
    if kind in ("add_presence", "setup_presence"):
        return 0.3 * sum(len(land[k]) for k in pcs.INVADERS) - 2 * land["blight"]
    return 0.0


def gains_power(state: dict, seat: int, action: dict) -> bool:
    """Whether the action picks a growth (or other) option that gains a power card."""
    if action["type"] != "choose" or not isinstance(action["option"], int):
        return False
    options = _asking_step(state, seat).get("options") or []
    return action["option"] < len(options) and any(
        g in json.dumps(options[action["option"]]) for g in GAINS)


def _position(state: dict) -> str:
    """The position without the counters every move raises (ids, steps, a seat's actions)."""
    kept = {k: v for k, v in state.items() if k not in MOVE_COUNTERS}
    kept["seats"] = [{k: v for k, v in row.items() if k != "acts"} for row in state["seats"]]
    return json.dumps(kept, sort_keys=True)


def idle_repeat(engine, state: dict, seat: int, action: dict) -> bool:
    """Whether repeating a power brings the seat back where it was once the power's own
    questions are answered (greedily): Powerstorm repeated on its own spirit pays 3 energy,
    gains 3 and a new repeat, for ever. Only the seat's questions up to its next choice of
    power are followed, at most REPEAT_LOOKAHEAD moves."""
    if action["type"] != "resolve" or not (isinstance(action["option"], list)
                                           and action["option"][0] == "repeat"):
        return False
    after, _ = engine.apply(state, seat, action)
    for _ in range(REPEAT_LOOKAHEAD):
        mine = [d for d in engine.decisions(after) if d.seat == seat]
        if not mine or any(c.action["type"] == "resolve" for c in mine[0].choices):
            break
        _, move = choose(engine, after, mine[:1], Rng(0), "greedy")
        after, _ = engine.apply(after, seat, move)
    return _position(after) == _position(state)


def choose(engine, state: dict, decisions: list, rng: Rng, policy: str = "random",
           draw_more: bool = False):
    """(seat, action) for the next move under the policy. The greedy player never takes a
    repeat that changes nothing (`idle_repeat`), which it could take for ever."""
    decision = rng.choice(decisions)
    actions = [c.action for c in decision.choices]
    if draw_more:
        actions = [a for a in actions if gains_power(state, decision.seat, a)] or actions
    if policy != "random" and len(actions) > 1:
        actions = [a for a in actions
                   if not idle_repeat(engine, state, decision.seat, a)] or actions
    if policy == "random" or len(actions) == 1:
        return decision.seat, rng.choice(actions)
    tried = list(actions)
    if len(tried) > MOST_TRIED:
        rng.shuffle(tried)
        tried = tried[:MOST_TRIED]
    best, picks = None, []
    for action in tried:
        after, _ = engine.apply(state, decision.seat, action)
        value = score(after) + _prior(state, decision.seat, action["type"], action["option"])
        if best is None or value > best + 1e-9:
            best, picks = value, [action]
        elif abs(value - best) <= 1e-9:
            picks.append(action)
    return decision.seat, rng.choice(picks)
