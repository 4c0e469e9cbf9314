"""Public markers on character tokens (killed, robbed, warrants...) and gold kept on tokens."""

from __future__ import annotations

from typing import NamedTuple

from render.common import RGB


class Marker(NamedTuple):
    colour: RGB
    en: str
    ko: str


MARKERS: dict[str, Marker] = {
    "killed": Marker((150, 24, 24), "Killed", "암살당함"),
    "bewitched": Marker((110, 50, 160), "Bewitched", "마법에 걸림"),
    "robbed": Marker((196, 104, 16), "Robbed", "도둑맞음"),
    "threat": Marker((120, 84, 50), "Threat", "협박"),
    "threat_revealed": Marker((120, 84, 50), "Threat shown", "협박 공개"),
    "warrant": Marker((60, 90, 120), "Warrant", "영장"),
    "warrant_revealed": Marker((60, 90, 120), "Blank warrant", "빈 영장"),
    "signed": Marker((30, 60, 150), "Signed warrant", "인장 영장"),
}

# Gold kept on a character's token, by the view key that holds it.
TOKEN_POTS: dict[str, str] = {"tax_collector": "tax_pot"}

# A later marker tells all an earlier one did: show only the later one.
SUPERSEDES: dict[str, tuple[str, ...]] = {
    "signed": ("warrant", "warrant_revealed"),
    "warrant_revealed": ("warrant",),
    "threat_revealed": ("threat",),
}


def shown_markers(markers: list[str]) -> list[str]:
    """The public markers worth a chip, in order, without those a later one supersedes."""
    hidden = {old for m in markers for old in SUPERSEDES.get(m, ())}
    return [m for m in dict.fromkeys(markers) if m not in hidden]


def marker_for(key: str) -> Marker:
    return MARKERS.get(key, Marker((90, 90, 90), key, key))
