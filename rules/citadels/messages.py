MESSAGES: dict[str, dict[str, str]] = {"en": {}, "ko": {}}
