"""The analysis layer: what a solution says, as tables, graphs, reviews and checks.

- `triangles_core.analysis.counting`: compiled counting kernels over whole value tables
  (any cell board, side 4 and 3x4 boxes included: no per-position array is allocated);
- `triangles_core.analysis.tables`: the pandas tables of the notebooks and ``data/``, in
  one vocabulary (``edges_drawn``; ``mover_wins``, ``draws``, ``mover_loses``;
  ``value_lost``; ``claims``), and `save_table`;
- `triangles_core.analysis.graph`: state-graph questions (levels, symmetry quotient,
  optimal play) answered with networkx or numpy;
- `triangles_core.analysis.records` and `triangles_core.analysis.review`: game records
  and their review against the exact solution;
- `triangles_core.analysis.verify`: the self-check of a value table;
- `triangles_core.analysis.export`: GraphML and DOT export of state graphs;
- `triangles_core.analysis.chains`, `control` and `endgames`: Berlekamp's chains and
  the long chain rule, the game of control (Nimstring) solved by the engine, and simple
  loony endgames in closed form;
- `triangles_core.analysis.outcomes`: move kinds, and play followed exactly (the
  probability of every position a policy reaches).

The computations that serve only the notebooks' statistics are not here: they are in
``notebooks/studies/`` (``from studies import ...``), as ``scripts/mcts_study.py`` is.
"""
