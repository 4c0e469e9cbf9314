"""Persistent buttons and selects: their custom_ids carry everything a click needs.

A custom_id names the game, the decision and the choice, so a click on a message posted
before a restart still works, and a click on a decision that has moved on is recognised
as stale (the choice's text hash no longer matches). The DynamicItem callbacks only
decode, and answer a click naming no game (forged, or deleted since) as stale themselves;
the cogs do the work (looked up on the bot by name).
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.cogs.replies import refuse
from storage.base import GameNotFound

log = logging.getLogger("bot.components")

CUSTOM_ID_MAX = 100
BUTTONS_PER_ROW = 5
MAX_ROWS = 5
MAX_BUTTONS = BUTTONS_PER_ROW * MAX_ROWS  # 25
SELECT_MAX_OPTIONS = 25
SELECTS_PER_PAGE = MAX_ROWS - 1  # the last row keeps room for the "more" button
BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100
KEY_MAX = 40  # longer decision keys (or ones with odd characters) are hashed

_SAFE_KEY = re.compile(rf"[A-Za-z0-9._\-]{{1,{KEY_MAX}}}")
_KEY = r"(?P<key>[A-Za-z0-9._\-~]+)"

CHOICE_TEMPLATE = rf"bg:(?P<game>\d+):{_KEY}:(?P<idx>\d+):(?P<hash>[0-9a-f]{{4}})"
SELECT_TEMPLATE = rf"bgs:(?P<game>\d+):{_KEY}:(?P<start>\d+)"
MORE_TEMPLATE = rf"bgm:(?P<game>\d+):{_KEY}:(?P<page>\d+)"
LOBBY_TEMPLATE = r"bgl:(?P<game>\d+):(?P<op>join|leave|start|cancel)"
OPTION_TEMPLATE = r"bgo:(?P<game>\d+):(?P<name>[A-Za-z0-9_]{1,60})"
PRIVATE_TEMPLATE = r"bgp:(?P<game>\d+)"
WINDOW_TEMPLATE = rf"bgw:(?P<game>\d+):{_KEY}"  # a window's shared message: "My choices"
OPTION_MENU_TEMPLATE = r"bgq:(?P<game>\d+)"
KIND_MAX = 20
KIND_TEMPLATE = rf"bgk:(?P<game>\d+):{_KEY}"
KIND_PAGE_TEMPLATE = (
    rf"bgkm:(?P<game>\d+):{_KEY}:(?P<kind>[A-Za-z0-9_]{{1,{KIND_MAX}}}):(?P<page>\d+)"
)

LOBBY_OPS = ("join", "leave", "start", "cancel")
# The looks a game's UI may give a choice button (GameUI.choice_style); others: primary.
CHOICE_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
                 "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def choice_hash(text: str) -> str:
    """Four hex digits of the choice's notation: a changed choice no longer matches."""
    return _digest(text)[:4]


def key_token(key: str) -> str:
    """The decision key as it appears in a custom_id: itself if short and plain, else hashed."""
    return key if _SAFE_KEY.fullmatch(key) else "~" + _digest(key)[:12]


def key_matches(token: str, key: str) -> bool:
    return key_token(key) == token


@dataclass(frozen=True)
class ChoiceRef:
    """A decoded choice click: game, decision (as its token), index, text hash."""

    game_id: int
    key: str
    index: int
    hash4: str

    def matches(self, decision_key: str, choice_text: str) -> bool:
        return key_matches(self.key, decision_key) and choice_hash(choice_text) == self.hash4


def encode_choice(game_id: int, decision_key: str, index: int, choice_text: str) -> str:
    custom_id = f"bg:{game_id}:{key_token(decision_key)}:{index}:{choice_hash(choice_text)}"
    assert len(custom_id) <= CUSTOM_ID_MAX  # key tokens are bounded, so this always holds
    return custom_id


GAME_ID_MAX = 2**63 - 1  # the largest id a store's integer key can hold
INDEX_MAX = 10**6  # no decision lists a million choices nor a page that many


def number_of(text: str, maximum: int) -> int | None:
    """A custom_id's number (a game id, an index, a page); None for one no game can name:
    other than ASCII digits, or over `maximum` (a store cannot even look such an id up)."""
    if not text.isascii() or not text.isdigit() or len(text) > len(str(maximum)):
        return None
    value = int(text)
    return value if value <= maximum else None


