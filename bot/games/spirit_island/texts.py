"""Spirit Island texts of the Discord side (English and Korean; Korean terms from the seed's
glossary, as the engine's own catalogue uses them). The engine words every decision and
event itself (rules/spirit_island/messages.py); these are the frames, labels and lines only
Discord needs, and the lobby's option labels said more fully."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "spirit_island.name": "Spirit Island",
        # lobby options (the engine's Options fields); spirits and boards are typed lists
        "spirit_island.option.spirits": "Spirits in seat order, full English or Korean "
        "names separated by commas (e.g. Lightning's Swift Strike, Thunderspeaker)",
        "spirit_island.option.spirits.none": "River, Vital Strength, Lightning, Shadows "
        "(low complexity, in seat order)",
        "spirit_island.option.boards": "Island boards in seat order (A-F)",
        "spirit_island.option.boards.none": "A, B, C, D (in seat order)",
        "spirit_island.option.adversary": "Adversary",
        "spirit_island.option.adversary.none": "None (a first game)",
        "spirit_island.option.level": "Adversary level (0-6)",
        "spirit_island.option.events": "Event deck (Branch & Claw)",
        "spirit_island.option.thematic": "Thematic boards (not available)",
        # prompt frames: the Spirit phase is everyone's at once, the power phases are windows
        # each spirit closes with Done; the Invader phase asks one player at a time
        "spirit_island.frame.spirit": "{user}: {decision}",
        "spirit_island.frame.spirit.first": "{user}: {decision} (Spirit Phase: every "
        "spirit grows and plays cards at the same time; the turn goes on once all are done.)",
        "spirit_island.frame.fast": "{user}, Fast Power Phase: {decision}",
        "spirit_island.frame.fast.first": "{user}, Fast Power Phase: {decision} (Use your "
        "Fast powers in any order, then press Done; the others do the same at once.)",
        "spirit_island.frame.slow": "{user}, Slow Power Phase: {decision}",
        "spirit_island.frame.slow.first": "{user}, Slow Power Phase: {decision} (Use your "
        "Slow powers in any order, then press Done; the others do the same at once.)",
        "spirit_island.frame.invader": "{user}, the Invader Phase asks you: {decision}",
        "spirit_island.frame.setup": "{user}, Setup: {decision}",
        # choice labels
        "spirit_island.choice.done": "Done",
        "spirit_island.choice.done.play": "Done playing cards",
        "spirit_island.choice.done.resolve": "Done with my powers",
        "spirit_island.choice.growth": "Growth option {n}",
        "spirit_island.choice.number": "Option {n}",
        # status and score
        "spirit_island.status.turn": "Turn {turn}, {phase}. Terror Level {level}, fear {pool}; "
        "blight on the card {blight}.",
        "spirit_island.status.track": "Invaders: ravage {ravage}, build {build}; {deck} cards "
        "left.",
        "spirit_island.status.seat": "{player}: {spirit}, energy {energy}.",
        "spirit_island.status.deciding": " Still deciding.",
        "spirit_island.score.victory": "victory",
        "spirit_island.score.sacrifice": "at a sacrifice",
        "spirit_island.score.defeat": "defeat",
        "spirit_island.score.turns": "turns {n}",
        "spirit_island.score.terror_level": "Terror Level {n}",
        # /si fix and /si setup
        "spirit_island.only": "This command works in a Spirit Island game's thread.",
        "spirit_island.complexity.low": "low",
        "spirit_island.complexity.moderate": "moderate",
        "spirit_island.complexity.high": "high",
        "spirit_island.complexity.very_high": "very high",
        "spirit_island.setup.done": "Lobby set:",
        "spirit_island.setup.line": "- {option}: {value}",
        "spirit_island.setup.random_spirit": "Random spirit",
        "spirit_island.setup.random_adversary": "Random adversary",
        "spirit_island.setup.nothing": "Nothing to set: choose a recommended setup or give "
        "spirits, boards, an adversary or a level.",
        "spirit_island.setup.unknown_spirit": "No spirit is called \"{name}\": use a full "
        "English or Korean name, or random.",
        "spirit_island.setup.unknown_board": "There is no board \"{board}\": use A to F, or "
        "random.",
        "spirit_island.setup.unknown_adversary": "No adversary is called \"{adversary}\": "
        "pick one from the list, random or none.",
        "spirit_island.setup.unknown_level": "The level must be 0 to 6 or random, not "
        "\"{level}\".",
        "spirit_island.setup.unknown_preset": "There is no recommended setup \"{preset}\".",
    },
    "ko": {
        "spirit_island.name": "정령섬",
        "spirit_island.option.spirits": "자리 순서대로 정령: 영어 또는 한국어 전체 이름을 "
        "쉼표로 구분 (예: 번개처럼 빠른 일격, 천둥으로 말하는 자)",
        "spirit_island.option.spirits.none": "강, 대지, 번개, 그림자 (난이도 낮음, 자리 순서)",
        "spirit_island.option.boards": "자리 순서대로 섬 보드 (A-F)",
        "spirit_island.option.boards.none": "A, B, C, D (자리 순서)",
        "spirit_island.option.adversary": "적대국",
        "spirit_island.option.adversary.none": "없음 (첫 게임)",
        "spirit_island.option.level": "적대국 레벨 (0-6)",
        "spirit_island.option.events": "이벤트 덱 (가지와 발톱)",
        "spirit_island.option.thematic": "테마 보드 (사용 불가)",
        "spirit_island.frame.spirit": "{user} 님: {decision}",
        "spirit_island.frame.spirit.first": "{user} 님: {decision} (정령 단계: 모든 정령이 "
        "동시에 성장하고 카드를 내려놓습니다. 모두 완료하면 진행됩니다.)",
        "spirit_island.frame.fast": "{user} 님, 빠른 능력 단계: {decision}",
        "spirit_island.frame.fast.first": "{user} 님, 빠른 능력 단계: {decision} (빠른 능력을 "
        "원하는 순서로 사용한 뒤 완료를 누르세요. 다른 정령도 동시에 진행합니다.)",
        "spirit_island.frame.slow": "{user} 님, 느린 능력 단계: {decision}",
        "spirit_island.frame.slow.first": "{user} 님, 느린 능력 단계: {decision} (느린 능력을 "
        "원하는 순서로 사용한 뒤 완료를 누르세요. 다른 정령도 동시에 진행합니다.)",
        "spirit_island.frame.invader": "{user} 님, 침략자 단계의 선택: {decision}",
        "spirit_island.frame.setup": "{user} 님, 게임 준비: {decision}",
        "spirit_island.choice.done": "완료",
        "spirit_island.choice.done.play": "카드 내려놓기 완료",
        "spirit_island.choice.done.resolve": "능력 사용 완료",
        "spirit_island.choice.growth": "성장 선택지 {n}",
        "spirit_island.choice.number": "선택지 {n}",
        "spirit_island.status.turn": "{turn}번째 차례, {phase}. 위협 수준 {level}, 공포 {pool}; "
        "오염 카드의 오염 {blight}.",
        "spirit_island.status.track": "침략자: 정복 {ravage}, 건설 {build}; 덱 {deck}장 남음.",
        "spirit_island.status.seat": "{player}: {spirit}, 에너지 {energy}.",
        "spirit_island.status.deciding": " 아직 결정 중.",
        "spirit_island.score.victory": "승리",
        "spirit_island.score.sacrifice": "희생을 치른 승리",
        "spirit_island.score.defeat": "패배",
        "spirit_island.score.turns": "{n}번째 차례",
        "spirit_island.score.terror_level": "위협 수준 {n}",
        "spirit_island.only": "이 명령은 정령섬 게임 스레드에서만 쓸 수 있습니다.",
        "spirit_island.complexity.low": "낮음",
        "spirit_island.complexity.moderate": "보통",
        "spirit_island.complexity.high": "높음",
        "spirit_island.complexity.very_high": "매우 높음",
        "spirit_island.setup.done": "로비 설정:",
        "spirit_island.setup.line": "- {option}: {value}",
        "spirit_island.setup.random_spirit": "무작위 정령",
        "spirit_island.setup.random_adversary": "무작위 적대국",
        "spirit_island.setup.nothing": "설정할 것이 없습니다: 추천 구성을 고르거나 정령, 보드, "
        "적대국, 레벨을 적어 주세요.",
        "spirit_island.setup.unknown_spirit": "\"{name}\"(이)라는 정령은 없습니다: 영어 또는 "
        "한국어 전체 이름이나 무작위를 적어 주세요.",
        "spirit_island.setup.unknown_board": "\"{board}\" 보드는 없습니다: A-F 또는 무작위를 "
        "적어 주세요.",
        "spirit_island.setup.unknown_adversary": "\"{adversary}\"(이)라는 적대국은 없습니다: "
        "목록에서 고르거나 무작위, 없음을 적어 주세요.",
        "spirit_island.setup.unknown_level": "레벨은 0-6 또는 무작위여야 합니다 (\"{level}\" "
        "아님).",
        "spirit_island.setup.unknown_preset": "\"{preset}\"(이)라는 추천 구성은 없습니다.",
    },
}

# Korean names and descriptions of the /si commands (bot/translator.py keys).
COMMANDS: dict[str, dict[str, str]] = {
    "ko": {
        "spirit_island.command.si": "정령섬",
        "spirit_island.command.si.description": "정령섬: 구성물 바로잡기, 로비 준비",
        "spirit_island.command.si.fix": "바로잡기",
        "spirit_island.command.si.fix.description": "구성물을 직접 추가, 제거, 이동합니다 (이유는 "
        "모두에게 보입니다)",
        "spirit_island.command.si.fix.op": "작업",
        "spirit_island.command.si.fix.op.description": "할 일",
        "spirit_island.command.si.fix.op.add": "추가",
        "spirit_island.command.si.fix.op.remove": "제거",
        "spirit_island.command.si.fix.op.move": "이동",
        "spirit_island.command.si.fix.piece": "구성물",
        "spirit_island.command.si.fix.piece.description": "구성물 (현신이면 어느 정령의 것인지)",
        "spirit_island.command.si.fix.land": "지역",
        "spirit_island.command.si.fix.land.description": "지역",
        "spirit_island.command.si.fix.reason": "이유",
        "spirit_island.command.si.fix.reason.description": "이유 (스레드에 보입니다)",
        "spirit_island.command.si.fix.to": "도착지역",
        "spirit_island.command.si.fix.to.description": "이동일 때만: 구성물이 갈 지역",
        "spirit_island.command.si.fix.count": "개수",
        "spirit_island.command.si.fix.count.description": "몇 개인지 (기본 1)",
        "spirit_island.command.si.setup": "준비",
        "spirit_island.command.si.setup.description": "로비: 추천 구성, 또는 무작위 정령, 보드, "
        "적대국, 레벨",
        "spirit_island.command.si.setup.preset": "추천",
        "spirit_island.command.si.setup.preset.description": "규칙서가 추천하는 구성 (정령과 "
        "보드를 채웁니다)",
        "spirit_island.command.si.setup.preset.first_game": "첫 게임",
        "spirit_island.command.si.setup.preset.calm_mountain": "평온한 산 정령들",
        "spirit_island.command.si.setup.preset.smoking_volcano": "연기나는 화산: 돌, 보드 E와 F",
        "spirit_island.command.si.setup.spirits": "정령",
        "spirit_island.command.si.setup.spirits.description": "자리 순서대로 정령; 자리마다 "
        "'무작위', 또는 '무작위' 하나로 모든 자리",
        "spirit_island.command.si.setup.random_spirits": "무작위정령",
        "spirit_island.command.si.setup.random_spirits.description": "이만큼의 자리(마지막 "
        "자리부터)에 무작위 정령",
        "spirit_island.command.si.setup.boards": "보드",
        "spirit_island.command.si.setup.boards.description": "자리 순서대로 보드 (A-F); 자리마다 "
        "'무작위', 또는 '무작위' 하나로 모든 자리",
        "spirit_island.command.si.setup.adversary": "적대국",
        "spirit_island.command.si.setup.adversary.description": "적대국, '무작위' 또는 '없음'",
        "spirit_island.command.si.setup.level": "레벨",
        "spirit_island.command.si.setup.level.description": "적대국 레벨 0-6 또는 '무작위'",
    },
}
