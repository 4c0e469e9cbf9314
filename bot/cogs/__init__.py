"""One cog per concern (lobby, play, info, reminders) plus the slash-command declarations."""
