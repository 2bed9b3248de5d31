"""tools/site.py: every notebook gets a page, nothing loads from the internet, links resolve, builds repeat."""
from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("lessons", "exercises", "solutions")
# Loaded under its own name: "site" is a standard-library module, already imported by every Python.
_spec = importlib.util.spec_from_file_location("course_site", ROOT / "tools" / "site.py")
course_site = importlib.util.module_from_spec(_spec)
sys.modules["course_site"] = course_site
_spec.loader.exec_module(course_site)


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """A copy of the README, the notebooks and docs/ (lessons link to its pages), so edits in the working tree
    during the test change nothing."""
    root = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "README.md", root / "README.md")
    shutil.copytree(ROOT / "docs", root / "docs")
    for kind in KINDS:
        (root / kind).mkdir()
        for notebook in (ROOT / kind).glob("*.ipynb"):
            shutil.copy(notebook, root / kind)
    return root


@pytest.fixture(scope="module")
def built(source, tmp_path_factory) -> tuple[Path, dict[Path, bytes]]:
    """The site built once for the module, and the bytes of every file it wrote."""
    out = tmp_path_factory.mktemp("site") / "site"
    files = course_site.build(out, source)
    return out, {f.relative_to(out): f.read_bytes() for f in files}


def test_every_notebook_has_a_page(source, built):
    out, files = built
    notebooks = {f"{kind}/{p.stem}.html" for kind in KINDS for p in (source / kind).glob("*.ipynb")}
    assert len(notebooks) >= 39
    assert notebooks <= {str(p) for p in files}
    page = (out / "lessons" / "04_summary_buffer.html").read_text(encoding="utf-8")
    assert "SummaryBufferMemory" in page and "data:image/png;base64," in page  # stored outputs, plots inline
    assert "COURSE_INSTALL_FROM" in (source / "lessons" / "04_summary_buffer.ipynb").read_text(encoding="utf-8")
    assert "COURSE_INSTALL_FROM" not in page  # the Colab install cell is left out of the site


def test_the_built_site_has_no_problems(built):
    out, _ = built
    assert course_site.problems(out) == []


def test_a_markdown_file_a_lesson_links_to_gets_a_page(built):
    out, files = built
    lesson = (out / "lessons" / "07_write_update_forget.html").read_text(encoding="utf-8")
    assert 'href="../docs/offline-model.html"' in lesson and 'href="../docs/offline-model.md"' not in lesson
    page = files[Path("docs/offline-model.html")].decode()
    assert "<title>The offline model" in page and 'href="../index.html"' in page


def test_the_index_lists_all_13_lessons_with_their_pages(source, built):
    out, _ = built
    index = (out / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr><td>(\d\d)</td><td><a href="lessons/(\w+)\.html">', index)
    lessons = sorted(p.stem for p in (source / "lessons").glob("*.ipynb"))
    assert len(lessons) >= 13 and [slug for _, slug in rows] == lessons
    assert [number for number, _ in rows] == [f"{n:02d}" for n in range(len(lessons))]
    assert "<title>Agent Memory</title>" in index and "35 min" in index
    assert "<code>SummaryBufferMemory</code>" in index  # the README's Markdown, rendered
    assert 'href="exercises/12_capstone.html"' in index and 'href="solutions/12_capstone.html"' in index


def test_pages_link_to_their_neighbours(built):
    out, _ = built
    page = (out / "exercises" / "06_scoring.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="site-nav">.*?</nav>', page).group(0)
    assert 'href="../lessons/06_scoring.html">← 06 lesson<' in nav
    assert 'href="../solutions/06_scoring.html">06 solutions →<' in nav
    assert 'href="../index.html"' in nav and '<span class="here">exercises</span>' in nav
    first = (out / "lessons" / "00_setup.html").read_text(encoding="utf-8")
    assert "←" not in re.search(r'<nav class="site-nav">.*?</nav>', first).group(0)


def test_two_builds_are_byte_identical(source, built, tmp_path):
    _, files = built
    again = tmp_path / "again"
    course_site.build(again, source)
    assert {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()} == files


def test_problems_reports_a_cdn_script_a_stylesheet_and_a_broken_link(built, tmp_path):
    """Proven by a case where it fails: one page given what nbconvert's stock template would add."""
    out, _ = built
    site = tmp_path / "site"
    shutil.copytree(out, site)
    page = site / "lessons" / "03_short_term_memory.html"
    text = page.read_text(encoding="utf-8").replace("</head>", (
        '<script src="https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js"></script>\n'
        '<link rel="stylesheet" href="//fonts.example.org/font.css">\n'
        "<style>@import url('https://fonts.example.org/x.css');</style></head>"), 1)
    text = text.replace("</main>", '<a href="../lessons/99_missing.html">gone</a>'
                                   '<a href="#no-such-heading">here</a>'
                                   '<a href="https://example.org/ok">prose links are fine</a></main>', 1)
    page.write_text(text, encoding="utf-8")
    found = course_site.problems(site)
    assert found == [
        "lessons/03_short_term_memory.html: CSS loads https://fonts.example.org/x.css from the internet",
        "lessons/03_short_term_memory.html: <script src> loads "
        "https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js from the internet",
        "lessons/03_short_term_memory.html: <link href> loads //fonts.example.org/font.css from the internet",
        "lessons/03_short_term_memory.html: link to ../lessons/99_missing.html, but there is no "
        "../lessons/99_missing.html",
        "lessons/03_short_term_memory.html: link to #no-such-heading, but the page has no id 'no-such-heading'",
    ]


def test_nbconverts_stock_template_would_fail(tmp_path):
    """The check catches what the stock lab template loads from CDNs: require.js, MathJax and Mermaid."""
    import nbformat
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter(template_name="lab").from_notebook_node(
        nbformat.read(ROOT / "lessons" / "00_setup.ipynb", as_version=4))
    (tmp_path / "page.html").write_text(body, encoding="utf-8")
    found = "\n".join(course_site.problems(tmp_path))
    assert "<script src> loads https://cdnjs.cloudflare.com/ajax/libs/require.js/" in found
    assert "<script src> loads https://cdnjs.cloudflare.com/ajax/libs/mathjax/" in found
    assert "a script imports https://cdnjs.cloudflare.com/ajax/libs/mermaid/" in found


def test_links_between_notebooks_point_at_pages():
    body = '<a href="../exercises/04_summary_buffer.ipynb#one">x</a> <a href="https://colab.example/a.ipynb">y</a>'
    assert course_site.notebook_links(body) == (
        '<a href="../exercises/04_summary_buffer.html#one">x</a> <a href="https://colab.example/a.ipynb">y</a>')


def test_a_notebook_missing_from_the_readme_table_is_named(tmp_path):
    for name in ("README.md", *(f"{kind}/00_setup.ipynb" for kind in KINDS)):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "lessons" / "00_setup.ipynb", tmp_path / "lessons" / "13_new.ipynb")
    _, _, lessons = course_site.read_readme(tmp_path)
    with pytest.raises(SystemExit, match=r"lessons/13_new.ipynb has no row.*lessons/01_goldfish_agent.ipynb"):
        course_site.pages_of(tmp_path, lessons)
