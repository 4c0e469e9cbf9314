"""Prompt claims: of several bot processes passing over the same new decision, one posts its
prompt (storage/base.py, claim_prompts). Runs on SQLite and PostgreSQL (conftest.py)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from storage import MessageRef, open_store
from tests.storage.conftest import running_game

LEASE = timedelta(seconds=60)


async def test_of_two_stores_claiming_at_once_each_key_goes_to_one(db_path, clock) -> None:
    one, two = await open_store(db_path, clock=clock), await open_store(db_path, clock=clock)
    try:
        game = await running_game(one)
        keys = [f"r1.pick.{i}" for i in range(3)]
        claims = await asyncio.gather(*(
            store.claim_prompts(game.id, list(reversed(keys)) if n % 2 else keys,
                                clock(), LEASE)
            for n, store in enumerate([one, two, one, two])))
        won = [key for claim in claims for key in claim]
        assert sorted(won) == keys  # each key claimed exactly once
        # a later pass over the same decisions gets none of them
        assert await two.claim_prompts(game.id, keys, clock.advance(seconds=5), LEASE) == set()
    finally:
        await one.close()
        await two.close()


async def test_an_unposted_claim_is_taken_over_after_the_lease(store, clock) -> None:
    game = await running_game(store)
    assert await store.claim_prompts(game.id, ["a", "b"], clock(), LEASE) == {"a", "b"}
    await store.record_message(MessageRef(game_id=game.id, channel_id=1, message_id=10,
                                          kind="prompt", seat=0, decision_key="a"))
    clock.advance(seconds=59)
    assert await store.stale_prompt_claims(clock() - LEASE) == []  # "b" within its lease
    assert await store.claim_prompts(game.id, ["a", "b"], clock(), LEASE) == set()
    clock.advance(seconds=1)
    # "b"'s claimer died before posting: listed, and taken over; "a" was posted: never
    assert await store.stale_prompt_claims(clock() - LEASE) == [(game.id, "b")]
    assert await store.claim_prompts(game.id, ["a", "b"], clock(), LEASE) == {"b"}
    assert await store.stale_prompt_claims(clock() - LEASE) == []  # the new claim's lease runs
    clock.advance(hours=1)
    assert await store.claim_prompts(game.id, ["a"], clock(), LEASE) == set()


async def test_a_released_claim_is_claimed_again(store, clock) -> None:
    game = await running_game(store)
    other = await running_game(store)
    await store.claim_prompts(game.id, ["a"], clock(), LEASE)
    await store.claim_prompts(other.id, ["a"], clock(), LEASE)  # keys are per game
    await store.record_message(MessageRef(game_id=game.id, channel_id=1, message_id=11,
                                          kind="prompt", seat=0, decision_key="a"))
    await store.release_prompts(game.id, ["a"])  # closed (and reopened by an undo)
    assert await store.claim_prompts(game.id, ["a"], clock(), LEASE) == {"a"}
    assert await store.claim_prompts(other.id, ["a"], clock(), LEASE) == set()
