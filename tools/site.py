"""Build the course as a static website, offline: `python tools/site.py [--out site]` (or `make site`).

Every lesson, exercise and solution notebook becomes an HTML page with its stored outputs (nothing is
re-executed), plus an index with the lesson table from the README, plus a page for every Markdown file of
the repository a notebook links to (docs/offline-model.md becomes docs/offline-model.html). nbconvert's lab template is used with
its CDN scripts (require.js, MathJax, Mermaid, the widget manager) removed, so the pages load nothing from
the internet; plots are already inline as base64 PNGs. Two builds give identical bytes.
"""
from __future__ import annotations

import argparse
import hashlib
import html
import re
import shutil
import sys
import time
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import nbformat
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html_mistune
from traitlets.config import Config

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("lessons", "exercises", "solutions")
HIDDEN_TAGS = ("install",)  # the cell that installs the course on Colab (tools/install_cell.py): nothing to read
LABEL = {"lessons": "lesson", "exercises": "exercises", "solutions": "solutions"}

# The lab template minus every block that loads a script from a CDN, plus the course's navigation bar. Code
# cells skip the template's bleach pass: Pygments has already escaped them, and re-parsing took a third of the time.
PAGE_TEMPLATE = """{%- extends 'index.html.j2' -%}
{% block html_head_js %}{% endblock html_head_js %}
{% block jupyter_widgets %}{% endblock jupyter_widgets %}
{% block html_head_js_mathjax %}{% endblock html_head_js_mathjax %}
{% block html_head_js_mermaidjs %}{% endblock html_head_js_mermaidjs %}
{% block extra_css %}<style type="text/css">{{ resources.site_css }}</style>{% endblock extra_css %}
{% block input %}
<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">
<div class="cm-editor cm-s-jupyter">{{ cell.source | highlight_code(metadata=cell.metadata) }}</div>
</div>
{%- endblock input %}
{% block body_header %}{{ super() }}{{ resources.site_nav }}{% endblock body_header %}
{% block body_footer %}{{ resources.site_nav }}{{ super() }}{% endblock body_footer %}
"""
CSS = """
.site-nav { display: flex; flex-wrap: wrap; gap: .4em 1.2em; align-items: baseline; max-width: 1100px;
  margin: 0 auto; padding: .7em 1em; border-bottom: 1px solid #ddd; border-top: 1px solid #ddd;
  font: 15px/1.4 system-ui, sans-serif; background: #f7f7f9; }
.site-nav .here { font-weight: 600; } .site-nav .step { margin-left: auto; }
.site-nav a { color: #0b5cad; text-decoration: none; } .site-nav a:hover { text-decoration: underline; }
body.site-index { font: 16px/1.5 system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; }
.site-index table { border-collapse: collapse; width: 100%; }
.site-index th, .site-index td { border-bottom: 1px solid #ddd; padding: .45em .6em; text-align: left;
  vertical-align: top; }
.site-index td:nth-child(3) { white-space: nowrap; }
"""


@dataclass(frozen=True)
class Lesson:
    """One row of the README's lesson table; `more` holds any further columns as (header, Markdown)."""

    number: str
    title: str
    slug: str
    time: str
    builds: str
    more: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Page:
    """One notebook and where its HTML page goes, relative to the site root."""

    lesson: Lesson
    kind: str
    source: Path

    @property
    def href(self) -> str:
        return f"{self.kind}/{self.lesson.slug}.html"


def read_readme(root: Path) -> tuple[str, str, list[Lesson]]:
    """The course title, its first paragraph and the lesson table, as written in README.md."""
    text = (root / "README.md").read_text(encoding="utf-8")
    course = re.search(r"^# (.+)$", text, re.M).group(1)
    intro = text.split("\n\n")[1]
    header = re.search(r"^\| # \| lesson \| time \| you build \|(.*)$", text, re.M)
    if not header:
        raise SystemExit("README.md has no lesson table starting '| # | lesson | time | you build |'")
    more = [h.strip() for h in header.group(1).split("|") if h.strip()]
    lessons = []
    table = re.match(r"(?:\n\|.*)*", text[header.end():]).group(0)  # the rows up to the first line that is not one
    for row in re.findall(r"^\| \d\d \|.*$", table, re.M):
        number, name, time, builds, *rest = [cell.strip() for cell in row.strip(" |").split(" | ")]
        found = re.fullmatch(r"\[(.+)\]\(lessons/(\w+)\.ipynb\)", name)
        if not found:
            raise SystemExit(f"README.md lesson {number}: write the lesson cell as [title](lessons/NN_slug.ipynb)")
        title, slug = found.groups()
        lessons.append(Lesson(number, title, slug, time, builds, tuple(zip(more, rest))))
    return course, intro, lessons


