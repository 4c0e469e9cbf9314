"""Verbs and rules for Branch & Claw and Jagged Earth deck cards not modelled before (Sky Stretches to Shore, Unlock the Gates of Deepest Power, Settle Into Hunting-Grounds, Voice of Command)."""

from __future__ import annotations
