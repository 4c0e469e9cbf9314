"""Settings as a compare-and-swap: two stores (as two processes) on one file."""

from __future__ import annotations

import pytest

from storage import open_store
from storage.base import GameNotFound, VersionConflict
from tests.storage.conftest import running_game


async def test_expected_settings_refuse_a_write_over_another_stores_change(db_path) -> None:
    one = await open_store(db_path)
    two = await open_store(db_path)
    try:
        game = await running_game(one)
        read_by_two = await two.get_game(game.id)
        await one.update_settings(game.id, {"votes": [1]}, expected={"votes": None})
        with pytest.raises(VersionConflict):  # two read no votes before one's vote landed
            await two.update_settings(game.id, {"votes": [2]},
                                      expected={"votes": read_by_two.settings.get("votes")})
        assert (await two.get_game(game.id)).settings["votes"] == [1]  # nothing lost
        done = await two.update_settings(game.id, {"votes": [1, 2]}, expected={"votes": [1]})
        assert done.settings["votes"] == [1, 2]
        # other keys are neither compared nor touched
        await one.update_settings(game.id, {"lang": "en"})
        assert (await two.get_game(game.id)).settings == {"votes": [1, 2], "lang": "en"}
    finally:
        await one.close()
        await two.close()


async def test_status_changes_with_the_settings_in_one_write(store) -> None:
    game = await running_game(store)
    with pytest.raises(VersionConflict):
        await store.update_settings(game.id, {"v": 1}, expected_status="lobby",
                                    status="abandoned")
    unchanged = await store.get_game(game.id)
    assert unchanged.status == "running" and "v" not in unchanged.settings
    done = await store.update_settings(game.id, {"v": 1}, expected_status="running",
                                       status="abandoned")
    assert done.status == "abandoned" and done.settings["v"] == 1
    assert (await store.get_game(game.id)).status == "abandoned"
    with pytest.raises(VersionConflict):  # no longer running: a late vote writes nothing
        await store.update_settings(game.id, {"v": 2}, expected_status="running")
    assert (await store.get_game(game.id)).settings["v"] == 1
    with pytest.raises(GameNotFound):
        await store.update_settings(999, {"v": 1}, expected={"v": None})


async def test_set_thread_moves_a_game_and_forgets_the_old_threads_messages(store) -> None:
    from storage.base import MessageRef

    game = await running_game(store)
    await store.set_thread(game.id, 70)
    await store.update_settings(game.id, {"thread_missing": True, "lang": "en"})
    for mid, channel, kind in ((1, 70, "prompt"), (2, 70, "board"), (3, 990, "dm_prompt")):
        await store.record_message(MessageRef(game_id=game.id, channel_id=channel,
                                              message_id=mid, kind=kind))
    moved = await store.set_thread(game.id, 71)
    assert moved.thread_id == 71 and moved.settings == {"lang": "en"}
    assert [m.message_id for m in await store.messages(game.id)] == [3]  # the DM stays
    assert (await store.game_by_thread(71)).id == game.id
    assert await store.game_by_thread(70) is None
    assert moved.status == "running" and moved.version == game.version
    with pytest.raises(GameNotFound):
        await store.set_thread(999, 1)
