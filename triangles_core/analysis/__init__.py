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
  probability of every position a policy reaches);
- `explain`, `larger`, `review_stats`, `boxes_stats`, `peg_stats`: the computations of
  notebooks 01–02, 07, 08, 09 and 13, and 05.
"""
