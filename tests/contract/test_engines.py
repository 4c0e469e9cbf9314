"""The engine contract, checked the same way for every registered game (tests/contract/games.py):
random playouts end with a result; replay from the log rebuilds the same state; no view holds
another seat's secret; format then parse gives back every legal choice; every message key a
game uses exists in English and Korean; the picture renders for random positions.

Positions come from hypothesis: a seat count, a setup seed, a seed for the move choices and a
number of moves, so a failure shrinks to a small game. Per-game rule tests stay where they are;
this suite is what every game, a new one included, must satisfy.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

import render
import rules
from bot import games
from bot.i18n import lookup
from bot.table_options import option_specs
from rules.core import RuleError, dump_state, replay
from tests.contract.games import GAMES, leaks, play
from tests.example_game.rules import ExampleEngine

LANGS = ("en", "ko")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
STEPS = st.integers(min_value=0, max_value=400)
FEW = settings(max_examples=8, deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow])


def seats_of(data: st.DataObject, name: str) -> int:
    engine = rules.get_engine(name)
    return data.draw(st.integers(engine.min_seats, engine.max_seats), label="seats")


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS)
def test_random_playouts_end_with_a_result(name: str, data, seed: int, move_seed: int) -> None:
    seats = seats_of(data, name)
    game = play(name, seats, seed, move_seed)
    result = game.engine.result(game.final)
    assert result is not None, f"no result after {len(game.log)} moves"
    assert sorted(s.seat for s in result.scores) == list(range(seats))
    ranks = [s.rank for s in result.scores]
    assert ranks == sorted(ranks) and ranks[0] == 1 and result.winners
    assert game.engine.decisions(game.final) == []  # nobody is asked anything any more


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS, steps=STEPS)
def test_replay_from_the_log_rebuilds_the_same_state(
    name: str, data, seed: int, move_seed: int, steps: int
) -> None:
    seats = seats_of(data, name)
    game = play(name, seats, seed, move_seed, steps)
    rebuilt = replay(game.engine, {}, seats, seed, game.log)
    assert dump_state(rebuilt) == dump_state(game.final)
    assert dump_state(game.engine.setup({}, seats, seed)) == dump_state(game.states[0])


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS)
def test_no_view_holds_another_seats_secret(name: str, data, seed: int, move_seed: int) -> None:
    game = play(name, seats_of(data, name), seed, move_seed)
    every = max(1, len(game.states) // 20)  # about 20 positions along the game, and the end
    for state in [*game.states[::every], game.final]:
        assert leaks(game.engine, state) == []


def test_the_leak_check_finds_a_leak() -> None:
    """A view that shows the next seat's pick is caught (the check can fail)."""

    class Leaky(ExampleEngine):
        def view(self, state, seat):
            out = super().view(state, seat)
            if seat is not None:
                out["neighbour"] = dict(state["seats"][(seat + 1) % 2]["secret"])
            return out

    engine = Leaky()
    state = engine.setup({}, 2, 1)
    state, _ = engine.apply(state, 1, {"type": "pick", "value": 3})
    (found,) = leaks(engine, state)
    assert found.startswith("seat 0 sees") and "'pick', 3" in found, found
    assert leaks(ExampleEngine(), state) == []


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS, steps=STEPS)
def test_format_then_parse_gives_every_legal_choice_back(
    name: str, data, seed: int, move_seed: int, steps: int
) -> None:
    game = play(name, seats_of(data, name), seed, move_seed, steps)
    engine, state = game.engine, game.final
    for decision in engine.decisions(state):
        for choice in decision.choices or []:
            assert engine.parse(state, decision.seat, choice.text) == choice.action, choice
            for lang in LANGS:
                text = engine.format(state, choice.action, lang)
                assert engine.parse(state, decision.seat, text) == choice.action, (lang, text)


def _catalogued(key: str) -> bool:
    return all(lookup(key, lang) is not None for lang in LANGS)


def _refusal_keys(name: str, state, seats: int) -> set[str]:
    """Refusals a player can meet here: unreadable text, and a choice made out of turn."""
    engine = rules.get_engine(name)
    keys = set()
    decisions = engine.decisions(state)
    idle = [s for s in range(seats) if s not in {d.seat for d in decisions}]
    attempts = [(s, text) for s in range(seats) for text in ("xyzzy", "pass pass pass")]
    attempts += [(s, c.action) for s in idle[:1] for d in decisions for c in d.choices[:2]]
    for seat, move in attempts:
        try:
            engine.apply(state, seat, engine.parse(state, seat, move) if isinstance(move, str)
                         else move)
        except RuleError as refusal:  # the contract: refusals are RuleErrors with a key
            keys.add(refusal.key)
    return keys


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS)
def test_every_message_key_a_game_uses_exists_in_both_languages(
    name: str, data, seed: int, move_seed: int
) -> None:
    seats = seats_of(data, name)
    game = play(name, seats, seed, move_seed)
    engine = game.engine
    keys = {e.key for e in game.events} | {f"{name}.name"}
    every = max(1, len(game.states) // 10)
    for state in game.states[::every]:
        keys |= _refusal_keys(name, state, seats)
        for decision in engine.decisions(state):
            prompt = next((full for k in (f"decision.{decision.kind}", decision.kind)
                           for full in (k if k.startswith(f"{name}.") else f"{name}.{k}", k)
                           if lookup(full, "en") or lookup(full, "ko")), None)
            assert prompt is not None, f"no text for decision kind {decision.kind!r}"
            keys.add(prompt)
    for spec in option_specs(name, engine.Options):
        keys |= {spec.label_key, *spec.value_keys.values()}
    missing = sorted(k for k in keys if not _catalogued(k))
    assert missing == []


@pytest.mark.parametrize("name", GAMES)
def test_every_catalogue_of_a_game_has_the_same_keys_in_both_languages(name: str) -> None:
    catalogues = [rules.get_engine(name).messages, games.ui(name).messages]
    for catalogue in catalogues:
        if not catalogue:
            continue
        assert set(catalogue["en"]) == set(catalogue["ko"])
        assert all(isinstance(v, str) and v for lang in LANGS for v in catalogue[lang].values())


def _is_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.verify()  # a whole, readable file
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert 100 <= image.width <= 4000 and 50 <= image.height <= 6000, image.size
    assert len(data) < 8_000_000
    return image


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS, steps=STEPS,
       lang=st.sampled_from(LANGS))
def test_the_picture_renders_for_random_positions(
    name: str, data, seed: int, move_seed: int, steps: int, lang: str
) -> None:
    seats = seats_of(data, name)
    game = play(name, seats, seed, move_seed, steps)
    names = {i: f"player {i + 1}" for i in range(seats)}
    table = render.render_table(name, game.engine.view(game.final, None), lang, names)
    _is_png(table)
    if render.has_private(name):
        seat = data.draw(st.integers(0, seats - 1), label="private seat")
        _is_png(render.render_private(name, game.engine.view(game.final, seat), lang, names))


@pytest.mark.parametrize("name", GAMES)
@FEW
@given(data=st.data(), seed=SEEDS, move_seed=SEEDS)
def test_a_decision_lists_its_public_choices_before_its_private_groups(
    name: str, data, seed: int, move_seed: int
) -> None:
    """A button carries its choice's place in the list: a public choice's place must not
    count the private choices (cards in hand) before it."""
    game = play(name, seats_of(data, name), seed, move_seed)
    for state in game.states:
        for decision in game.engine.decisions(state):
            hidden = [decision.private_choice(c) for c in decision.choices or []]
            assert hidden == sorted(hidden), (decision.kind, decision.key)
