"""The engine layer: one recurrence, two implementations, one solved-game contract.

- `triangles_core.engine.game`: the `Game` protocol and the plain memoised negamax, the
  Python statement of the recurrence (`move_value`) and the oracle every fast solver is
  checked against; `replay` and `Step`, the one loop that plays a line of moves;
- `triangles_core.engine.retrograde`: the compiled retrograde kernel for cell boards,
  the compiled statement of the same recurrence;
- `triangles_core.engine.solved`: the `SolvedGame` protocol (and `SolvedCellGame`, with
  a board) and `ValueFunctionSolution` (formerly `SolvedGameBase`), which answers every
  query from a value function;
- `triangles_core.engine.table_solution`: `TableSolution` (formerly `Solution`), a cell
  board solved into a value table (`triangles_core.engine.tables` still imports it);
- `triangles_core.engine.searched`: `NegamaxSolution` (formerly `GameSolution`), any
  `Game` solved by the negamax (Peg Game for Two, the Number Game);
- `triangles_core.engine.solvers`: the public ``solve_*`` entry points;
- `triangles_core.engine.symmetry`: symmetry classes of cell-board positions;
- `triangles_core.engine.store`: the cache of large value tables.

State graphs (networkx) are in the analysis layer (`triangles_core.analysis.graph`).
"""