def pages_of(root: Path, lessons: list[Lesson]) -> list[Page]:
    """Every notebook in reading order (lesson, its exercises, its solutions); fails if README and folders differ."""
    pages = [Page(lesson, kind, root / kind / f"{lesson.slug}.ipynb")
             for lesson in lessons for kind in KINDS if (root / kind / f"{lesson.slug}.ipynb").exists()]
    unlisted = sorted({p for kind in KINDS for p in (root / kind).glob("*.ipynb")} - {p.source for p in pages})
    absent = [f"lessons/{lesson.slug}.ipynb" for lesson in lessons if not (root / "lessons" / f"{lesson.slug}.ipynb").exists()]
    if unlisted or absent:
        raise SystemExit("README.md's lesson table and the notebooks disagree: "
                         + "; ".join([f"{p.relative_to(root)} has no row" for p in unlisted]
                                     + [f"a row links {name}, which does not exist" for name in absent]))
    return pages


def link(text: str, href: str, here: bool = False) -> str:
    """An <a>, or a bold <span> when it is the current page."""
    return f'<span class="here">{html.escape(text)}</span>' if here else f'<a href="{href}">{html.escape(text)}</a>'


def nav(pages: list[Page], i: int, course: str) -> str:
    """The bar on top and bottom of a page: course index, the lesson's three notebooks, previous and next."""
    page, up = pages[i], "../"
    siblings = [link(LABEL[p.kind], up + p.href, p is page) for p in pages if p.lesson is page.lesson]
    step = [link(form.format(f"{pages[j].lesson.number} {LABEL[pages[j].kind]}"), up + pages[j].href)
            for form, j in (("← {}", i - 1), ("{} →", i + 1)) if 0 <= j < len(pages)]
    return (f'<nav class="site-nav">{link(course, up + "index.html")}'
            f'<span>{page.lesson.number} · {html.escape(page.lesson.title)}: {" | ".join(siblings)}</span>'
            f'<span class="step">{" · ".join(step)}</span></nav>')


def index_page(course: str, intro: str, pages: list[Page]) -> str:
    """The home page: the course title, the README's first paragraph and the lesson table with links."""
    lessons = list(dict.fromkeys(p.lesson for p in pages))
    head = ["#", "lesson", "time", "you build", "practice"] + [name for name, _ in lessons[0].more]
    rows = []
    for lesson in lessons:
        own = {p.kind: p.href for p in pages if p.lesson is lesson}
        practice = " · ".join(link(kind, own[kind]) for kind in KINDS[1:] if kind in own)
        cells = [lesson.number, link(lesson.title, own["lessons"]), html.escape(lesson.time),
                 md_inline(lesson.builds), practice] + [md_inline(text) for _, text in lesson.more]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
            f"<title>{html.escape(course)}</title>\n<style>{CSS}</style>\n</head>\n"
            f'<body class="site-index">\n<h1>{html.escape(course)}</h1>\n{markdown2html_mistune(intro)}\n'
            f"<p>Each page shows a notebook with the outputs stored in it, the ones the offline model gives. To run the "
            f"course yourself, clone the repository and run <code>make lab</code> (the README says more).</p>\n"
            f"<h2>Lessons</h2>\n<table>\n<tr>{''.join(f'<th>{html.escape(h)}</th>' for h in head)}</tr>\n"
            + "\n".join(rows) + "\n</table>\n</body>\n</html>\n")


def md_inline(text: str) -> str:
    """One line of Markdown as HTML without the surrounding <p>; images (badges) become their alt text."""
    inline = re.sub(r"^<p>|</p>\s*$", "", markdown2html_mistune(text).strip())
    return re.sub(r'<img [^>]*?alt="([^"]*)"[^>]*>', r"\1", inline)


def exporter() -> HTMLExporter:
    """nbconvert's lab HTML exporter with the offline page template, leaving out cells tagged `install`."""
    hidden = Config(TagRemovePreprocessor={"enabled": True, "remove_cell_tags": set(HIDDEN_TAGS)})
    return HTMLExporter(config=hidden, template_name="lab", template_file="site.html.j2",
                        extra_loaders=[jinja2.DictLoader({"site.html.j2": PAGE_TEMPLATE})])


def build(out: Path, root: Path = ROOT) -> list[Path]:
    """Write the whole site into `out` (emptied first) and return the files written."""
    title, intro, lessons = read_readme(root)
    pages = pages_of(root, lessons)
    if out.exists():
        shutil.rmtree(out)
    written, export, docs = [], exporter(), set()
    for i, page in enumerate(pages):
        notebook = nbformat.read(page.source, as_version=4)
        body, _ = export.from_notebook_node(notebook, resources={
            "metadata": {"name": f"{page.lesson.number} · {page.lesson.title} ({LABEL[page.kind]})"},
            "site_css": CSS, "site_nav": nav(pages, i, title)})
        body, css = shared_css(notebook_links(body))
        body, linked = markdown_links(body, page.source.parent, root)
        docs |= linked
        written += {write(out / "static" / css_name(css), css)} - set(written)
        written.append(write(out / page.href, body))
    written.append(write(out / "index.html", index_page(title, intro, pages)))
    done: set[Path] = set()
    while docs - done:  # the Markdown files the notebooks link to, and the ones those link to
        doc = min(docs - done)
        done.add(doc)
        body, linked = markdown_links(markdown2html_mistune(doc.read_text(encoding="utf-8")), doc.parent, root)
        docs |= linked
        written.append(write(out / doc.relative_to(root.resolve()).with_suffix(".html"), doc_page(doc, body, title, root)))
    return written


