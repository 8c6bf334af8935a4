"""The bottom layer: what every other layer may use and that knows no game.

- `triangles_core.common.errors`: the `InvalidPositionError` family (a `ValueError`
  whose message quotes the input);
- `triangles_core.common.limits`: the size limits of the engine;
- `triangles_core.common.text`: splitting input into lines and quoting tokens;
- `triangles_core.common.files`: writing a file whole or not at all;
- `triangles_core.common.progress`: the one progress-bar helper.
"""