def decode_choice(custom_id: str) -> ChoiceRef | None:
    match = re.fullmatch(CHOICE_TEMPLATE, custom_id)
    if match is None:
        return None
    game, index = number_of(match["game"], GAME_ID_MAX), number_of(match["idx"], INDEX_MAX)
    if game is None or index is None:
        return None
    return ChoiceRef(game, match["key"], index, match["hash"])


def encode_select_value(index: int, choice_text: str) -> str:
    return f"{index}:{choice_hash(choice_text)}"


def decode_select_value(value: str) -> tuple[int, str] | None:
    match = re.fullmatch(r"(\d+):([0-9a-f]{4})", value)
    index = number_of(match[1], INDEX_MAX) if match else None
    return (index, match[2]) if match and index is not None else None


def clip(text: str, limit: int) -> str:
    """Discord rejects labels over the limit; cut with an ellipsis, at a word boundary
    where one is near enough ("… 4 VP per…", not "… 4 VP per sanctua…")."""
    text = " ".join(text.split()) or "-"
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,;:·-") + "…"


# ---------------------------------------------------------------------------
# Layout: which choices become buttons, which a select, on which row. Pure, for tests.


@dataclass
class ButtonSpec:
    index: int
    label: str
    row: int


@dataclass
class SelectSpec:
    start: int  # index of its first choice (also in its custom_id)
    row: int
    options: list[tuple[int, str]] = field(default_factory=list)  # (choice index, label)


@dataclass
class Layout:
    buttons: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)
    more_page: int | None = None  # the page a "more" button opens, if any


