"""The engine layer: one recurrence, two ways to solve, one solved-game contract.

- `triangles_core.engine.game`: the `Game` protocol, the plain memoised negamax (the
  oracle every fast solver is checked against), `replay` and `Step`;
- `triangles_core.engine.retrograde`: the compiled retrograde kernel for cell boards;
- `triangles_core.engine.search`: alpha-beta search beyond the tables;
- `triangles_core.engine.solutions`: the `SolvedGame` contract and every solved game
  (`TableSolution`, `NegamaxSolution`, `NumberGameSolution`);
- `triangles_core.engine.solvers`: the public ``solve_*`` entry points and `method_for`,
  where the table-or-search decision is made;
- `triangles_core.engine.cache`: value tables on disk;
- `triangles_core.engine.symmetry`: symmetry classes of cell-board positions.
"""
