"""A live game's match that labels each move as it is made (`LabelledMatch`): the move list sent with every
view describes each move as its player saw it offered (issue 25), and that label comes from the position the
move was chosen in — the position the match holds just before applying it."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import CHANCE
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Match


class LabelledMatch(Match):
    """A `Match` whose `labels[i]` is the label of step i in every language (empty for a chance outcome),
    taken before the step is applied. The server kept a second copy of each game to replay every move on
    for its label (as much work as the move itself, at every move); the match in hand already passes
    through each position once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.labels: list[dict[str, str]] = []
        super().__init__(*args, **kwargs)

    def apply(self, action: int) -> None:
        """`Match.apply`, labelling the move first; an illegal action raises and labels nothing. Chance
        outcomes (`play_chance`) come through here too."""
        state = self.state
        label: dict[str, str] = {}
        if state.current_player() != CHANCE and action in state.legal_actions():  # else refused below
            label = {lang: state.action_view(action, lang)["label"] for lang in LANGUAGES}
        super().apply(action)
        self.labels.append(label)

    def undo(self, role: int) -> None:
        """`Match.undo`, forgetting the label of the step taken back."""
        super().undo(role)
        del self.labels[len(self.history) :]

    def take_back_told(self) -> None:
        """`Match.take_back_told`, forgetting the (empty) label of the chance step taken back."""
        super().take_back_told()
        del self.labels[len(self.history) :]