def plan_choices(labels: list[str], page: int = 0) -> Layout:
    """Up to 25 choices as buttons, 5 a row; more as selects of 25, 4 a page, then "more"."""
    if len(labels) <= MAX_BUTTONS:
        return Layout(
            buttons=[
                ButtonSpec(i, clip(label, BUTTON_LABEL_MAX), i // BUTTONS_PER_ROW)
                for i, label in enumerate(labels)
            ]
        )
    per_page = SELECTS_PER_PAGE * SELECT_MAX_OPTIONS
    first = page * per_page
    last = min(first + per_page, len(labels))
    layout = Layout(more_page=page + 1 if last < len(labels) else None)
    for row, start in enumerate(range(first, last, SELECT_MAX_OPTIONS)):
        stop = min(start + SELECT_MAX_OPTIONS, last)
        options = [(i, clip(labels[i], OPTION_LABEL_MAX)) for i in range(start, stop)]
        layout.selects.append(SelectSpec(start=start, row=row, options=options))
    return layout


def kind_token(kind: str) -> str:
    """A choice kind as it appears in a custom_id or select value."""
    return re.sub(r"[^A-Za-z0-9_]", "_", kind)[:KIND_MAX] or "other"


def group_choices(kinds: list[str]) -> dict[str, list[int]] | None:
    """Choice indices by kind (first-seen order) when more than 25 choices fall into 2 to 25
    kinds; None when a kind menu would not help (the choices then page as selects)."""
    if len(kinds) <= MAX_BUTTONS:
        return None
    groups: dict[str, list[int]] = {}
    for index, kind in enumerate(kinds):
        groups.setdefault(kind_token(kind), []).append(index)
    return groups if 2 <= len(groups) <= SELECT_MAX_OPTIONS else None


# ---------------------------------------------------------------------------
# The cogs that handle clicks (looked up by cog name on the bot).


class ChoiceHandler(Protocol):
    async def on_choice(self, interaction: discord.Interaction, ref: ChoiceRef) -> None: ...

    async def on_more(
        self, interaction: discord.Interaction, game_id: int, key: str, page: int
    ) -> None: ...

    async def on_private_view(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_window(
        self, interaction: discord.Interaction, game_id: int, window: str
    ) -> None: ...

    async def on_kind(
        self, interaction: discord.Interaction, game_id: int, key: str, kind: str, page: int
    ) -> None: ...


class LobbyHandler(Protocol):
    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def on_option(
        self, interaction: discord.Interaction, game_id: int, name: str, value: str
    ) -> None: ...

    async def on_option_menu(
        self, interaction: discord.Interaction, game_id: int, name: str
    ) -> None: ...


PLAY_COG = "Play"
LOBBY_COG = "Lobby"


async def open_game(interaction: discord.Interaction, text: str) -> int | None:
    """The game a click names, if it exists. Otherwise (a forged id, one no store can hold,
    a game since deleted) the click is answered "that choice is no longer open", as a stale
    decision's is, and None returned: the cogs only ever see games that exist."""
    game_id = number_of(text, GAME_ID_MAX)
    if game_id is not None:
        try:
            await interaction.client.store.get_game(game_id)  # type: ignore[attr-defined]
            return game_id
        except GameNotFound:
            pass
    try:
        await refuse(interaction.client, interaction, "table.stale")  # type: ignore[arg-type]
    except Exception:  # the interaction itself may be gone
        log.exception("could not answer interaction %s", interaction.id)
    return None


async def stale(interaction: discord.Interaction) -> None:
    await open_game(interaction, "")


def _cog(interaction: discord.Interaction, name: str) -> Any:
    cog = interaction.client.get_cog(name)  # type: ignore[attr-defined]
    if cog is None:
        raise RuntimeError(f"cog {name} is not loaded")
    return cog


class Rebuilt:
    """A DynamicItem rebuilt from its custom_id alone (the id carries all its state), so a
    click on a message posted before a restart still reaches its callback."""

    match: re.Match[str]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        self = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(self, item)  # type: ignore[arg-type]
        self.match = match
        return self


class ChoiceButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=CHOICE_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        decision_key: str,
        index: int,
        choice_text: str,
        label: str,
        *,
        row: int | None = None,
        disabled: bool = False,
        style: str | None = None,  # a ButtonStyle's name, as the game's UI marks the choice
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=CHOICE_STYLES.get(style or "", discord.ButtonStyle.primary),
                custom_id=encode_choice(game_id, decision_key, index, choice_text),
                disabled=disabled,
            ),
            row=row,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = decode_choice(self.item.custom_id or "")
        if ref is None or await open_game(interaction, str(ref.game_id)) is None:
            if ref is None:
                await stale(interaction)
            return
        handler: ChoiceHandler = _cog(interaction, PLAY_COG)
        await handler.on_choice(interaction, ref)


class ChoiceSelect(Rebuilt, discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        decision_key: str,
        start: int,
        options: list[tuple[int, str, str]],  # (choice index, choice text, label)
        placeholder: str,
        *,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"bgs:{game_id}:{key_token(decision_key)}:{start}",
                placeholder=clip(placeholder, 150),
                options=[
                    discord.SelectOption(
                        label=clip(label, OPTION_LABEL_MAX),
                        value=encode_select_value(index, text),
                    )
                    for index, text, label in options
                ],
                min_values=1,
                max_values=1,
            ),
            row=row,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        picked = decode_select_value(self.item.values[0]) if self.item.values else None
        handler: ChoiceHandler = _cog(interaction, PLAY_COG)
        if match is None or picked is None:
            await stale(interaction)  # forged
            return
        game_id = await open_game(interaction, match["game"])
        if game_id is not None:
            await handler.on_choice(interaction, ChoiceRef(game_id, match["key"], *picked))


class MoreButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=MORE_TEMPLATE):
    def __init__(self, game_id: int, decision_key: str, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=discord.ButtonStyle.secondary,
                custom_id=f"bgm:{game_id}:{key_token(decision_key)}:{page}",
            ),
            row=MAX_ROWS - 1,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        page = number_of(match["page"], INDEX_MAX) if match else None
        if match is None or page is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: ChoiceHandler = _cog(interaction, PLAY_COG)
            await handler.on_more(interaction, game_id, match["key"], page)


