"""Message catalogue (en/ko) for every refusal and event key of the engine.

Korean game terms follow the Merchants of the Seas rulebook (권능, 은총 타일, 교역소, 성소, ...).
"""

from __future__ import annotations

from typing import Any

_EN: dict[str, str] = {
    "terra_mystica.action_taken": "Action {space} has already been used this round.",
    "terra_mystica.already_color": "{hex} already is {color}.",
    "terra_mystica.bad_bridge": "No bridge can be built between {a} and {b}.",
    "terra_mystica.bad_color": "Unknown or forbidden terrain colour: {color}.",
    "terra_mystica.bad_convert": "Cannot convert {src} to {dst}.",
    "terra_mystica.bad_faction_count": "Choose exactly {seats} factions.",
    "terra_mystica.bad_header": "The game header is not valid: {detail}",
    "terra_mystica.bad_number": "The number must be positive.",
    "terra_mystica.bad_seat": "There is no seat {seat}.",
    "terra_mystica.bad_seats": "Terra Mystica needs 2 to 5 players, not {seats}.",
    "terra_mystica.bad_upgrade": "{hex} holds a {have}; it cannot become a {want}.",
    "terra_mystica.bonus_unavailable": "Bonus tile {tile} is not available.",
    "terra_mystica.bridge_not_adjacent": "A bridge needs one of your buildings at {a} or {b}.",
    "terra_mystica.cant_advance": "You cannot advance on the {track} track.",
    "terra_mystica.cant_reach": "{faction} cannot reach {hex}.",
    "terra_mystica.color_taken": "The colour of {faction} is already taken.",
    "terra_mystica.connect_not_allowed": "Only the Mermaids may connect a town across a river.",
    "terra_mystica.connect_no_town": "Connecting there founds no town.",
    "terra_mystica.convert_limit": "You may convert at most {n} more workers into priests.",
    "terra_mystica.convert_ratio": "Converting {src} to {dst} takes {need} for {n}.",
    "terra_mystica.cult_bonus": "{faction} receives the cult bonus {times} times.",
    "terra_mystica.cult_lose": "Cult steps on {cult} may only be given back between 7 and 9.",
    "terra_mystica.cult_same_track": "All cult steps of this action go on the same track.",
    "terra_mystica.dig_spades_unused": "Spades bought by digging must all be used ({n} left).",
    "terra_mystica.favor_not_allowed": "You may not take a favor tile now.",
    "terra_mystica.favor_twice": "You already have {tile}.",
    "terra_mystica.gain_not_allowed": "You are not allowed to gain {what} ({n}).",
    "terra_mystica.game_over": "The game is over.",
    "terra_mystica.invalid_leech": "There is no power offer of {n} from {source}.",
    "terra_mystica.leech": "{faction} takes {power} power from {from}.",
    "terra_mystica.leech_order": "Answer your older power offers first.",
    "terra_mystica.multiple_actions": "{faction} has already taken this turn's action.",
    "terra_mystica.must_act": "{faction} must take an action first.",
    "terra_mystica.no_action": "You cannot take action {space}.",
    "terra_mystica.no_bridge_pending": "You have no bridge to place.",
    "terra_mystica.no_cult_space": "No free {n} space on the {cult} track.",
    "terra_mystica.no_faction": "Seat {seat} has no faction yet.",
    "terra_mystica.no_pieces": "No {building} left on your faction board.",
    "terra_mystica.not_active": "It is not {faction}'s turn.",
    "terra_mystica.not_enough": "{faction} does not have enough {resource}.",
    "terra_mystica.not_home": "{hex} is not your home terrain.",
    "terra_mystica.not_now": "That is not possible in this phase.",
    "terra_mystica.not_your_turn": "Seat {seat} is not the one choosing now.",
    "terra_mystica.not_yours": "You have no building on {hex}.",
    "terra_mystica.nothing_pending": "Nothing of {what} is pending.",
    "terra_mystica.occupied": "{hex} already holds a building.",
    "terra_mystica.pass_needs_bonus": "Name a bonus tile when passing (except in round 6).",
    "terra_mystica.passed": "{faction} passes.",
    "terra_mystica.played": "{faction}: {text}.",
    "terra_mystica.priest_limit": "You already have all 7 priests in play.",
    "terra_mystica.resigned": "{faction} leaves the game.",
    "terra_mystica.round_start": "Round {round} begins.",
    "terra_mystica.sandstorm_adjacent": "The sandstorm must hit a hex next to your building: {hex}.",
    "terra_mystica.second_spade_dwelling": "No dwelling on {hex}: it took this action's spades after "
    "{first}, and only the first hex may take the dwelling.",
    "terra_mystica.setup_order": "It is not {faction}'s placement now.",
    "terra_mystica.spades_left": "Use your {n} remaining spades first.",
    "terra_mystica.teleport_twice": "Only one tunnel or carpet flight per action.",
    "terra_mystica.tile_gone": "No {tile} is left.",
    "terra_mystica.town": "{faction} founds a town.",
    "terra_mystica.town_not_allowed": "You may not take a town tile now.",
    "terra_mystica.two_nonhome": "Only one hex per action may become a terrain other than home.",
    "terra_mystica.unknown_building": "Unknown building type {word}.",
    "terra_mystica.unknown_command": "Unknown command {text}.",
    "terra_mystica.unknown_cult": "Unknown cult track {cult}.",
    "terra_mystica.unknown_faction": "Unknown faction {faction}.",
    "terra_mystica.unknown_hex": "Unknown hex {hex}.",
    "terra_mystica.unknown_tile": "Unknown tile {tile}.",
    "terra_mystica.unparsable": "Could not read the command '{text}'.",
    "terra_mystica.unknown_option": "Unknown option {option}.",
    "terra_mystica.wait_for_cultists": "Wait for the Cultists' cult step before reaching 10 on {cult}.",
    "terra_mystica.wrong_prefix": "You cannot play for {prefix}.",
    # the lobby's label of Options.second_spade_dwelling (the bot reads engine catalogues too)
    "terra_mystica.option.second_spade_dwelling": "Split spades: a dwelling on the second "
    "hex too (site rule)",
    "terra_mystica.option.shipping_bonus": "Bonus tile BON10: pass, 3 VP per shipping level "
    "(mini-expansion)",
    "terra_mystica.option.temple_scoring_tile": "Scoring tile SCORE9: temple 4 VP, priests on "
    "cults → coins (mini-expansion)",
    "terra_mystica.option.mini_expansion_1": "Town tiles TW6-TW8 (mini-expansion)",
}

