"""Which choice a click means: the button's place in its decision, checked by the hash of the
choice's text; when another seat's answer changed the decision's choices under the same key
(a power offer accepted before the next turn's prompt was answered), the text's hash finds
the choice the player saw."""

from __future__ import annotations

import pytest

from bot.cogs.play import match_prompt
from bot.components import ChoiceRef, choice_hash, key_token
from bot.table_types import Prompt, Refusal
from rules.core import Choice, Decision

KEY = "r1.t2.turn.0.0.0.1"
BOB = 42


def prompt(*texts: str, user_id: int = BOB) -> Prompt:
    choices = [Choice(action={"type": "x", "text": text}, text=text) for text in texts]
    decision = Decision(seat=1, kind="turn", key=KEY, choices=choices)
    return Prompt(game_id=1, seat=1, user_id=user_id, decision=decision, private=False)


def ref(index: int, text: str) -> ChoiceRef:
    return ChoiceRef(1, key_token(KEY), index, choice_hash(text))


def test_a_button_in_its_place_is_that_choice() -> None:
    p = prompt("burn 1", "burn 3", "pass BON6")
    assert match_prompt([p], ref(2, "pass BON6"), BOB) == (p, 2)


def test_a_button_posted_before_the_choices_grew_still_means_its_text() -> None:
    # posted when bob's power allowed "burn 3"; a power offer then gave him a fourth token
    now = prompt("burn 4. action ACT3", "burn 4. action ACT4", "pass BON6", "pass BON8", "burn 4")
    assert match_prompt([now], ref(0, "pass BON6"), BOB) == (now, 2)


def test_a_choice_that_is_gone_is_refused_as_no_longer_available() -> None:
    now = prompt("burn 1", "burn 4", "pass BON6")
    with pytest.raises(Refusal) as refused:
        match_prompt([now], ref(1, "burn 3"), BOB)
    assert refused.value.key == "table.stale"


def test_two_choices_with_one_hash_are_refused_rather_than_guessed(monkeypatch) -> None:
    import bot.cogs.play as play

    monkeypatch.setattr(play, "choice_hash", lambda text: "beef")
    now = prompt("a", "b", "c")
    with pytest.raises(Refusal):
        match_prompt([now], ChoiceRef(1, key_token(KEY), 7, "beef"), BOB)
    assert match_prompt([now], ChoiceRef(1, key_token(KEY), 1, "beef"), BOB) == (now, 1)


def test_someone_elses_prompt_is_refused_with_the_name_of_its_player() -> None:
    with pytest.raises(Refusal) as refused:
        match_prompt([prompt("pass BON6")], ref(0, "pass BON6"), 7)
    assert refused.value.key == "discord.not_your_choice"
