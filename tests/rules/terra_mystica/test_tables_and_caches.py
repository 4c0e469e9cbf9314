"""Rules as tables (the stronghold actions are faction data) and no cache keyed by object
identity: equal states give equal answers (issue 8 item 5)."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

from rules.core import Rng
from rules.terra_mystica import board, choices, moves
from rules.terra_mystica.factions import FACTIONS, SH_ACTIONS, StrongholdAction
from tests.rules.terra_mystica.helpers import E

ENGINE_DIR = Path(choices.__file__).parent
VALUE_TYPES = {"str", "int", "bool", "None", "str | None", "int | None", "tuple[str, ...]"}


def test_every_stronghold_action_is_a_row_of_the_faction_table_with_a_menu() -> None:
    with_action = {n: f.sh_action for n, f in FACTIONS.items() if f.sh_action}
    assert set(with_action) == {"witches", "auren", "swarmlings", "chaosmagicians", "giants",
                                "nomads"}
    for name, sh in with_action.items():
        assert isinstance(sh, StrongholdAction)
        assert SH_ACTIONS[sh.space] == name
        assert sh.menu in moves.SH_MENUS
        assert sh.need or sh.spades or sh.actions  # it does something
    # no stronghold action is named in the command code: it reads the table
    code = (ENGINE_DIR / "commands.py").read_text() + (ENGINE_DIR / "moves.py").read_text()
    assert not re.search(r'"ACT[AWSGNC]"', code)


def test_engine_caches_are_keyed_by_plain_values_only() -> None:
    cached = []
    for path in sorted(ENGINE_DIR.glob("*.py")):
        text = path.read_text()
        assert "id(" not in re.sub(r"\w+id\(|_id\(", "", text), path.name  # no id()-keyed maps
        assert "WeakKeyDictionary" not in text and "WeakValueDictionary" not in text
    for module in (board, moves, choices):
        for fn in vars(module).values():
            if callable(fn) and hasattr(fn, "cache_info"):
                cached.append(fn)
                params = inspect.signature(fn.__wrapped__).parameters.values()
                kinds = {str(p.annotation) for p in params}
                assert kinds <= VALUE_TYPES, (fn.__name__, kinds)
    assert {f.__name__ for f in cached} >= {"_choice_of", "bridge_spots_for", "colour_costs"}


def test_a_choice_text_gives_the_same_choice_whatever_object_carries_it() -> None:
    text = "action ACT6. build E7"
    other = "".join(["action ACT6. ", "build E7"])  # equal, not the same object
    assert other is not text
    assert choices.choice(text) == choices.choice(other)
    assert choices.choice(text, "witches") == choices.choice(text, "nomads")


def test_equal_states_give_equal_answers() -> None:
    st = E.setup({"random_factions": True}, 4, 31)
    rng = Rng(31)
    for step in range(400):
        if st["phase"] == "over":
            break
        twin = json.loads(json.dumps(st))  # equal, shares no object
        a, b = E.decisions(st), E.decisions(twin)
        assert [d.model_dump() for d in a] == [d.model_dump() for d in b]
        if step % 25 == 0:
            assert E.view(st, 0) == E.view(twin, 0)
        d = rng.choice([d for d in a if d.choices])
        action = rng.choice(d.choices).action
        st, _ = E.apply(st, d.seat, action)
        twin, _ = E.apply(twin, d.seat, json.loads(json.dumps(action)))
        assert twin == st
