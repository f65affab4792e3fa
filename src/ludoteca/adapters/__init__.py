"""Research adapters (DESIGN §9): every Ludoteca game behind OpenSpiel, PettingZoo and Gymnasium.

Thin layers over the game contract (DESIGN §2), importing their library only here, so the engine needs
none of them. Install them with ``pip install 'ludoteca[rl]'``, then import the one you need:

- `ludoteca.adapters.openspiel` registers every game with ``pyspiel`` (``ludoteca_<id>``);
- `ludoteca.adapters.pettingzoo` gives an AEC environment per game (`env`);
- `ludoteca.adapters.gymnasium` gives a single-agent environment per game and role (`make`).
- `ludoteca.adapters.vector` steps N of those at once into NumPy arrays (`VectorGameEnv`).
"""
