"""Every text a Citadels player reads, in Korean and English: events, decisions and choice
labels of seeded random games, rendered the way the Discord adapter renders them (names
filled in by bot.citadels_ui.event_params from the reader's view; choice labels through
bot.cogs.texts.Texts.choice, which must name players, never show `p<n>` or an id), and the
lobby labels (with None's own label for options decided automatically)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.cogs.texts import Texts
from bot.components import BUTTON_LABEL_MAX
from bot.games.citadels.ui import CHARACTER_PARAMS, SEAT_PARAMS, choice_label, event_params
from bot.i18n import describe_choice, describe_decision, describe_event, has, t
from bot.table_options import NONE_VALUE, option_specs, value_key
from rules.citadels import Citadels, Options
from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPE_NAMES
from rules.core import Choice, Decision, Event, Rng
from storage.base import GameRecord

ENGINE = Citadels()
LANGS = ("en", "ko")
NAMES = ["Alice", "Bruno", "Chloe", "Dahye", "Emeka", "Farid", "Gwen", "Hiroshi"]
# (seats, options, seed): every player count, every character set
GAMES: list[tuple[int, dict[str, Any], int]] = [
    (2, {"cast": "first_game"}, 11), (3, {"cast": "A"}, 12), (4, {"cast": "B"}, 13),
    (5, {"cast": "C"}, 14), (6, {"cast": "D"}, 15), (7, {"cast": "E"}, 16),
    (8, {"cast": "F"}, 17), (5, {"cast": "random", "use_rank9": True}, 18),
    (4, {"cast": "D"}, 19), (3, {"cast": "B"}, 20),
]
NAME_PARAMS = {"card_name": "card", "mine_name": "mine", "card_names": "cards"}
RAW_KEY = re.compile(r"\b(?:ev|decide|decision|choice|err|option)\.[a-z_]")
IDS = {*CHARACTER, *DISTRICT, *TYPE_NAMES}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# English names of characters and districts, which a Korean text must not show
ENGLISH_NAME = re.compile("|".join(
    rf"\b{re.escape(x.en)}\b" for x in [*CHARACTER.values(), *DISTRICT.values()]), re.I)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_]+", text))


def check_text(text: str, lang: str, where: str) -> None:
    assert text.strip(), f"empty text: {where}"
    assert "{" not in text and "}" not in text, f"placeholder left: {text!r} ({where})"
    assert not RAW_KEY.search(text), f"raw key: {text!r} ({where})"
    words = _words(text)
    assert not words & {"True", "False", "None"}, f"raw value: {text!r} ({where})"
    raw = {w for w in words if "_" in w} if lang == "en" else words & IDS
    assert not raw, f"raw id {raw} in {text!r} ({where})"
    if lang == "ko":
        assert HANGUL.search(text), f"no Korean in {text!r} ({where})"
        assert not ENGLISH_NAME.search(text), f"English name in {text!r} ({where})"


def _one_name(value: Any, lang: str) -> list[str]:
    if isinstance(value, dict):
        return [value[lang]]
    return [n for v in value for n in _one_name(v, lang)] if isinstance(value, list) else []


def check_names(text: str, params: dict[str, Any], lang: str, template: str, where: str) -> None:
    """Each seat, character and district the template shows comes out as its name."""
    for key, value in params.items():
        if "{" + key + "}" not in template:
            continue
        seats = value if isinstance(value, list) else [value]
        if key in SEAT_PARAMS:
            for s in seats:
                assert NAMES[s] in text, f"seat {s} not named in {text!r} ({where})"
        elif key in CHARACTER_PARAMS:
            for c in seats:
                name = getattr(CHARACTER[c], lang)
                assert name in text, f"{c} not named in {text!r} ({where})"
        elif key in NAME_PARAMS:
            for name in _one_name(value, lang):
                assert name in text, f"{name} missing in {text!r} ({where})"
        elif key in ("card", "mine", "cards", "kind") and isinstance(value, str):
            raise AssertionError(f"template shows the id {{{key}}}: {template!r}")


def template(key: str, lang: str) -> str:
    return ENGINE.messages[lang].get(key) or ENGINE.messages["en"][key]


def render_event(event: Event, view: dict[str, Any], lang: str) -> str:
    params = event_params(event.params, view, NAMES)
    text = describe_event(event.model_copy(update={"params": params}), lang)
    where = f"{event.key} {event.params}"
    check_text(text, lang, where)
    check_names(text, event.params, lang, template(event.key, lang), where)
    return text


def render_decision(decision: Decision, view: dict[str, Any], lang: str) -> str:
    params = event_params(decision.params, view, NAMES)
    text = describe_decision(decision.model_copy(update={"params": params}), lang)
    where = f"{decision.kind} {decision.params}"
    check_text(text, lang, where)
    check_names(text, decision.params, lang, template(decision.kind, lang), where)
    return text


SEAT_NOTATION = re.compile(r"\bp\d+\b|#\d|\d+번\b")
# action key -> how the label must show it
SEAT_KEYS, CARD_KEYS = ("seat", "from"), ("card", "mine", "via")


def texts_for(state: dict[str, Any], lang: str, names: list[str] = NAMES) -> Texts:
    now = datetime.now(UTC)
    record = GameRecord(id=1, game="citadels", status="running", guild_id=1, channel_id=2,
                        thread_id=3, host_id=4, lang=lang, seats=list(range(len(names))),
                        snapshot=state, created_at=now, updated_at=now)
    return Texts(game=record, lang=lang, view={}, names=names)


def check_choice(label: str, choice: Choice, lang: str) -> None:
    """A label names every player, character and district of its action; no notation."""
    where = f"choice {choice.action}"
    check_text(label, lang, where)
    assert not SEAT_NOTATION.search(label), f"seat notation in {label!r} ({where})"
    assert len(label) <= BUTTON_LABEL_MAX, f"too long: {label!r}"
    action = choice.action
    for key in SEAT_KEYS:
        if key in action:
            assert NAMES[action[key]] in label, f"seat not named in {label!r} ({where})"
    if "character" in action:
        assert getattr(CHARACTER[action["character"]], lang) in label, where
    for key in CARD_KEYS:
        if key in action:
            assert getattr(DISTRICT[action[key]], lang) in label, where


def render_choice(choice: Choice, state: dict[str, Any], lang: str) -> str:
    """The button label as the adapter makes it (bot/cogs/texts.Texts.choice)."""
    label = texts_for(state, lang).choice(choice)
    assert label == choice_label(choice, NAMES, lang), "a Citadels label fell back"
    check_choice(label, choice, lang)
    return label


def play(seats: int, options: dict[str, Any], seed: int) -> Iterator[
        tuple[dict[str, Any], list[Event], list[Decision]]]:
    """Seeded random play: yields (state, events of the last action, open decisions)."""
    state = ENGINE.setup(options, seats, seed)
    rng = Rng(seed)
    events: list[Event] = []
    while True:
        decisions = ENGINE.decisions(state)
        yield state, events, decisions
        if not decisions:
            return
        d = rng.choice(decisions)
        state, events = ENGINE.apply(state, d.seat, rng.choice(d.choices).action)


def render_step(state: dict[str, Any], events: list[Event], decisions: list[Decision],
                lang: str) -> Iterator[tuple[int | None, str]]:
    """(reader seat or None for the thread, text) for one step, as the adapter posts it."""
    views: dict[int | None, dict[str, Any]] = {}

    def view(seat: int | None) -> dict[str, Any]:
        if seat not in views:
            views[seat] = ENGINE.view(state, seat)
        return views[seat]

    for e in events:
        yield e.seat, render_event(e, view(e.seat), lang)
    for d in decisions:
        reader = d.seat if d.private else None
        labels = " | ".join(render_choice(c, state, lang) for c in d.choices or [])
        yield reader, f"{NAMES[d.seat]}> {render_decision(d, view(reader), lang)} [{labels}]"


@pytest.mark.parametrize(("seats", "options", "seed"), GAMES)
def test_every_text_of_a_random_game_reads_in_both_languages(
        seats: int, options: dict[str, Any], seed: int) -> None:
    lines = 0
    for state, events, decisions in play(seats, options, seed):
        for lang in LANGS:
            lines += sum(1 for _ in render_step(state, events, decisions, lang))
    assert lines > 200


def test_the_random_games_show_most_event_keys() -> None:
    """Guards the sample above: a catalogue key no game reaches is checked statically only."""
    seen: set[str] = set()
    for seats, options, seed in GAMES:
        for _, events, decisions in play(seats, options, seed):
            seen.update(e.key for e in events)
            seen.update(d.kind for d in decisions)
    emitted = {k for k in ENGINE.messages["en"] if k.startswith(("citadels.ev.", "citadels.decide."))}
    assert not seen - emitted  # every key the engine emits has a text
    assert len(seen) >= 0.75 * len(emitted), sorted(emitted - seen)


SAMPLE = {"s": 0, "target": 1, "by": 2, "victims": [1, 3], "winners": [0, 2],
          "character": "tax_collector", "card": "great_wall", "mine": "thieves_den",
          "cards": ["haunted_quarter", "temple"], "kind": "religious",
          "heir": {"en": "the King's heir", "ko": "왕위 계승자"}}
ALL_CHARACTERS = {"characters": [{"id": c.id, "name": {"en": c.en, "ko": c.ko}}
                                 for c in CHARACTER.values()]}


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_and_decision_template_renders_with_names(lang: str) -> None:
    """Also the keys a random game rarely reaches (Armory, the Emperor's advisor...)."""
    from rules.citadels.table import add_names

    for key, text in ENGINE.messages[lang].items():
        if not key.startswith(("citadels.ev.", "citadels.decide.")):
            continue
        fields = set(re.findall(r"{(\w+)}", text))
        params = {k: v for k, v in SAMPLE.items() if k in fields or f"{k}_name" in fields
                  or (k == "cards" and "card_names" in fields)}
        params.update({f: 3 for f in fields if f not in params and not f.endswith(
            ("_name", "_names"))})
        add_names(params)
        if "kind_name" in fields:
            params["kind_name"] = TYPE_NAMES[params.pop("kind")]
        render_event(Event(key=key, params=params), ALL_CHARACTERS, lang)


def test_catalogue_keys_match_in_both_languages_with_the_same_placeholders() -> None:
    en, ko = ENGINE.messages["en"], ENGINE.messages["ko"]
    assert set(en) == set(ko)
    for key in en:
        fields = set(re.findall(r"{(\w+)}", en[key]))
        assert fields == set(re.findall(r"{(\w+)}", ko[key])), key
        assert not fields & {"card", "mine", "cards", "kind", "what", "flower"} or key in (
            "citadels.ev.income",), f"{key} shows an id or a raw value"


def test_the_bot_finds_every_catalogue_key() -> None:
    for key in ENGINE.messages["en"]:
        assert has(key, "en") and has(key, "ko"), key


def test_choices_without_arguments_have_labels() -> None:
    gold, end = Choice(action={"type": "gold"}, text="gold"), Choice(action={"type": "end"},
                                                                     text="end")
    assert describe_choice(gold, "ko", "citadels") == "금화 2닢 받기"
    assert describe_choice(end, "en", "citadels") == "End turn"


NAMED = ["Jiyoung", "Minsu"]
# (action, English label, Korean label) with NAMED as the players
LABELS: list[tuple[dict[str, Any], str, str]] = [
    # a paid action's label says its price (rules.citadels.abilities.PRICED)
    ({"type": "destroy", "seat": 1, "card": "watchtower", "price": 0},
     "Destroy Minsu's Watchtower — free", "Minsu 님의 망루 파괴 — 공짜"),
    ({"type": "destroy", "seat": 1, "card": "castle", "price": 3},
     "Destroy Minsu's Castle — 3 gold", "Minsu 님의 성 파괴 — 금화 3닢"),
    ({"type": "seize", "seat": 1, "card": "manor", "price": 3},
     "Seize Minsu's Manor — 3 gold", "Minsu 님의 저택 점령 — 금화 3닢"),
    ({"type": "exchange", "seat": 1, "card": "castle", "mine": "temple", "price": 3},
     "Swap your Temple for Minsu's Castle — 3 gold",
     "내 사원 건물과 Minsu 님의 성 건물 교환 — 금화 3닢"),
    ({"type": "take", "character": "tax_collector"}, "Take the Tax Collector", "세리 캐릭터 선택"),
    ({"type": "theater", "seat": 0, "character": "king"}, "Swap your King with Jiyoung",
     "내 왕 캐릭터를 Jiyoung 님과 교환"),
    ({"type": "crown", "seat": 1, "take": "gold"}, "Crown Minsu, take 1 gold",
     "Minsu 님에게 왕관 주고 금화 1닢 받기"),
    ({"type": "build", "card": "castle", "from": 1}, "Build Castle with gold from Minsu",
     "Minsu 님의 금화로 성 건물 건설"),
    ({"type": "spy", "seat": 1, "kind": "trade"}, "Spy on Minsu: trade districts",
     "Minsu 님의 손에 든 카드 보기: 상업 건물 선언"),
]


@pytest.mark.parametrize(("action", "en", "ko"), LABELS)
def test_choice_labels_name_players_characters_and_districts(
        action: dict[str, Any], en: str, ko: str) -> None:
    state = ENGINE.setup({}, 2, 1)
    text = ENGINE.format(state, action, "en")
    choice = Choice(action=action, text=text)
    assert texts_for(state, "en", NAMED).choice(choice) == en
    assert texts_for(state, "ko", NAMED).choice(choice) == ko
    # the label is presentation: the notation is unchanged and still reads back
    # (a price is no word of the line: read back where these districts are not, none)
    unpriced = {k: v for k, v in action.items() if k != "price"}
    assert choice.text == text and ENGINE.parse(state, 0, text) == unpriced


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_type_and_group_has_a_label(lang: str) -> None:
    """Each verb of the notation has a label key (so no Citadels button falls back), and
    each group of a turn's choices a name (a private one also says when it is empty)."""
    from rules.citadels.notation import VERBS, WRITTEN_ONLY
    from rules.citadels.stages import GROUPS

    keys = set(ENGINE.messages[lang])
    for verb in VERBS:
        if verb in WRITTEN_ONLY:  # the menus of old stored games: never a button now
            continue
        variants = [k for k in keys if k == f"citadels.choice.{verb}" or k.startswith(f"citadels.choice.{verb}_")]
        assert variants, verb
    texts = texts_for(ENGINE.setup({}, 2, 1), lang)
    for group in GROUPS.values():
        for kind in (group.key, f"{group.key}.empty") if group.private else (group.key,):
            assert has(f"citadels.kind.{kind}", lang), kind
            assert texts.kind_label(kind) == t(f"citadels.kind.{kind}", lang)


def test_a_label_with_long_names_stays_within_discords_limit_after_clipping() -> None:
    from bot.components import clip

    long_names = ["x" * 32, "y" * 32]
    state = ENGINE.setup({}, 2, 1)
    action = {"type": "exchange", "seat": 1, "card": "haunted_quarter", "mine": "thieves_den",
              "price": 10}
    label = texts_for(state, "en", long_names).choice(Choice(action=action, text="x"))
    assert "y" * 32 in label
    assert len(clip(label, BUTTON_LABEL_MAX)) <= BUTTON_LABEL_MAX


def test_ids_in_a_template_are_caught() -> None:
    with pytest.raises(AssertionError):
        check_text("Alice builds great_wall.", "en", "test")
    with pytest.raises(AssertionError):
        check_text("Alice 님이 watchtower 건물을 건설합니다.", "ko", "test")
    with pytest.raises(AssertionError):
        check_text("Alice 님이 Town Hall 건물을 건설합니다.", "ko", "test")
    with pytest.raises(AssertionError):
        check_names("Alice builds it.", {"s": 0, "card_name": {"en": "Temple", "ko": "사원"}},
                    "en", "{s} builds {card_name}.", "test")


def test_a_destroyed_card_and_another_hand_are_named_without_any_view() -> None:
    event = Event(key="citadels.ev.destroyed", params={"s": 0, "target": 1, "card": "watchtower",
                                              "gold": 0})
    from rules.citadels.table import add_names

    add_names(event.params)
    assert render_event(event, {}, "ko") == "Alice 님이 금화 0닢을 내고 Bruno 님의 망루 건물을 파괴합니다."
    assert render_event(event, {}, "en") == "Alice destroys Bruno's Watchtower, paying 0 gold."
    sees = Event(key="citadels.ev.spy_sees", params={"target": 2, "cards": []}, seat=0)
    add_names(sees.params)
    assert render_event(sees, {}, "ko") == "Chloe 님의 손에 든 카드: 없음."


@pytest.mark.parametrize("lang", LANGS)
def test_every_lobby_option_and_value_has_a_label(lang: str) -> None:
    for name in Options.model_fields:
        label = t(f"citadels.option.{name}", lang)
        check_text(label, lang, name)
        assert label != f"citadels.option.{name}" and len(label) <= 100
    specs = option_specs("citadels", Options)
    assert {s.name for s in specs} >= {"cast", "rank9", "three_player_discard", "crown"}
    for spec in specs:
        assert has(spec.label_key, lang), spec.label_key
        for value, key in spec.value_keys.items():
            label = t(key, lang)
            assert label != key and len(label) <= 100, (spec.name, value)
            check_text(label, lang, key)
        if spec.nullable:  # None = decided automatically: a label, not "No" or "None"
            assert NONE_VALUE in spec.value_keys, spec.name


@pytest.mark.parametrize("lang", LANGS)
def test_automatic_options_show_their_own_label_for_none(lang: str) -> None:
    from bot.cogs.lobby import value_label

    specs = {s.name: s for s in option_specs("citadels", Options)}
    rank9, use_rank9 = specs["rank9"], specs["use_rank9"]
    assert rank9.nullable and use_rank9.nullable
    assert value_key(rank9, None) == "citadels.option.rank9.none"
    assert value_key(use_rank9, None) == "citadels.option.use_rank9.none"
    assert value_key(rank9, "queen") == "citadels.option.rank9.queen"
    # the crown names a player; unset, the engine's default seat is the host's
    assert specs["crown"].kind == "seat" and not specs["crown"].nullable
    assert value_key(specs["crown"], None) == "table.option.seat.default"
    assert value_label(specs["crown"], None, lang) == t("table.option.seat.default", lang)
    assert value_label(rank9, None, lang) == t("citadels.option.rank9.none", lang)
    assert t("citadels.option.use_rank9.none", lang) not in (t("discord.no", lang), "None")


@pytest.mark.parametrize("lang", LANGS)
def test_a_king_is_revealed_before_he_takes_the_crown_in_the_threads_lines(lang: str) -> None:
    # the public lines of one apply, in the order the publisher posts them (events with no
    # seat, as they come); the King's reveal, then his crown
    from tests.rules.citadels.test_polish_order import crowned_next

    state = crowned_next("king")
    new, events = ENGINE.apply(state, 0, {"type": "end"})
    view = ENGINE.view(new, None)
    lines = [render_event(e, view, lang) for e in events if e.seat is None]
    reveal = t("citadels.ev.reveal", lang, s=NAMES[2], character=CHARACTER_NAME["king"])
    crown = t("citadels.ev.crown_taken", lang, s=NAMES[2])
    assert lines.index(reveal) + 1 == lines.index(crown), lines


CHARACTER_NAME = {c: {"en": CHARACTER[c].en, "ko": CHARACTER[c].ko} for c in CHARACTER}
