"""Why a move is illegal: a reason for code and a sentence for people.

Defined with the errors (:mod:`nsb_widget.errors`, the bottom layer) so that
:class:`~nsb_widget.errors.IllegalMoveError` can carry them; the rules use them from here.
"""

from ..errors import Illegality, Reason

__all__ = ["Illegality", "Reason"]
