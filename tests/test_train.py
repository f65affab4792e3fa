"""The fit behind `ludoteca train` (ai/train.py) and the weights it writes (core/learned.py)."""

from __future__ import annotations

import math
import random

from ludoteca.ai.train import fit
from ludoteca.core.learned import LearnedEvaluation


def test_the_fit_recovers_the_weights_of_a_known_logistic_model() -> None:
    rng = random.Random(7)
    rows, labels = [], []
    for _ in range(20000):
        x = [rng.gauss(0.0, 1.0), rng.uniform(0.0, 10.0)]
        p = 1.0 / (1.0 + math.exp(-(-1.0 + 2.0 * x[0] - 0.3 * x[1])))
        rows.append(x)
        labels.append(1.0 if rng.random() < p else 0.0)
    fitted = fit(rows, labels, l2=0.0)
    assert abs(fitted["weights"][0] - 2.0) < 0.15 and abs(fitted["weights"][1] + 0.3) < 0.03
    assert abs(fitted["intercept"] + 1.0) < 0.15
    shrunk = fit(rows, labels, l2=5000.0)
    assert abs(shrunk["weights"][0]) < abs(fitted["weights"][0])


def test_a_learned_value_is_twice_the_chance_of_winning_less_one() -> None:
    model = LearnedEvaluation(("a", "b"), (1.0, -2.0), 0.5, "test")
    features = {"a": 3.0, "b": 1.0}
    p = 1.0 / (1.0 + math.exp(-1.5))
    assert math.isclose(model.value(features), 2.0 * p - 1.0)
