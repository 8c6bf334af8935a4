"""The plotting layer: every drawing of the package (matplotlib), in one palette.

- `triangles_core.plot.palette`: the colours (players, outcomes) and the one value colour scale;
- `triangles_core.plot.boards`: cell boards and positions (any geometry), principal
  variations, the SVG that Jupyter shows for `triangles_core.plot.boards.DrawnPosition` (`show_position`);
- `triangles_core.plot.charts`: charts of the analysis tables;
- `triangles_core.plot.graphs`: small state graphs, laid out by level;
- `triangles_core.plot.review`: the value history of a reviewed game;
- `triangles_core.plot.peg` and `triangles_core.plot.number`: the sibling games;
- `triangles_core.plot.export`: `save_figure`, reproducible PNG and SVG files.
"""
