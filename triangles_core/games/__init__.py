"""The games layer: rules and geometry only, no solving.

- `triangles_core.games.transition`: `Transition`, what playing one move does;
- `triangles_core.games.cells`: `CellBoard` and `CellGame`, the one game "draw an edge;
  complete a cell, claim it and move again" on any board of dots, edges and cells;
- `triangles_core.games.triangles`: the triangular board of side n (Fighting for
  Triangles, Gym 100015F, POJ 1085), SPEC numbering;
- `triangles_core.games.boxes`: the R x C Dots-and-Boxes board;
- `triangles_core.games.peg`: Peg Game for Two (NAQ 2018 J);
- `triangles_core.games.number`: the Number Game (ZOJ 1039 / POJ 1143).

Each game implements the `triangles_core.engine.game.Game` protocol (``moves``,
``play``, ``terminal_value``); the engine solves them.
"""
