"""Hand-built Spirit Island positions for the rules tests: pieces placed and shown as letters,
and the effect queue run with chosen answers."""

from rules.spirit_island import effects as fx
from rules.spirit_island import pieces as pcs

TESTER = "Tester"
# One letter a kind of piece; in the strings "b" is a blight and "P" a presence.
LETTERS = {"C": "city", "T": "town", "E": "explorer", "D": "dahan", "B": "beasts",
           "S": "disease", "W": "wilds", "X": "badlands"}
INVADERS_DAHAN_BEASTS = {ch: LETTERS[ch] for ch in "CTEDB"}


def place(state, name, pieces, spirit=TESTER):
    """'PP ET b' = 2 presence of `spirit`, an explorer, a town and a blight."""
    land = state["lands"][name]
    for ch in pieces.replace(" ", ""):
        if ch == "P":
            pcs.add_presence(land, spirit)
        elif ch == "b":
            land["blight"] += 1
        else:
            pcs.add(land, LETTERS[ch])


def place_all(state, **lands):
    """place() in several lands: place_all(state, A1="CT", A5="Eb")."""
    for name, pieces in lands.items():
        place(state, name, pieces)


def show(state, name):
    """A land's pieces as place() writes them, presence of every spirit last."""
    land = state["lands"][name]
    out = "".join(ch * pcs.count(land, kind) for ch, kind in LETTERS.items())
    return out + "b" * land["blight"] + "P" * sum(land["presence"].values())


def show_invaders(state, name):
    """A land's invaders, dahan, beasts and blight only (no other tokens, no presence)."""
    land = state["lands"][name]
    out = "".join(ch * pcs.count(land, kind) for ch, kind in INVADERS_DAHAN_BEASTS.items())
    return out + "b" * land["blight"]


def settle(state, answers=(), exact=True):
    """Run the queue, giving `answers` in order, then the first option of any other ask;
    if `exact`, every answer given must have been asked for."""
    answers = list(answers)
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, answers.pop(0) if answers else ask.options[0])
    assert not (exact and answers), f"answers left over: {answers}"
    return state


def answer_exactly(state, answers):
    """Run the queue, giving exactly `answers`: a question beyond them, or an answer left
    unasked, fails the test."""
    left = list(answers)
    ask = fx.run(state)
    while ask is not None:
        assert left, f"unexpected question {ask}"
        ask = fx.answer(state, left.pop(0))
    assert not left, f"answers not used: {left}"
    return state


def play_at_random(engine, state, rng, problems, most=3000):
    """Play random choices until the game ends, asserting `problems(before, after)` is empty
    after each move; the final state and the log of (seat, action)."""
    log = []
    while engine.result(state) is None:
        assert len(log) < most, "the game does not end"
        decision = rng.choice(engine.decisions(state))
        action = rng.choice(decision.choices).action
        before = state
        state, _ = engine.apply(state, decision.seat, action)
        log.append((decision.seat, action))
        assert problems(before, state) == [], (len(log), action)
    return state, log
