"""The bundled site, built end to end into a temporary folder: every locale, as learners get it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutorial_engine.content.jsonschema import FILES
from tutorial_engine.engine.cards import Card
from tutorial_engine.i18n.cardnames import card_name, inline
from tutorial_engine.i18n.translator import LeftToRight, Translator
from tutorial_engine.render import guide
from tutorial_engine.render.drills import PRINTED

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ["en", "ru", "fr", "es", "fa", "sw"]
MKDOCS = Path(sys.executable).parent / "mkdocs"
E1 = "example-e1-a-small-trump-takes-the-ace"
PAGES = ["index.html", "credits.html", "albastini/two-players.html", "albastini/multiplayer.html",
         "altbaumer/tutorial.html", "briscola/rules.html", "briscola/walkthrough.html", "briscola/practice.html",
         "instructors.html"]


def build(project: Path, site: Path, epoch: str = "1767225600") -> subprocess.CompletedProcess:
    env = os.environ | {"SOURCE_DATE_EPOCH": epoch, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("TUTORIAL_LOCALE", None)
    return subprocess.run([str(MKDOCS), "build", "--strict", "-d", str(site)], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    """The bundled site, built once for the whole run (conftest's `built_site`)."""
    return built_site


@pytest.fixture(scope="module")
def translators() -> dict[str, Translator]:
    return {code: Translator.load(ROOT / "locales", code) for code in LOCALES}


def read(site: Path, code: str, page: str) -> str:
    return (site / code / page).read_text(encoding="utf-8")


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside a given element id."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def figure(html: str, element_id: str) -> str:
    start = html.index(f'id="{element_id}"')
    return html[start: html.index("</figure>", start)]


@pytest.mark.parametrize("code", LOCALES)
def test_every_page_is_built_in_every_locale(site, code):
    for page in PAGES:
        assert (site / code / page).is_file(), page


@pytest.mark.parametrize("code, direction", [("en", "ltr"), ("ru", "ltr"), ("fr", "ltr"), ("es", "ltr"), ("fa", "rtl")])
def test_lang_and_direction(site, code, direction):
    html = read(site, code, "albastini/two-players.html")
    assert f'<html lang="{code}" class="no-js">' in html
    assert f'<body dir="{direction}"' in html


@pytest.mark.parametrize("code", LOCALES)
def test_headings_are_translated(site, translators, code):
    tr = translators[code]
    html = read(site, code, "albastini/two-players.html")
    title = tr.gettext("Albastini for two players")
    assert f"<h1 id=\"top\">{title}" in html
    assert f'<h2 id="deck">{tr.digits("01")} · {tr.gettext("The deck")}' in html
    if code != "en":
        assert title != "Albastini for two players", f"{code} has no translation of the title"


@pytest.mark.parametrize("code", LOCALES)
def test_briscola_is_taught_in_every_locale_from_its_data(site, translators, code):
    """Issue 7: the third game, from YAML alone, is on the home page, in the nav and on its own
    pages in every locale, its table and answers computed from examples/briscola/game.yml."""
    tr = translators[code]
    name = tr.pgettext("game", "Briscola")
    assert name in read(site, code, "index.html")
    html = read(site, code, "briscola/rules.html")
    assert f"<h1 id=\"top\">{tr.gettext('Briscola for two players')}" in html
    table = html[html.index('<table class="tc-table'):html.index("</table>")]
    assert table.count("<tr><td>") == 10                                          # R1, R3: ten ranks
    e1 = figure(html, "example-a-small-trump-takes-the-ace")
    winner = re.search(r'<li class="tc-seat tc-seat--winner"><span class="tc-seat__name">([^<]+)</span>', e1)
    assert winner[1] == tr.term("name", "Boris").text                             # R9: 2♠ takes A♥
    assert tr.digits("11 + 0 = 11") in e1 and tr.digits("11 + 10 = 21") in html   # the variation: 3♥
    assert f"<td>{tr.digits('11')}</td>" in table and tr.digits("120") in html     # R4
    practice = read(site, code, "briscola/practice.html")
    assert practice.count('<section class="tc-drill tc-drill--drill"') == 7
    if code != "en":
        assert tr.gettext("Briscola for two players") != "Briscola for two players"


def test_drills_are_in_place_and_out_of_the_search_index(site):
    """Drills and walkthroughs go into the finished page past Markdown and search (issue 8): no
    marker is left on any page, every drill is whole, and the index holds the rules, not drills."""
    for page in (site / "en").rglob("*.html"):
        assert "<!-- tutorial: block" not in page.read_text(encoding="utf-8"), page
    html = read(site, "en", "albastini/practice.html")
    assert html.count('<section class="tc-drill tc-drill--drill"') == 13
    assert html.count('<li class="tc-drill__variant">') == html.count('<div class="tc-drill__prompt">')
    index = (site / "en" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "How many points is the trick worth?" in html and "How many points is the trick worth?" not in index
    assert "A small trump takes the ace" in index


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("game, drills", [("albastini", 13), ("altbaumer", 10), ("briscola", 7)])
def test_a_practice_page_loads_the_rest_of_each_drill_and_has_a_worksheet(site, translators, code, game, drills):
    """Issue 8: each drill on the page holds its first question and names the script with the
    others; the worksheet beside the page lists the first PRINTED of each, needs no script, and
    both link to each other and sit in the nav."""
    tr = translators[code]
    html = read(site, code, f"{game}/practice.html")
    more = re.findall(r'data-drill="([^"]+)"[^>]* data-more="([^"]+)" data-total="(\d+)"', html)
    assert len(more) == html.count('<section class="tc-drill tc-drill--drill"') == drills
    for key, script, total in more:
        text = (site / code / game / script).read_text(encoding="utf-8")
        assert text.startswith(f'tcDrillMore("{key}","<li class=\\"tc-drill__variant\\">'), script
        assert text.count('<li class=\\"tc-drill__variant\\">') == int(total) - 1 >= 29
    assert html.count('<li class="tc-drill__variant">') == drills
    link = tr.pgettext("worksheet", "worksheet to print")
    assert f'<a href="practice.print.html">{link}</a>' in html

    sheet = read(site, code, f"{game}/practice.print.html")
    title = tr.pgettext("worksheet", "{title}: worksheet to print", title=tr.gettext(f"Practise {game.title()}"))
    assert f'<h1 id="top">{title}' in sheet
    assert f'<a href="practice.html">{tr.gettext(f"Practise {game.title()}")}</a>' in sheet
    assert sheet.count('<li class="tc-drill__variant">') == drills * PRINTED
    assert "drills.js" not in sheet and "data-more" not in sheet and "assets/drills.css" in sheet
    for anchor in re.findall(r'<p class="tc-drill__more"><a href="practice\.print\.html#([^"]+)">', html):
        assert f'id="{anchor}"' in sheet
    assert len(re.findall(r'<p class="tc-drill__more">', html)) == drills
    for page in (html, sheet):
        nav = re.search(r'<a href="practice\.print\.html" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">\s*([^<]+)',
                        page)
        assert nav[1].strip() == title


@pytest.mark.parametrize("code", LOCALES)
def test_the_instructors_guide_in_every_locale(site, translators, code):
    """Issue 7: the guide is in the nav of every page, translated, with every field table, the
    samples left to right, and links to the published schemas that resolve."""
    tr = translators[code]
    title = tr.pgettext("instructors", "Write your own lessons")
    html = read(site, code, "instructors.html")
    assert f"<h1 id=\"top\">{title}" in html
    assert 'href="instructors.html"' in read(site, code, "index.html")
    assert html.count('<table class="tc-table tc-fields">') == sum(len(guide.field_tables(kind)) for kind in FILES)
    assert tr.pgettext("field", "Which cards exist.") in html
    assert html.count('<pre dir="ltr" tabindex="0">') == 2 + 2 + len(FILES)   # commands, a mistake, a sample per kind
    for kind in FILES:
        assert f'href="../schemas/{kind}.schema.json"' in html
        assert (site / "schemas" / f"{kind}.schema.json").is_file()
    assert "did you mean Q♠?" in html
    if code != "en":
        assert title != "Write your own lessons"
        assert 'lang="en"' not in html.split("<article", 1)[1], "a passage fell back to English"


@pytest.mark.parametrize("code", LOCALES)
def test_e1_names_boris_and_3_spades_with_11_points(site, translators, code):
    """E1: the diagram names the winner in the locale's spelling, with 3♠ and 11 points."""
    tr = translators[code]
    html = figure(read(site, code, "albastini/two-players.html"), E1)
    winner = re.search(r'<li class="tc-seat tc-seat--winner"><span class="tc-seat__name">([^<]+)</span>'
                       r'.*?aria-label="([^"]+)"', html)
    assert winner[1] == tr.term("name", "Boris").text
    assert winner[2] == card_name(Card.parse("3♠"), tr)
    worth = tr.npgettext("diagram", "{sum}: the trick is worth {n} point.", "{sum}: the trick is worth {n} points.",
                         11, sum=LeftToRight(tr.digits("11 + 0 = 11")))
    assert f'<p class="tc-diagram__sum">{inline(worth, tr)}</p>' in html
    assert winner[1] == {"ru": "Борис", "fa": "بوریس"}.get(code, "Boris")


def test_russian_plurals():
    tr = Translator.load(ROOT / "locales", "ru")
    forms = [tr.npgettext("diagram", "{n} point", "{n} points", n) for n in (1, 2, 5, 11, 21, 22)]
    assert forms == ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка"]


@pytest.mark.parametrize("code, n, expected", [("fr", 0, 0), ("fr", 1, 0), ("fr", 2, 2), ("fr", 21, 2),
                                               ("es", 1, 0), ("es", 0, 2), ("es", 11, 2)])
def test_french_and_spanish_ordinary_plural_is_the_third_form(code, n, expected):
    """CLDR gives fr/es three forms; msgstr[1] is only for millions (TRANSLATING.md, Plural forms)."""
    tr = Translator.load(ROOT / "locales", code)
    singular = tr.npgettext("diagram", "{n} point", "{n} points", 1).replace("1", "{n}")
    plural = tr.npgettext("diagram", "{n} point", "{n} points", 2).replace("2", "{n}")
    assert singular != plural
    text = tr.npgettext("diagram", "{n} point", "{n} points", n)
    assert text == (singular if expected == 0 else plural).replace("{n}", str(n))


def test_persian_digits_and_isolated_cards(site):
    html = figure(read(site, "fa", "albastini/two-players.html"), E1)
    assert '<p class="tc-diagram__sum"><span dir="ltr">۱۱ + ۰ = ۱۱</span>: ' in html
    assert "۱۱" in html and " 11 " not in html
    assert f'<span class="tc-code" dir="ltr" role="img" aria-label="{card_name(Card.parse("3♠"), Translator.load(ROOT / "locales", "fa"))}">3♠</span>' in html


@pytest.mark.parametrize("page", PAGES)
def test_heading_ids_are_the_same_in_every_locale(site, page):
    def ids(code):
        return [a["id"] for tag, a in Elements(read(site, code, page)).tags
                if tag in ("h1", "h2", "h3") and "id" in a]
    english = ids("en")
    assert english, page
    for code in LOCALES[1:]:
        assert ids(code) == english, code


@pytest.mark.parametrize("code", LOCALES)
def test_language_menu_leads_to_the_same_page_in_every_locale(site, code):
    page = site / code / "altbaumer" / "tutorial.html"
    links = {a["hreflang"]: a["href"] for tag, a in Elements(page.read_text(encoding="utf-8")).tags
             if tag == "a" and "md-select__link" in a.get("class", "")}
    assert set(links) == set(LOCALES)
    for other, href in links.items():
        target = (page.parent / href).resolve()
        assert target == (site / other / "altbaumer" / "tutorial.html").resolve(), href


def test_the_chooser_lists_every_language_and_remembers_the_choice(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    for code in LOCALES:
        assert f'<a href="{code}/index.html" hreflang="{code}"' in html
    assert 'localStorage.getItem("tutorial-locale")' in html and "navigator.languages" in html
    assert 'localStorage.setItem("tutorial-locale"' in read(site, "en", "assets/tutorial.js")
    assert 'lang="fa" dir="rtl">فارسی</a>' in html


@pytest.mark.parametrize("code", LOCALES)
def test_each_locale_has_its_own_offline_search_index(site, translators, code):
    """Material's search has no Persian or Swahili stemmer; it splits those on whitespace
    (Swahili's language partial is the plugin's own, as Material has none)."""
    script = read(site, code, "search/search_index.js")
    assert script.startswith("var __index = ")
    index = json.loads(script.removeprefix("var __index = ").rstrip().rstrip(";"))
    expected = {"lang": ["en"], "pipeline": [" "]} if code in ("fa", "sw") else {"lang": [code]}
    assert {key: index["config"][key] for key in expected} == expected
    titles = {doc["title"] for doc in index["docs"]}
    assert translators[code].gettext("Albastini for two players") in titles


CDN = re.compile(r"https?://(?:[\w-]+\.)*(?:unpkg\.com|jsdelivr\.net|cdnjs\.cloudflare\.com|"
                 r"googleapis\.com|gstatic\.com|google-analytics\.com|googletagmanager\.com)[^\"'`)\s]*")


def test_no_page_refers_to_another_host(site):
    """The site must work from a USB stick and behind a filter: no external src, href or url(),
    and no CDN named in any script (Material's own are neutralised by the plugin)."""
    offenders = []
    for path in site.rglob("*"):
        if path.suffix == ".html":
            for tag, attrs in Elements(path.read_text(encoding="utf-8")).tags:
                for name in ("src", "href", "srcset", "action", "poster", "data"):
                    value = attrs.get(name) or ""
                    if re.match(r"\s*(https?:)?//", value):
                        offenders.append(f"{path.relative_to(site)}: <{tag} {name}={value}>")
        elif path.suffix == ".css":
            text = path.read_text(encoding="utf-8")
            offenders += [f"{path.relative_to(site)}: {m}" for m in
                          re.findall(r"(?:url\(\s*['\"]?|@import\s+['\"])((?:https?:)?//[^'\")]+)", text)]
        elif path.suffix == ".js":
            found = set(CDN.findall(path.read_text(encoding="utf-8")))
            offenders += [f"{path.relative_to(site)}: {url}" for url in sorted(found)]
    assert offenders == []


def test_internal_links_are_relative_so_the_site_opens_from_disk(site):
    for code in LOCALES:
        for page in PAGES:
            for tag, attrs in Elements(read(site, code, page)).tags:
                for name in ("src", "href"):
                    assert not (attrs.get(name) or "").startswith("/"), (code, page, tag, attrs)


def test_two_builds_are_byte_identical(site, tmp_path):
    again = tmp_path / "again"
    result = build(ROOT, again)
    assert result.returncode == 0, result.stderr
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def copy_project(target: Path) -> Path:
    target.mkdir(parents=True)
    for name in ("mkdocs.yml", "docs", "examples", "locales"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, target / name)
    return target


@pytest.mark.slow
def test_a_broken_example_fails_the_build_and_keeps_the_previous_site(tmp_path):
    project = copy_project(tmp_path / "project")
    tricks = project / "examples" / "albastini" / "examples" / "basics.yml"
    text = tricks.read_text(encoding="utf-8")
    tricks.write_text(text.replace("expect: {winner: Boris", "expect: {winner: Anna", 1), encoding="utf-8")
    line = text.splitlines().index(next(row for row in text.splitlines() if "expect: {winner: Boris" in row)) + 1
    previous = project / "site"
    previous.mkdir()
    (previous / "index.html").write_text("the previous site", encoding="utf-8")

    result = build(project, previous)

    assert result.returncode == 1
    assert f"examples/albastini/examples/basics.yml:{line}:" in result.stderr
    assert "expected winner Anna, but the engine gives Boris: 3♠ is the highest trump in the trick" in result.stderr
    assert "Traceback" not in result.stderr
    assert (previous / "index.html").read_text(encoding="utf-8") == "the previous site"
    assert sorted(p.name for p in project.iterdir()) == ["docs", "examples", "locales", "mkdocs.yml", "site"]


def test_card_codes_in_sentences_read_like_the_card_faces(site):
    """Russian card faces say Д for the queen; so do the sentences, with the full name spoken."""
    html = read(site, "ru", "altbaumer/tutorial.html")
    assert '<span class="tc-code" dir="ltr" role="img" aria-label="дама треф">Д♣</span>' in html
    assert '<span class="tc-card__rank" aria-hidden="true">Д</span>' in html
    assert ">Q♣<" not in html


PLAY_PAGES = ["albastini/play.html", "albastini/play-pairs.html", "altbaumer/play.html", "briscola/play.html",
              "euchre/play.html", "hearts/play.html", "oh-hell/play.html", "oh-hell/play-three.html",
              "oh-hell/play-five.html", "oh-hell/play-six.html", "oh-hell/play-seven.html", "sixty-six/play.html",
              "whist/play.html"]


@pytest.mark.parametrize("code", LOCALES)
def test_the_play_runtime_loads_on_the_play_pages_only_with_every_word_in_the_locale(site, translators, code):
    """Issue 21: play-engine.js and play.js load only where a match is played; the words beside
    them are the locale's own, none shown in English once the catalog is complete."""
    loading = {path.relative_to(site / code).as_posix() for path in (site / code).rglob("*.html")
               if "assets/play-engine.js" in path.read_text(encoding="utf-8")}
    assert loading == set(PLAY_PAGES)
    for page in PLAY_PAGES:
        html = read(site, code, page)
        data = json.loads(re.search(r'<script type="application/json" id="tc-play-data">(.*?)</script>', html,
                                    re.S)[1])
        assert data["english"] == [], f"{page} shows English for {data['english']}"
        assert data["locale"]["code"] == code
        assert data["messages"]["hint"] == translators[code].pgettext("play", "Which cards may I play?")
        assert html.index("assets/play-engine.js") < html.index("assets/play.js")
