"""The engine layer: one recurrence, two implementations, one solved-game interface.

- `triangles_core.engine.game`: the `Game` protocol and the plain memoised negamax, the
  Python statement of the recurrence (`move_value`) and the oracle every fast solver is
  checked against;
- `triangles_core.engine.retrograde`: the compiled retrograde kernel for cell boards,
  the compiled statement of the same recurrence;
- `triangles_core.engine.solved`: the `SolvedGame` protocol, its one step type `Step`,
  and `SolvedGameBase`, which answers every query from a value function;
- `triangles_core.engine.tables`: `Solution`, a cell board solved into a value table;
- `triangles_core.engine.searched`: `GameSolution`, any `Game` solved by the negamax
  (Peg Game for Two, the Number Game);
- `triangles_core.engine.solvers`: the public ``solve_*`` entry points;
- `triangles_core.engine.graphs`: state graphs (networkx) of any solved game;
- `triangles_core.engine.symmetry`: symmetry classes of cell-board positions;
- `triangles_core.engine.store`: the cache of large value tables.
"""
