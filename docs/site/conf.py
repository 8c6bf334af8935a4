"""Sphinx configuration of the static site (built by ``scripts/build_site.py``).

``build_site.py`` copies this folder into a staging source tree, adds the notebooks,
the SPEC, the glossary and the generated pages, and runs Sphinx on it.  The notebooks
are rendered from their committed outputs (myst-nb, no execution).  Nothing is loaded
from another host: the theme's assets are bundled, MathJax 3 comes from the PyPI package
sphinx-mathjax-offline (the part that is used is copied into ``_static/mathjax``, fonts
included), and myst-nb's ipywidgets loader (a CDN script) is switched off.

After the build, every page is post-processed (``_finish_pages``) for phones and for weight:

* the theme's header toggles, which are never shown, are removed: both theme scripts attach
  to the *first* ``.primary-toggle`` / ``.secondary-toggle`` of the page, so the visible
  buttons of the article header (navigation, search, page contents) now work below 992 px,
  and the navigation button collapses the sidebar on wider screens;
* ``fontawesome.js`` (1.5 MB, which only turns a few ``<i class="fa-...">`` into SVG) is not
  loaded: the theme's CSS draws the same icons from its bundled web font;
* the web font that draws those icons (``fa-solid-900.woff2``, 112 KB) is cut down to the
  icons the site uses: the ``fa-*`` classes of the pages and the theme's script, and the icons
  the theme's CSS draws itself (``--pst-icon-*``), a few dozen glyphs (fontTools, a
  dependency of matplotlib, with the PyPI package ``brotli`` for WOFF2; without brotli the
  font is left whole);
* the search scripts are moved to the end of the page and deferred (they blocked the first
  paint of every page and delayed the explorer's module);
* links to ``.ipynb`` and ``.csv`` files get a ``download`` attribute (from ``file://`` they
  opened as raw text).

The API reference (``api.md``, written by ``build_site.py``) is autosummary + numpydoc.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

project = "triangles_core"
author = "the triangles_core authors"
copyright = "the triangles_core authors"
html_title = "Fighting for Triangles, solved"

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.autosummary", "numpydoc"]
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

# --- API reference: autosummary stub pages, numpydoc docstrings ---------------------
autosummary_generate = True


def _filename_map() -> dict[str, str]:
    """``board`` and ``Board`` get distinct files (they would be one file on macOS and Windows)."""
    import triangles_core

    names = triangles_core.__all__
    return {f"triangles_core.{name}": f"triangles_core.{name}-function" for name in names
            if name.islower() and any(other != name and other.lower() == name for other in names)}


autosummary_filename_map = _filename_map()
autosummary_imported_members = True
autodoc_default_options = {"members": True, "inherited-members": False, "show-inheritance": True}
autodoc_typehints = "none"  # numpydoc's Parameters section says the types
numpydoc_show_class_members = False  # the members are documented on the class page itself
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# --- maths: a bundled MathJax 3, never a CDN ----------------------------------------
mathjax_path = "mathjax/tex-chtml.js"
MATHJAX_KEEP = ("tex-chtml.js", "input/tex/extensions/", "output/chtml/fonts/woff-v2/", "a11y/", "ui/", "adaptors/",
                "sre/mathmaps/base.json", "sre/mathmaps/en.json")

# --- theme ------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_static_path = ["_static"]
templates_path = ["_templates"]
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
    "max_navbar_depth": 1,  # the API pages are not listed one by one in every page's navigation
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    # the article header is the only header shown below 992 px: search and page contents there
    "article_header_end": ["search-button.html", "toggle-secondary-sidebar.html"],
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


HIDDEN_TOGGLE = re.compile(r'<button class="pst-navbar-icon sidebar-toggle (?:primary|secondary)-toggle"'
                           r'[^>]*>\s*<span class="fa-solid [a-z-]+"></span>\s*</button>')
FONTAWESOME = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>')
SEARCH_SCRIPTS = re.compile(
    r'<script src="([^"]*(?:_static/searchtools\.js|_static/language_data\.js|searchindex\.js))">')
DOWNLOAD = re.compile(r'<a (?![^>]*\bdownload\b)([^>]*\bhref="(?![a-z]+:)[^"#]+\.(?:ipynb|csv)")')
ARTICLE_TOGGLE = '<button class="sidebar-toggle primary-toggle btn btn-sm" title="Toggle primary sidebar"'


def _finish_page(text: str, pagename: str) -> str:
    text = HIDDEN_TOGGLE.sub("", text)
    text = FONTAWESOME.sub("", text)
    text = text.replace(ARTICLE_TOGGLE, ARTICLE_TOGGLE.replace(
        'title="Toggle primary sidebar"', 'title="Site navigation" aria-label="Site navigation"'))
    text = text.replace('title="Toggle secondary sidebar"', 'title="On this page" aria-label="On this page"')
    if pagename != "search":
        moved = [f'<script defer src="{src}"></script>' for src in SEARCH_SCRIPTS.findall(text)]
        text = re.sub(SEARCH_SCRIPTS.pattern + r"</script>\s*", "", text)
        text = text.replace("</body>", "\n".join(moved) + "\n</body>", 1)
    return DOWNLOAD.sub(r"<a download \1", text)


FA_CLASS = re.compile(r"\bfa-[a-z0-9-]+")
SOLID_FONT = "_static/vendor/fontawesome/webfonts/fa-solid-900.woff2"


def _subset_icon_font(out: Path, used_classes: set[str]) -> None:
    """Keep in the theme's solid icon font only the glyphs that the site can show."""
    try:
        import brotli  # noqa: F401  (fontTools reads and writes WOFF2 with it)
    except ImportError:
        return
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font_path = out / SOLID_FONT
    css = (out / "_static" / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    if not font_path.is_file():
        return
    codepoints = {ord(c) for c in re.findall(r'--pst-icon-[a-z-]+:"(.)"', css)}
    for selectors, code in re.findall(r'((?:\.fa-[a-z0-9-]+,?)+)\{--fa:"\\([0-9a-f]+)"', css):
        if set(re.findall(r"fa-[a-z0-9-]+", selectors)) & used_classes:
            codepoints.add(int(code, 16))
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    font = TTFont(font_path)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(font_path)


def _finish_pages(app, exception) -> None:
    """Post-process every HTML page of the build (see the module's docstring)."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    used = set(FA_CLASS.findall((out / "_static" / "scripts" / "pydata-sphinx-theme.js").read_text(encoding="utf-8")))
    for page in out.rglob("*.html"):
        if "_static" in page.relative_to(out).parts:
            continue
        text = page.read_text(encoding="utf-8")
        used |= set(FA_CLASS.findall(text))
        finished = _finish_page(text, page.relative_to(out).with_suffix("").as_posix())
        if finished != text:
            page.write_text(finished, encoding="utf-8")
    for name in ("fontawesome.js", "fontawesome.js.LICENSE.txt"):
        (out / "_static" / "scripts" / name).unlink(missing_ok=True)
    _subset_icon_font(out, used)


def setup(app):
    app.connect("build-finished", _copy_mathjax)
    app.connect("build-finished", _finish_pages)
