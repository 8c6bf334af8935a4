"""The notebooks' study code, kept out of the library as ``scripts/mcts_study.py`` is.

Each module here computes the statistics of one or two notebooks from the package's
solutions and tables; it imports `triangles_core`, and nothing in `triangles_core` imports
it.  A notebook runs in ``notebooks/``, so it imports these as ``from studies import ...``;
the tests find them the same way (``pythonpath = ["notebooks"]`` in pyproject.toml).

- `explain`: notebooks 01 and 02 (the solution explained: chains, optimal game counts);
- `peg_stats`: notebook 05 (the peg game's samples and intervals);
- `larger`: notebooks 07 and 09 (larger boards; table digests);
- `review_stats`: notebook 08 (exact random play, winner changes);
- `endgames`: notebook 12 (simple loony endgames by configuration, the long chain rule's
  predictions);
- `boxes_stats`: notebook 13 (the long chain rule in play).
"""