class PrivateViewButton(
    Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=PRIVATE_TEMPLATE
):
    """In the thread, for seats whose DMs are closed: answers with the private view."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=discord.ButtonStyle.secondary,
                custom_id=f"bgp:{game_id}",
                emoji="🔒",
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: ChoiceHandler = _cog(interaction, PLAY_COG)
            await handler.on_private_view(interaction, game_id)


class WindowButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=WINDOW_TEMPLATE):
    """On a window's shared message (several seats decide at once): answers the clicker
    alone with their own open decisions of that window (`window` as a key token)."""

    def __init__(self, game_id: int, window: str, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=discord.ButtonStyle.primary,
                custom_id=f"bgw:{game_id}:{key_token(window)}",
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: ChoiceHandler = _cog(interaction, PLAY_COG)
            await handler.on_window(interaction, game_id, match["key"])


class KindSelect(Rebuilt, discord.ui.DynamicItem[discord.ui.Select], template=KIND_TEMPLATE):
    """A big decision's first menu: the kinds of its choices; picking one opens that kind's
    choices ephemerally for the decider."""

    def __init__(
        self,
        game_id: int,
        decision_key: str,
        kinds: list[tuple[str, str]],  # (kind, label)
        placeholder: str,
        *,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"bgk:{game_id}:{key_token(decision_key)}",
                placeholder=clip(placeholder, 150),
                options=[
                    discord.SelectOption(
                        label=clip(label, OPTION_LABEL_MAX), value=kind_token(kind)
                    )
                    for kind, label in kinds[:SELECT_MAX_OPTIONS]
                ],
                min_values=1,
                max_values=1,
            ),
            row=row,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None or not self.item.values:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: ChoiceHandler = _cog(interaction, PLAY_COG)
            await handler.on_kind(
                interaction, game_id, match["key"], kind_token(self.item.values[0]), 0
            )


class KindMoreButton(
    Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=KIND_PAGE_TEMPLATE
):
    """The next page of one kind's choices."""

    def __init__(self, game_id: int, decision_key: str, kind: str, page: int, label: str) -> None:
        custom_id = f"bgkm:{game_id}:{key_token(decision_key)}:{kind_token(kind)}:{page}"
        assert len(custom_id) <= CUSTOM_ID_MAX
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
            ),
            row=MAX_ROWS - 1,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        page = number_of(match["page"], INDEX_MAX) if match else None
        if match is None or page is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: ChoiceHandler = _cog(interaction, PLAY_COG)
            await handler.on_kind(interaction, game_id, match["key"], match["kind"], page)


LOBBY_STYLES: dict[str, discord.ButtonStyle] = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


class LobbyButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=LOBBY_TEMPLATE):
    def __init__(self, game_id: int, op: str, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=LOBBY_STYLES[op],
                custom_id=f"bgl:{game_id}:{op}",
                disabled=disabled,
            ),
            row=MAX_ROWS - 1,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: LobbyHandler = _cog(interaction, LOBBY_COG)
            await handler.on_lobby(interaction, game_id, match["op"])


class OptionSelect(Rebuilt, discord.ui.DynamicItem[discord.ui.Select], template=OPTION_TEMPLATE):
    """One lobby option; each value's select value is its index in the option's values."""

    def __init__(
        self,
        game_id: int,
        name: str,
        values: list[tuple[str, str, bool]],  # (value, label, is current)
        placeholder: str,
        *,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"bgo:{game_id}:{name}",
                placeholder=clip(placeholder, 150),
                options=[
                    discord.SelectOption(
                        label=clip(label, OPTION_LABEL_MAX), value=value[:100], default=current
                    )
                    for value, label, current in values[:SELECT_MAX_OPTIONS]
                ],
            ),
            row=row,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None or not self.item.values:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: LobbyHandler = _cog(interaction, LOBBY_COG)
            await handler.on_option(interaction, game_id, match["name"], self.item.values[0])


MENU_PAGE = "~page:"  # an option menu entry's value that opens its next page (no option name)