_KO: dict[str, str] = {
    "terra_mystica.action_taken": "{space} 행동은 이번 라운드에 이미 사용되었습니다.",
    "terra_mystica.already_color": "{hex} 칸은 이미 {color} 지형입니다.",
    "terra_mystica.bad_bridge": "{a}, {b} 두 칸 사이에는 다리를 놓을 수 없습니다.",
    "terra_mystica.bad_color": "알 수 없거나 허용되지 않는 지형 색입니다: {color}.",
    "terra_mystica.bad_convert": "전환할 수 없습니다: {src} → {dst}.",
    "terra_mystica.bad_faction_count": "세력을 정확히 {seats}개 고르세요.",
    "terra_mystica.bad_header": "게임 머리말이 올바르지 않습니다: {detail}",
    "terra_mystica.bad_number": "수는 양수여야 합니다.",
    "terra_mystica.bad_seat": "{seat}번 자리는 없습니다.",
    "terra_mystica.bad_seats": "테라 미스티카는 2~5명이 합니다({seats}명 불가).",
    "terra_mystica.bad_upgrade": "{hex} 칸: {have} → {want} 개량은 할 수 없습니다.",
    "terra_mystica.bonus_unavailable": "가져올 수 없는 보너스 타일입니다: {tile}.",
    "terra_mystica.bridge_not_adjacent": "다리는 {a} 또는 {b}에 자기 건물이 있어야 놓을 수 있습니다.",
    "terra_mystica.cant_advance": "{track} 트랙을 더 진행할 수 없습니다.",
    "terra_mystica.cant_reach": "{faction}: {hex} 칸에 닿을 수 없습니다.",
    "terra_mystica.color_taken": "{faction}의 색은 이미 다른 플레이어가 골랐습니다.",
    "terra_mystica.connect_not_allowed": "강을 건너 마을을 잇는 것은 인어만 할 수 있습니다.",
    "terra_mystica.connect_no_town": "그곳을 이어도 마을이 생기지 않습니다.",
    "terra_mystica.convert_limit": "일꾼을 성직자로 최대 {n}개 더 바꿀 수 있습니다.",
    "terra_mystica.convert_ratio": "{dst} {n}개에는 {src} {need}개가 필요합니다.",
    "terra_mystica.cult_bonus": "{faction}: 라운드 종료 신앙 보너스 {times}회 획득.",
    "terra_mystica.cult_lose": "{cult} 트랙은 7~9칸 사이에서만 되돌릴 수 있습니다.",
    "terra_mystica.cult_same_track": "이 행동의 신앙 진행은 모두 같은 트랙에 써야 합니다.",
    "terra_mystica.dig_spades_unused": "일꾼으로 산 삽은 모두 써야 합니다({n}개 남음).",
    "terra_mystica.favor_not_allowed": "지금은 은총 타일을 가져올 수 없습니다.",
    "terra_mystica.favor_twice": "이미 가진 은총 타일입니다: {tile}.",
    "terra_mystica.gain_not_allowed": "{what} {n}개를 얻을 수 없습니다.",
    "terra_mystica.game_over": "게임이 끝났습니다.",
    "terra_mystica.invalid_leech": "{source}의 건설로 받을 수 있는 권능 {n}개가 없습니다.",
    "terra_mystica.leech": "{faction}: {from}에게서 권능 {power}개를 받았습니다.",
    "terra_mystica.leech_order": "먼저 들어온 권능 받기부터 답하세요.",
    "terra_mystica.multiple_actions": "{faction}: 이번 차례의 행동을 이미 했습니다.",
    "terra_mystica.must_act": "{faction}: 먼저 행동을 해야 합니다.",
    "terra_mystica.no_action": "{space} 행동을 할 수 없습니다.",
    "terra_mystica.no_bridge_pending": "놓을 다리가 없습니다.",
    "terra_mystica.no_cult_space": "{cult} 트랙에 빈 {n}칸 교단 자리가 없습니다.",
    "terra_mystica.no_faction": "{seat}번 자리는 아직 세력이 없습니다.",
    "terra_mystica.no_pieces": "세력판에 남은 말이 없습니다: {building}.",
    "terra_mystica.not_active": "{faction}의 차례가 아닙니다.",
    "terra_mystica.not_enough": "{faction}: 자원이 모자랍니다 ({resource}).",
    "terra_mystica.not_home": "{hex} 칸은 거점 지형이 아닙니다.",
    "terra_mystica.not_now": "지금 단계에서는 할 수 없습니다.",
    "terra_mystica.not_your_turn": "지금은 {seat}번 자리가 고를 차례가 아닙니다.",
    "terra_mystica.not_yours": "{hex}에 자기 건물이 없습니다.",
    "terra_mystica.nothing_pending": "남아 있는 결정이 없습니다: {what}.",
    "terra_mystica.occupied": "{hex}에는 이미 건물이 있습니다.",
    "terra_mystica.pass_needs_bonus": "패스할 때 보너스 타일을 골라야 합니다(6라운드 제외).",
    "terra_mystica.passed": "{faction}: 패스했습니다.",
    "terra_mystica.played": "{faction}: {text}.",
    "terra_mystica.priest_limit": "성직자 7명이 모두 나와 있습니다.",
    "terra_mystica.resigned": "{faction}: 게임에서 나갔습니다.",
    "terra_mystica.round_start": "{round}라운드가 시작됩니다.",
    "terra_mystica.sandstorm_adjacent": "모래 폭풍은 자기 건물과 맞닿은 칸에만 쓸 수 있습니다: {hex}.",
    "terra_mystica.second_spade_dwelling": "{hex} 칸에는 주택을 지을 수 없습니다: 이 행동의 삽을 "
    "{first} 칸 다음에 받은 칸입니다. 주택은 첫 칸에만 지을 수 있습니다.",
    "terra_mystica.setup_order": "지금은 {faction}의 최초 건물 배치 차례가 아닙니다.",
    "terra_mystica.spades_left": "남은 삽 {n}개를 먼저 쓰세요.",
    "terra_mystica.teleport_twice": "터널 뚫기나 양탄자 비행은 행동마다 한 번입니다.",
    "terra_mystica.tile_gone": "남은 타일이 없습니다: {tile}.",
    "terra_mystica.town": "{faction}: 마을을 세웠습니다.",
    "terra_mystica.town_not_allowed": "지금은 마을 타일을 가져올 수 없습니다.",
    "terra_mystica.two_nonhome": "한 행동에서 거점 지형이 아닌 지형으로 바꿀 수 있는 칸은 하나입니다.",
    "terra_mystica.unknown_building": "알 수 없는 건물 종류입니다: {word}.",
    "terra_mystica.unknown_command": "알 수 없는 명령입니다: {text}.",
    "terra_mystica.unknown_cult": "알 수 없는 신앙 트랙입니다: {cult}.",
    "terra_mystica.unknown_faction": "알 수 없는 세력입니다: {faction}.",
    "terra_mystica.unknown_hex": "알 수 없는 칸입니다: {hex}.",
    "terra_mystica.unknown_tile": "알 수 없는 타일입니다: {tile}.",
    "terra_mystica.unparsable": "명령을 읽을 수 없습니다: '{text}'.",
    "terra_mystica.unknown_option": "알 수 없는 옵션입니다: {option}.",
    "terra_mystica.wait_for_cultists": "{cult} 트랙 10칸에 가기 전에 광신도의 신앙 진행 결정을 기다리세요.",
    "terra_mystica.wrong_prefix": "{prefix} 세력의 행동은 할 수 없습니다.",
    "terra_mystica.option.second_spade_dwelling": "나눠 쓴 삽: 두 번째 칸에도 주택 허용 "
    "(사이트 규칙)",
    "terra_mystica.option.shipping_bonus": "보너스 타일 BON10: 패스 시 선적값마다 승점 3 "
    "(미니 확장)",
    "terra_mystica.option.temple_scoring_tile": "점수 타일 SCORE9: 사원 승점 4, 신앙 트랙의 "
    "성직자 → 동전 (미니 확장)",
    "terra_mystica.option.mini_expansion_1": "마을 타일 TW6-TW8 (미니 확장)",
}

