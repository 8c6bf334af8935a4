"""The plotting layer: every drawing of the package (matplotlib) in one palette (``palette``): boards and
positions (``boards``, ``chains``), charts of the tables (``charts``), state graphs (``graphs``), game reviews
(``review``), the sibling games (``peg``, ``number``), and reproducible figure files (``export``)."""