def menu_page(count: int, page: int) -> tuple[range, int | None]:
    """Which of `count` menu entries one page shows, and the page its "more" entry opens:
    all of them if they fit one select, else 24 a page and a 25th entry for the rest."""
    if count <= SELECT_MAX_OPTIONS:
        return range(count), None
    per_page = SELECT_MAX_OPTIONS - 1
    first = max(0, min(page, (count - 1) // per_page)) * per_page
    shown = range(first, min(first + per_page, count))
    return shown, (page + 1 if shown.stop < count else None)


def menu_page_of(value: str) -> int | None:
    """The page a menu value opens, if it is a "more" entry."""
    return number_of(value[len(MENU_PAGE):], INDEX_MAX) if value.startswith(MENU_PAGE) else None


class OptionMenuSelect(
    Rebuilt, discord.ui.DynamicItem[discord.ui.Select], template=OPTION_MENU_TEMPLATE
):
    """For games with many options: pick which option to change (its values come next).
    Past 25 options the menu pages: its last entry opens the next page (privately)."""

    def __init__(
        self,
        game_id: int,
        options: list[tuple[str, str, str]],  # (option name, label, current value label)
        placeholder: str,
        *,
        row: int | None = None,
        page: int = 0,
        more_label: str = "More…",
    ) -> None:
        shown, more = menu_page(len(options), page)
        entries = [
            discord.SelectOption(
                label=clip(label, OPTION_LABEL_MAX),
                value=name[:100],
                description=clip(current, OPTION_LABEL_MAX),
            )
            for name, label, current in (options[i] for i in shown)
        ]
        if more is not None:
            entries.append(discord.SelectOption(label=clip(more_label, OPTION_LABEL_MAX),
                                                value=f"{MENU_PAGE}{more}"))
        super().__init__(
            discord.ui.Select(
                custom_id=f"bgq:{game_id}",
                placeholder=clip(placeholder, 150),
                options=entries,
            ),
            row=row,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None or not self.item.values:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            handler: LobbyHandler = _cog(interaction, LOBBY_COG)
            await handler.on_option_menu(interaction, game_id, self.item.values[0])


TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_MAX = 1000


class OptionTextModal(discord.ui.Modal):
    """A lobby option typed as text (a list of ids). Modals are answered within minutes of
    opening, so this one lives in memory only; its submit goes to the Lobby cog like a
    select's value."""

    def __init__(
        self, game_id: int, name: str, title: str, label: str, current: str, hint: str
    ) -> None:
        super().__init__(title=clip(title, TEXT_INPUT_LABEL_MAX),
                         custom_id=f"bgt:{game_id}:{name}"[:CUSTOM_ID_MAX], timeout=900)
        self.game_id = game_id
        self.name = name
        self.text: discord.ui.TextInput[OptionTextModal] = discord.ui.TextInput(
            label=clip(label, TEXT_INPUT_LABEL_MAX),
            style=discord.TextStyle.paragraph,
            default=current[:TEXT_INPUT_MAX] or None,
            placeholder=clip(hint, 100),
            required=False,
            max_length=TEXT_INPUT_MAX,
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        handler: LobbyHandler = _cog(interaction, LOBBY_COG)
        await handler.on_option(interaction, self.game_id, self.name, self.text.value or "")


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    ChoiceSelect,
    MoreButton,
    PrivateViewButton,
    WindowButton,
    LobbyButton,
    OptionSelect,
    OptionMenuSelect,
    KindSelect,
    KindMoreButton,
)


def choice_view(
    game_id: int,
    decision_key: str,
    choices: list[tuple[str, str]],  # (choice text, label) in the decision's order
    *,
    page: int = 0,
    placeholder: str = "…",
    more_label: str = "More…",
    extra: list[discord.ui.Item[Any]] | None = None,
    indices: list[int] | None = None,  # each choice's index in its decision (a kind's subset)
    kind: str | None = None,  # paging within one kind of choices
    styles: list[str | None] | None = None,  # each choice's button style (None: primary)
) -> discord.ui.View:
    """A view with one component per choice, laid out by plan_choices()."""
    view = discord.ui.View(timeout=None)
    index_of = indices if indices is not None else list(range(len(choices)))
    layout = plan_choices([label for _, label in choices], page)
    for spec in layout.buttons:
        text = choices[spec.index][0]
        view.add_item(
            ChoiceButton(
                game_id, decision_key, index_of[spec.index], text, spec.label, row=spec.row,
                style=styles[spec.index] if styles else None,
            )
        )
    for sel in layout.selects:
        opts = [(index_of[i], choices[i][0], label) for i, label in sel.options]
        view.add_item(
            ChoiceSelect(game_id, decision_key, index_of[sel.start], opts, placeholder, row=sel.row)
        )
    if layout.more_page is not None:
        view.add_item(
            MoreButton(game_id, decision_key, layout.more_page, more_label)
            if kind is None
            else KindMoreButton(game_id, decision_key, kind, layout.more_page, more_label)
        )
    for item in extra or []:
        view.add_item(item)
    return view


def kind_view(
    game_id: int,
    decision_key: str,
    kinds: list[tuple[str, str]],  # (kind, label with its count)
    placeholder: str,
) -> discord.ui.View:
    """The first menu of a big decision: one select of its choice kinds."""
    view = discord.ui.View(timeout=None)
    view.add_item(KindSelect(game_id, decision_key, kinds, placeholder, row=0))
    return view