MESSAGES: dict[str, dict[str, str]] = {"en": _EN, "ko": _KO}

# Refusal params that carry engine ids, named in both languages (the reader's is picked when
# shown): "{faction}: 자원이 모자랍니다 (동전)" rather than "witches: ... (C)".
_RESOURCES = {"C": ("coins", "동전"), "W": ("workers", "일꾼"), "P": ("priests", "성직자"),
              "PW": ("power", "권능"), "VP": ("VP", "승점"), "SPADE": ("spades", "삽"),
              "BRIDGE": ("bridges", "다리"), "P1": ("power in bowl I", "그릇 I의 권능"),
              "P2": ("power in bowl II", "그릇 II의 권능"),
              "P3": ("power in bowl III", "그릇 III의 권능")}
_CULTS = {"FIRE": ("Fire", "불"), "WATER": ("Water", "물"), "EARTH": ("Earth", "땅"),
          "AIR": ("Air", "하늘")}
_BUILDINGS = {"D": ("dwelling", "주택"), "TP": ("trading house", "교역소"),
              "TE": ("temple", "사원"), "SH": ("stronghold", "요새"), "SA": ("sanctuary", "성소"),
              "bridge": ("bridge", "다리")}
_TRACKS = {"ship": ("shipping", "선적"), "dig": ("terraforming", "삽 교환 비율")}
_TERRAINS = {"brown": ("plains", "들"), "black": ("swamp", "늪"), "blue": ("lakes", "호수"),
             "green": ("forest", "숲"), "gray": ("mountains", "산"),
             "red": ("wasteland", "황무지"), "yellow": ("desert", "사막")}
