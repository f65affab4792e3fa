"""§5 El Nitayno: the solo opponent, every decision of the indigenous side made by the rules.

- `decisions`: §5.3.5 the impulse and each decision inside it (``nitayno.<kind>``, `MyaState.bot_for`);
- `cards`: §5.3.2 the special phase and the draw of a Nitayno card, §5.3.5 the last impulse of turn 6,
  §5.4 volleys;
- `effects`, `turn_six`: the kinds of the cards' effects (``nitayno.effect.<kind>``), run as data by the
  core's interpreter (`procs.NITAYNO_EFFECTS`);
- `extraction`: §5.1 the extraction system (the area bag) and the position as the Nitayno reads it;
- `plan`: the Nitayno's judgements on that position (targets, priorities, hit and retreat orders);
- `data`: the Nitayno's components (`data/nitayno.toml`).
"""

from ludoteca.games.mar_y_acero.nitayno import cards, decisions, effects, turn_six  # noqa: F401  (procedures)
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO
from ludoteca.games.mar_y_acero.procs import NITAYNO_EFFECTS

for _card in NITAYNO.cards.values():
    NITAYNO_EFFECTS.check(_card.effects(), f"data/nitayno*.toml, card {_card.id}")