MD_LINK = re.compile(r'href="(?!\w+:|/)([^"#]*\.md)(#[^"]*)?"')


def markdown_links(body: str, here: Path, root: Path) -> tuple[str, set[Path]]:
    """Links to the repository's own Markdown files point at their pages; returns the body and the files linked."""
    found: set[Path] = set()

    def page(m: re.Match) -> str:
        target = (here / m.group(1)).resolve()
        if not target.is_file() or not target.is_relative_to(root.resolve()):
            return m.group(0)  # left as it is: problems() names a broken link
        found.add(target)
        return f'href="{m.group(1)[:-3]}.html{m.group(2) or ""}"'

    return MD_LINK.sub(page, body), found


def doc_page(doc: Path, body: str, course: str, root: Path) -> str:
    """A Markdown file of the repository as a page, with a link back to the course index."""
    rel = doc.relative_to(root.resolve())
    up = "../" * (len(rel.parts) - 1)
    heading = re.search(r"^# (.+)$", doc.read_text(encoding="utf-8"), re.M)
    name = heading.group(1).strip() if heading else rel.as_posix()
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
            f"<title>{html.escape(name)}</title>\n<style>{CSS}</style>\n</head>\n"
            f'<body class="site-index">\n<nav class="site-nav">{link(course, up + "index.html")}'
            f"<span>{html.escape(rel.as_posix())}</span></nav>\n{body}\n</body>\n</html>\n")


def notebook_links(body: str) -> str:
    """Links between notebooks point at their pages: href="../exercises/04_x.ipynb" becomes .html."""
    return re.sub(r'href="(?!\w+:)([^"#]*)\.ipynb', r'href="\1.html', body)


STYLE = re.compile(r'<style type="text/css">(.*?)</style>\s*', re.S)


def shared_css(page: str) -> tuple[str, str]:
    """The page without the stylesheets in its <head>, and their text (the same for every page)."""
    head, sep, body = page.partition("</head>")
    css = "\n".join(m.strip() for m in STYLE.findall(head)) + "\n"
    return STYLE.sub("", head) + f'<link rel="stylesheet" href="../static/{css_name(css)}">\n' + sep + body, css


def css_name(css: str) -> str:
    """A stylesheet's file name, with a hash of its text so a changed style never mixes with an old page."""
    return f"notebook-{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"


def write(path: Path, text: str) -> Path:
    """Write UTF-8 text with Unix newlines, creating folders as needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    return path


class _Refs(HTMLParser):
    """Collects ids and every (tag, attribute, url) that loads or links something."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            elif name in ("src", "href") and value is not None:
                self.refs.append((tag, name, value))


def problems(site: Path) -> list[str]:
    """What is wrong with a built site: anything loaded from the internet, and links to missing files or ids."""
    parsed = {}
    for path in sorted(site.rglob("*.html")):
        parsed[path] = _Refs()
        parsed[path].feed(path.read_text(encoding="utf-8"))
    found = []
    for path, refs in parsed.items():
        where = path.relative_to(site)
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"""(?:url\(\s*['"]?|@import\s+['"])((?:https?:)?//[^'")\s]+)""", text):
            found.append(f"{where}: CSS loads {m.group(1)} from the internet")
        for m in re.finditer(r"""\bimport\s*\(?\s*['"]((?:https?:)?//[^'"]+)""", text):
            found.append(f"{where}: a script imports {m.group(1)} from the internet")
        for tag, attr, url in refs.refs:
            if re.match(r"(https?:)?//", url):
                if attr == "src" or tag == "link":
                    found.append(f"{where}: <{tag} {attr}> loads {url} from the internet")
                continue
            if re.match(r"\w+:", url):  # data:, mailto:
                continue
            file, _, anchor = url.partition("#")
            target = (path.parent / file).resolve() if file else path
            if not target.is_file():
                found.append(f"{where}: link to {url}, but there is no {file}")
            elif anchor and target in parsed and anchor not in parsed[target].ids:
                found.append(f"{where}: link to {url}, but {file or 'the page'} has no id {anchor!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Build the site, check it and print where it is and how long it took."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    files = build(args.out)
    found = problems(args.out)
    print(*found, sep="\n", file=sys.stderr)
    print(f"{sum(f.suffix == '.html' for f in files)} pages in {args.out} in {time.perf_counter() - start:.1f} s; open {args.out / 'index.html'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
