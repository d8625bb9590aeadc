"""Drills: questions the engine draws from a seed and answers itself.

A drill in YAML names a kind, a count, a seed and constraints (file.py); each kind says what it
takes and how its candidates are drawn (kinds.py); drawing.py draws them, in several processes when
there are many, and codec.py keeps them as plain data. This module names what the rest of the
package uses.
"""

from .codec import dumps, loads
from .drawing import QuestionStore, draw, drawable
from .drill import MAX_COUNT, NAMES, Drill, DrillError
from .file import DRILL, DRILLS_FILE, is_drills_file, read_drills
from .kinds import KINDS, MAX_DEALS, MAX_TRIES, DrillKind, same_colour_tops
from .questions import (
    ASKED_SIDES,
    DealCountVariant,
    DealerBidVariant,
    ExactBidsVariant,
    ExchangeVariant,
    MarriageVariant,
    MatchDealVariant,
    OddTricksVariant,
    OrderVariant,
    PenaltyVariant,
    StrongestVariant,
    TrickScoreVariant,
    ValueVariant,
    VictoryVariant,
)

__all__ = [
    "ASKED_SIDES", "DRILL", "DRILLS_FILE", "KINDS", "MAX_COUNT", "MAX_DEALS", "MAX_TRIES",
    "NAMES", "DealCountVariant", "DealerBidVariant", "Drill", "DrillError", "DrillKind", "ExactBidsVariant", "MarriageVariant", "PenaltyVariant",
    "ExchangeVariant", "MatchDealVariant",
    "OddTricksVariant", "OrderVariant", "QuestionStore", "StrongestVariant", "TrickScoreVariant", "ValueVariant",
    "VictoryVariant",
    "draw", "drawable", "dumps", "is_drills_file", "loads", "read_drills", "same_colour_tops",
]
