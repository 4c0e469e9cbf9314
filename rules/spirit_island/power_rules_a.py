"""Verbs and rules for the cards of powers.json not modelled before (Call of the Deeps, Tidal Boon, Veil the Night's Hunt, Blazing Renewal, Infinite Vitality, Dissolve the Bonds of Kinship)."""

from __future__ import annotations
