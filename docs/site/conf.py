"""Sphinx configuration of the static site (built by ``scripts/build_site.py``).

``build_site.py`` copies this folder into a staging source tree, adds the notebooks,
the SPEC, the glossary and the generated pages, and runs Sphinx on it.  The notebooks
are rendered from their committed outputs (myst-nb, no execution).  Nothing is loaded
from another host: the theme's assets are bundled, MathJax 3 comes from the PyPI package
sphinx-mathjax-offline (the part that is used is copied into ``_static/mathjax``, fonts
included), and myst-nb's ipywidgets loader (a CDN script) is switched off.
"""

from __future__ import annotations

import shutil
from pathlib import Path

project = "triangles_core"
author = "the triangles_core authors"
copyright = "the triangles_core authors"
html_title = "Fighting for Triangles, solved"

extensions = ["myst_nb"]
root_doc = "index"
exclude_patterns = ["_build", "extra", "**.ipynb_checkpoints"]
suppress_warnings = ["myst.header"]  # notebook outputs may skip heading levels

# --- notebooks: render the committed outputs, never execute ---------------------
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # the default loads require.js and the widget manager from CDNs
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
highlight_language = "text"  # plain fences (the text art in SPEC) are not code

# --- maths: a bundled MathJax 3, never a CDN ----------------------------------------
mathjax_path = "mathjax/tex-chtml.js"
MATHJAX_KEEP = ("tex-chtml.js", "input/tex/extensions/", "output/chtml/fonts/woff-v2/", "a11y/", "ui/", "adaptors/",
                "sre/mathmaps/base.json", "sre/mathmaps/en.json")

# --- theme ------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_favicon = "_static/favicon.svg"
html_sidebars = {"**": ["navbar-logo.html", "sbt-sidebar-nav.html"]}  # the search field is in the header
html_context = {"default_mode": "light"}
html_extra_path = ["extra"]  # notebooks/*.ipynb, data/tables/*.csv, data/figures/* under their repository paths
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "article_header_end": [],
}


def _copy_mathjax(app, exception) -> None:
    """Copy the used part of sphinx-mathjax-offline's MathJax 3 into ``_static/mathjax``.

    (Its own Sphinx extension would copy all 24 MB of it.)
    """
    if exception is not None or app.builder.format != "html":
        return
    import importlib.util

    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None or spec.origin is None:
        raise RuntimeError("the site needs the PyPI package sphinx-mathjax-offline (a bundled MathJax)")
    source = Path(spec.origin).parent / "static" / "mathjax"
    target = Path(app.outdir) / "_static" / "mathjax"
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and relative.startswith(MATHJAX_KEEP):
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / relative)


def setup(app):
    app.connect("build-finished", _copy_mathjax)
