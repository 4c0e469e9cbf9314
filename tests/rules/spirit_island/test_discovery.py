"""The platform finds the engine through its package, which exports ENGINE; the lobby offers
it only once the game has a Discord side of its own (bot/games/)."""

import importlib

import rules
from bot import games


def test_discovered_through_its_engine():
    module = importlib.import_module("rules.spirit_island")
    assert module.ENGINE.name == "spirit_island"
    assert "spirit_island" in rules.available()
    assert rules.get_engine("spirit_island").name == "spirit_island"


def test_offered_by_the_lobby_only_with_a_discord_side():
    offered = "spirit_island" in games.offered(rules.available())
    assert offered == ("spirit_island" in games.all_games())
