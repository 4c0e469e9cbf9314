"""Platform message catalogues: every module here exports MESSAGES = {"en": {...}, "ko": {...}}.

bot/locales/table.py belongs to the table service, bot/locales/discord.py to the adapter;
modules are found by listing this package, so a new catalogue needs no registration.
"""

from __future__ import annotations

import logging
import pkgutil
from collections.abc import Mapping
from functools import cache
from importlib import import_module

log = logging.getLogger(__name__)

Catalogue = Mapping[str, Mapping[str, str]]


@cache
def platform_catalogues() -> tuple[Catalogue, ...]:
    found = []
    # The table catalogue first: its refusal keys win over any other module's.
    modules = sorted(pkgutil.iter_modules(__path__), key=lambda m: (m.name != "table", m.name))
    for module in modules:
        try:
            messages = getattr(import_module(f"{__name__}.{module.name}"), "MESSAGES", None)
        except Exception:  # one broken catalogue must not make every message lookup raise
            log.exception("message catalogue %s did not load", module.name)
            continue
        if isinstance(messages, Mapping):
            found.append(messages)
    return tuple(found)
