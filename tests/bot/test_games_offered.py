"""The lobby offers a game only once it has a Discord side: an engine can land first."""

import rules
from bot import games
from tests.example_game import ENGINE_TARGET, NAME, registered


def test_an_engine_without_a_discord_side_is_not_offered():
    with registered():
        rules.register("engine_only", ENGINE_TARGET)
        try:
            assert "engine_only" in rules.available()
            offered = games.offered(rules.available())
            assert NAME in offered and "engine_only" not in offered
        finally:
            rules.ENGINES.pop("engine_only", None)

