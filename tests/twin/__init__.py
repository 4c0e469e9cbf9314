"""A loopback Discord stand-in ("twin"): REST + gateway on 127.0.0.1 for end-to-end tests."""

from .api import Twin, TwinGuild, TwinInteraction, TwinUsageError, TwinUser, discord_py_pointed_at

__all__ = [
    "Twin",
    "TwinGuild",
    "TwinInteraction",
    "TwinUsageError",
    "TwinUser",
    "discord_py_pointed_at",
]
