"""The sections of a rulebook page, one module per mechanic of the language.

Each module holds one mixin class that states its mechanic: its ``<node>_md`` renderers
(one per top-level IR node, found by :meth:`~rulespec.rulebook.render.Rulebook.dispatch`)
yield ``(section, weight, markdown)`` pieces; the steps of a turn are stated by the
mechanics' ``*_steps`` methods and put in order by :mod:`.turn`. A new mechanic adds its
module here and its class to :class:`Sections`.
"""

from __future__ import annotations

from .bonus import BonusCards
from .cards import Cards
from .claims import Claims
from .deal import Deal
from .discarding import Discarding
from .drawing import Drawing
from .ending import Ending
from .exhaustion import Exhaustion
from .going_out import GoingOut
from .knocking import Knocking
from .laying_off import LayingOff
from .melding import Melding
from .melds import Melds
from .opening import Opening
from .origin import Origin
from .overview import Overview
from .pushing import Pushing
from .replacing import Replacing
from .rounds import Rounds
from .scoring import Scoring
from .settlement import Settlement
from .shows import Shows
from .special_hands import SpecialHands
from .tiles import Tiles
from .table_rules import TableRules
from .turn import Turn
from .unenforced import Unenforced
from .values import Values
from .wilds import Wilds
from .worked import Worked


class Sections(Origin, Overview, Cards, Wilds, Replacing, Values, Melds, Deal, Turn, Drawing,
               Pushing, Claims, Melding, LayingOff, Discarding, Opening, GoingOut, Knocking,
               Shows, Exhaustion, Scoring, Worked, Ending, Rounds, Unenforced, Settlement,
               Tiles, TableRules, SpecialHands, BonusCards):
    """Every section of a page: the mechanics' mixins in the order of the page."""


__all__ = ["Sections"]
