"""Verbs and rules for powers that change the island itself (Cast down into the Briny Deep, Dream of the Untouched Land, Weave Together the Fabric of Place)."""

from __future__ import annotations
