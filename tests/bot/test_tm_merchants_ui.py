"""Merchants of the Seas on Discord: the lobby's options and labels, a trade's partner asked
like a power offer but titled a trade, and the expansion's moves in words."""

from __future__ import annotations

from bot.games.terra_mystica import ui, words
from bot.i18n import t
from bot.table_options import engine_options, option_specs, updated_options
from rules.terra_mystica.engine import TerraMystica
from tests.rules.terra_mystica.helpers import E, play
from tests.rules.terra_mystica.test_merchants_ships import game, with_

TM = "terra_mystica"


def test_the_lobby_offers_the_expansion_and_the_three_maps_in_both_languages() -> None:
    specs = {s.name: s for s in option_specs(TM, TerraMystica.Options)}
    assert specs["merchants"].kind == "bool" and specs["merchants"].default is False
    assert specs["map"].values == ["base", "lakes", "fjords"] and specs["map"].default == "base"
    assert t("terra_mystica.option.merchants", "ko") == "상인과 무역 (확장)"
    assert t("terra_mystica.option.map.lakes", "ko").startswith("호수")
    assert t("terra_mystica.option.map.fjords", "ko").startswith("협만")


def test_the_lobby_options_become_the_engine_setup() -> None:
    opts = updated_options(TM, TerraMystica.Options, {}, "merchants", "켜기")
    opts = updated_options(TM, TerraMystica.Options, opts, "map", "lakes")
    st = E.setup(engine_options(TM, TerraMystica.Options, opts, [1, 2, 3], 7), 3, 7)
    assert st["options"]["merchants"] is True and st["map"] == "lakes" and "trades" in st


def test_an_unknown_map_is_refused() -> None:
    import pytest

    from bot.table_types import Refusal

    with pytest.raises(Refusal):
        updated_options(TM, TerraMystica.Options, {}, "map", "moon")


def _trade_offer():
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    st["buildings"]["D3"] = ["nomads", "TE"]
    st = play(st, "cultists", "move r14-D3/FIRE")
    (decision,) = [d for d in E.decisions(st) if d.kind == "leech"]
    return st, decision


def test_a_trade_partner_is_asked_like_an_offer_titled_as_a_trade() -> None:
    st, decision = _trade_offer()
    assert decision.params["trade"] == "D3" and decision.params["from"] == "cultists"
    assert ui.prompt_frame(decision, []) == "terra_mystica.prompt.first_trade"
    assert ui.prompt_frame(decision, ["leech.0"]) == "terra_mystica.prompt.trade"
    styles = {ui.choice_style(c, decision) for c in decision.choices}
    assert styles == {"success", "secondary"}  # take the power (green) or not (grey)
    params = ui.decision_params(decision, E.view(st, None))
    assert params["why"] == {"en": "traded with your temple on D3", "ko": "D3 사원 무역으로"}
    text = t(
        "terra_mystica.decision.leech",
        "en",
        **{
            **decision.params,
            **params,
            "why": params["why"]["en"],
            "cost": params["cost"]["en"],
            "offered": "",
        },
    )
    assert text.startswith("the cultists traded with your temple on D3 — take 2 power")


def test_a_building_offer_still_says_built_next_to_you() -> None:
    st, decision = _trade_offer()
    plain = decision.model_copy(
        update={"params": {k: v for k, v in decision.params.items() if k != "trade"}}
    )
    assert ui.decision_params(plain, E.view(st, None))["why"]["ko"] == "건설로"
    assert ui.prompt_frame(plain, []) == "terra_mystica.prompt.first_offer"


def test_the_expansion_moves_read_as_words() -> None:
    st, _ = _trade_offer()
    view = E.view(st, None)
    said = words.notation_words("move r15-r14-D3/FIRE", view)
    assert said == {
        "en": "moves ships: r15 → r14 → D3 (trades at the temple of the Nomads on D3: Fire)",
        "ko": "선박 1척 이동: r15 → r14 → D3 (유목민의 사원(D3)에서 무역: 불)",
    }
    cases = {
        "move r1-D3/r5": "the ship back on river r5",
        "merchant G5": "places a merchant on G5",
        "build G2 by merchant": "builds a dwelling on G2, paid with the merchant there",
        "action SYSHIP": "uses the special action “shipyard: build a ship”",
        "action BONM3": "uses the bonus tile's action “move ships”",
        "-MOVE": "gives up the ship move",
        "upgrade D3 to SY": "upgrades D3 to a shipyard",
    }
    for text, part in cases.items():
        assert part in words.notation_words(text, view)["en"], text
    walker = {"map": {"hexes": {"G5": {"faction": "fakirs", "building": "D"}}}}
    assert words.notation_words("dock G5", walker)["ko"] == "G5에 창고 마커 배치"
    assert words.notation_words("upgrade G5 to SY", walker)["en"] == "upgrades G5 to a market"