# What a "-X" declines (terra_mystica.nothing_pending).
_PENDING = {"GAIN_FAVOR": ("favor tile", "은총 타일"), "GAIN_TW": ("town tile", "마을 타일"),
            "FREE_D": ("free dwelling", "공짜 주택"),
            "FREE_TP": ("free trading house", "공짜 교역소"),
            "FREE_TF": ("sandstorm", "모래 폭풍"), "CULT": ("cult step", "신앙 진행")}
PARAM_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "resource": _RESOURCES, "src": _RESOURCES, "dst": _RESOURCES,
    "what": {**_RESOURCES, **_CULTS, **_PENDING}, "cult": _CULTS, "building": _BUILDINGS,
    "have": _BUILDINGS, "want": _BUILDINGS, "track": _TRACKS, "color": _TERRAINS}


def named_params(params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's params with known ids as {"en", "ko"} names; faction ids by their names."""
    from rules.terra_mystica.factions import FACTIONS  # messages stay importable alone

    out = dict(params)
    for key, value in params.items():
        if not isinstance(value, str):
            continue
        if key == "faction" and value in FACTIONS:
            out[key] = {"en": FACTIONS[value].en, "ko": FACTIONS[value].ko}
        elif value in PARAM_NAMES.get(key, {}):
            en, ko = PARAM_NAMES[key][value]
            out[key] = {"en": en, "ko": ko}
    return out


def fill(key: str, lang: str, params: dict[str, Any]) -> str:
    """A message in one language, bilingual params read in it (logs and tools)."""
    picked = {k: v.get(lang, v.get("en")) if isinstance(v, dict) else v
              for k, v in params.items()}
    return MESSAGES[lang].get(key, key).format(**picked)
