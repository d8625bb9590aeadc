"""The MkDocs plugin: one Material build per locale, generated from examples/ at build time.

`mkdocs build` builds every locale into a staging folder beside `site/` and swaps it in only
once MkDocs has finished without error (--strict warnings included), so a failed or killed
build leaves the previous site untouched (publish.py). Other runs
(`mkdocs serve`, a build started from Python) build one locale: $TUTORIAL_LOCALE, else the
first one listed in mkdocs.yml.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import os
import re
import shutil
import tempfile
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urljoin

import rcssmin
import rjsmin
from jinja2 import Environment, FileSystemLoader, meta
from markupsafe import escape
from material.plugins.search.plugin import SearchIndex
from mkdocs.commands.build import build, get_context
from mkdocs.config import config_options as c
from mkdocs.config import load_config
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files

from .. import forked
from ..cache import Kept
from ..content.jsonschema import FOLDER as SCHEMAS
from ..content.jsonschema import write_schemas
from ..content.pages import Paragraph
from ..content.project import Parsed, Report, check
from ..content.source import Source, parse_source
from ..i18n.catalogs import TEMPLATE, Counts, Key, LocaleError, ReadCatalog, count, is_kept, message_list, read_catalog
from ..i18n.theme import not_found_heading, translated_theme_words
from ..i18n.translator import SOURCE_LOCALE, Translator, catalog_path
from ..problems import OUTSIDE, display_path, leads_outside
from ..render import FOLDER as PACKAGE
from ..render import guide
from ..render.chooser import write_chooser, write_not_found
from ..render.page import SLOT, Renderer
from ..render.templatecache import CompiledTemplates
from ..render.view import compile_templates
from . import searchindex
from .anchors import QuickAnchors
from .drillcache import DrawnDrills
from .publish import checksums, stage, swap_in, write_checksums
from .rawhtml import QuickRawHtml
from .rendercache import RenderedLocale, RenderedLocales, folder_digest, inputs_key
from .searchsections import quicken
from .stages import Stages, since_process_start
from .themeenv import quicker_environments

ASSETS = {f"assets/{name}": PACKAGE / "assets" / name for name in (
    "tutorial.css", "tutorial.js", "drills.css", "drills.js", "play-engine.js", "play.js", "play.css",
    "vendor/iframe-worker-shim.js", "vendor/resize-observer-loader.js", "vendor/ResizeObserver.global.js")}
MINIFY = {".js": partial(rjsmin.jsmin, keep_bang_comments=True),
          ".css": partial(rcssmin.cssmin, keep_bang_comments=True)}
"""Our own scripts and stylesheets reach learners without their comments: a third of what a
practice page loads on top of a plain one. The vendored polyfills are served as they came."""
INSTRUCTORS_PAGE = "instructors.md"
"""The instructors' guide: writing games, examples, drills and pages in YAML, in every locale."""
TRANSLATORS_PAGE = "translators.md"
"""The translators' page: how complete each locale is, in every locale."""
TEXT_WORDS = ("action.skip", "footer.next", "footer.previous", "search.result.initializer", "toc", "top")
"""Material's words that its pages show as text, which a lang="en" can mark when they are
English; the others stand in attributes, where no mark can go."""
ENGLISH_MARKS = ' lang="en" dir="ltr"'
LOCALE_VARIABLE = "TUTORIAL_LOCALE"
DRAFT_VARIABLE = "TUTORIAL_DRAFT"
"""Overrides the plugin's `draft` setting: 1 (or true, yes, on) for a draft build, 0 for a strict one."""
MAX_MEMO = 100_000
"""Entries of a kept Translator's memo past which `serve` starts afresh: each edit adds the
entries of what it changed, and a long session should not grow without end."""
MATERIAL_MAIN = "main.html"
"""The template each of Material's pages is rendered from: once the cache folder holds it
compiled, it holds the theme's templates."""
FULL_COLLECTIONS_AFTER = 1000
"""During `mkdocs build`, a full collection of the garbage collector waits for this many
collections of the middle generation (Python's default is ten): a build makes some fifty in a
process, so the older objects, the checked project, the drawn drills and each locale's pages,
are not walked again and again for the few cycles among them. Young objects are still
collected as usual; the process ends with the build. A twentieth of a build's processor time,
for a fifth more memory at the peak (170 MB instead of 145)."""
POLL_SECONDS = 0.1
"""How often `serve` looks for a saved file: MkDocs's half second was a quarter of a second's
wait on average before a rebuild started, a quarter of the one-second budget of a live edit."""
CDN_SCRIPTS = ("https://unpkg.com/resize-observer-polyfill",
               "https://unpkg.com/mermaid@11/dist/mermaid.min.js")
"""Scripts Material's bundle would fetch from a CDN: the ResizeObserver polyfill (served from
assets/vendor instead, before the bundle runs) and Mermaid (these pages have no Mermaid)."""
INERT_SCRIPT = "data:text/javascript,"
HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
"""Material's alternates in the head (base.html), relative when the site has no `site_url`."""
SITEMAP_READER = '"link[rel=alternate]"'
SITEMAP_SKIPPED = '"link[rel=alternate]:not([hreflang])"'
"""Material's bundle fetches sitemap.xml beside every alternate link it finds, to send a click
on a language to the same page there: six failed requests a page, from file:// blocked ones
with console errors. Our alternates and language menu already name that same page, so the
bundle is told to pass over the links with an hreflang (`_no_sitemap_reads`)."""
LANGUAGE_PARTIAL = r"""{{#- Written by the tutorial plugin: Material has no language partial for "{code}". Its
    own words (menus, search) fall back to English; everything else on the page is {code}. -#}}
{{% import "partials/languages/en.html" as english %}}
{{% macro t(key) %}}{{{{ {{
  "language": "{code}",
  "direction": "{direction}",
  "search.config.lang": "en",
  "search.config.pipeline": " ",
  "search.config.separator": "[\\s\\-]+"
}}.get(key) or english.t(key) }}}}{{% endmacro %}}
"""
"""Material's chrome in English (its en.html) for a locale it does not know, with the page's
own lang and dir, and search that splits words on spaces and hyphens, with no English stemmer
or stop words (as Material's fa.html does for Persian)."""
log = get_plugin_logger("tutorial")
"""Under the `mkdocs` logger, so `mkdocs build --strict` counts its warnings and fails."""


@dataclass(frozen=True)
class Shared:
    """What the build of every locale needs: read by the first, handed on to the others."""
    report: Report
    catalogs: dict[str, ReadCatalog]
    """Every locale's catalog but the source's, for its own words."""
    counts: dict[str, Counts]
    """Every locale's counts against the template, as `locale stats` counts (catalogs.count):
    for the translators' page and the build's report of each locale."""
    messages: frozenset[Key] | None
    """The template's messages (locales/messages.pot), None without one: a message the pages
    show that it lacks is one no catalog can translate until `locale update`."""
    templates: CompiledTemplates
    """Our templates and Material's, compiled once for every locale."""
    rendered: RenderedLocales
    """Each locale's rendered pages, kept between builds."""
    render_keys: dict[str, str]
    """Per locale: the key of everything its rendering reads (rendercache.inputs_key)."""
    sources: dict[bytes, Source]
    """Every file the check parsed, by its bytes: the instructors' samples are among them."""


class TutorialConfig(Config):
    locales = c.ListOfItems(c.Type(str), default=["en"])
    """Locales to build; the first is the gettext source language."""
    examples = c.Type(str, default="examples")
    locales_dir = c.Type(str, default="locales")
    draft = c.Type(bool, default=False)
    """A draft build publishes messages not yet translated in English, as every build does, and
    reports them per locale as information rather than as warnings, which `--strict` would stop
    on: for a new game before its translations exist. $TUTORIAL_DRAFT overrides it."""


class TutorialPlugin(BasePlugin[TutorialConfig]):
    def __init__(self) -> None:
        self.command: str | None = None
        self.nested_locale: str | None = None
        """Set for the build of each further locale. MkDocs may hand that build this very
        instance (it keeps plugins that define on_startup), so this is state, not identity."""
        self.final: Path | None = None
        self.staging: Path | None = None
        self.finished = False
        """The staged site is complete: MkDocs swaps it in at shutdown unless it then fails."""
        self.shared: Shared | None = None
        """What every locale's build needs, read once and handed on to the builds of further
        locales."""
        self.language_dir: tempfile.TemporaryDirectory | None = None
        self.slots: Mapping[str, Mapping[str, str]] = {}
        """Per page: the HTML of its drills, walkthroughs and play blocks, by the marker standing in for it."""
        self.parsed = Parsed()
        """The files `serve` read for the last build: it reads again only what changed."""
        self.kept_translator: tuple[tuple[str, str], ReadCatalog | None, Translator] | None = None
        """`serve`'s Translator, with the locale and templates and the catalog it was made for."""
        self.samples: dict[str, tuple[bytes, Source]] = {}
        """The instructors' sample files as parsed, by name, with the bytes they came from."""
        self.read_catalogs: dict[str, tuple[bytes, ReadCatalog]] = {}
        """Each locale's catalog as the last build read it, by its bytes: `serve` reads a
        catalog again only when it changed."""
        self.queue: forked.Queue | None = None
        """The locales after the first, as this process and its workers take them."""
        self.workers: forked.Workers | None = None
        """Worker processes building the further locales of `mkdocs build` meanwhile."""
        self.locale = SOURCE_LOCALE
        """The locale this build writes (on_config)."""
        self.draft = False
        """A draft build (on_config, `_is_draft`): text shown in English is no warning."""
        self.english_words: tuple[str, ...] = ()
        """Material's words that this locale's pages show in English (on_env)."""
        self.descriptions: dict[str, str] = {}
        """Per page: its meta description, its translated summary as plain text (on_files)."""
        self.stages = Stages(log)
        """Where this process's time goes, logged at debug level (`mkdocs build -v`)."""
        self.collections = gc.get_threshold()
        """The garbage collector's thresholds before `mkdocs build` changed them (on_startup)."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.command = command
        if command == "build":
            self.collections = gc.get_threshold()
            gc.set_threshold(self.collections[0], self.collections[1], FULL_COLLECTIONS_AFTER)

    def on_config(self, config):
        if not self.stages.started_up and (started := since_process_start()):
            self.stages.record("startup", *started)
        self.stages.started_up = True
        self.project = Path(config.config_file_path).parent
        self.draft = self._is_draft()
        locales = list(self.config.locales)
        if self.nested_locale is not None:
            self.locale = self.nested_locale
        elif self.command == "build":
            self.locale = locales[0]  # then every other one, in on_post_build
            self._stage(config, locales)
            if self.shared is None and self._rendered_before(locales):
                self._start_other_locales(config, locales[1:], None)
        else:
            self.locale = os.environ.get(LOCALE_VARIABLE) or locales[0]
            if self.locale not in locales:
                raise PluginError(f"{LOCALE_VARIABLE}={self.locale} is not one of the locales in "
                                  f"mkdocs.yml ({', '.join(locales)})")
        if self.shared is None:
            self.shared = self._read(config, locales)
        if self.staging is not None and self.nested_locale is None and self.queue is None:
            self._start_other_locales(config, locales[1:], self.shared)  # before this locale's settings: they are its own
        self.stages.start(f"config {self.locale}")
        report = self.shared.report
        self.tr = self._translator(self.shared.catalogs.get(self.locale))
        home = next((page for page in report.pages if page.id == "home" and page.game is None), None)
        if home is not None:
            config.site_name = chrome(self.tr.gettext(home.title))
            intro = next((block for block in home.intro if isinstance(block, Paragraph)), None)
            if intro is not None:  # the description of the pages without a summary of their own
                config.site_description = description(Renderer(self.tr, templates=self.shared.templates), intro.text, None)
        config.theme["language"] = self.locale
        config.extra["theme_words"] = ({} if self.locale == SOURCE_LOCALE else
                                       {key: chrome(word) for key, word in translated_theme_words(self.tr).items()})
        config.extra["not_found"] = chrome(not_found_heading(self.tr))
        config.extra["not_found_base"] = "/" if self.command == "serve" else f"/{self.locale}/"
        self._translate_palette(config)
        config.theme.dirs.insert(0, str(PACKAGE / "overrides"))
        quicker_environments(config.theme, self.shared.templates)
        if "admonition" not in config.markdown_extensions:  # a decision is an admonition (Renderer.decision)
            config.markdown_extensions.append("admonition")
        config.markdown_extensions.append(QuickAnchors())
        config.markdown_extensions.append(QuickRawHtml())
        self._language_partial(config)
        config.extra["alternate"] = [{"name": Translator(code).name, "lang": code, "dir": Translator(code).direction}
                                     for code in locales]
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = chrome(
            self.tr.pgettext("theme", "Link to this section"))
        config.extra["locale"] = self.locale
        config.extra_css.append("assets/tutorial.css")
        config.extra_javascript.append("assets/tutorial.js")
        config.nav = self._nav(report)
        self.stages.stop(f"config {self.locale}")
        return config

    def _translator(self, catalog: ReadCatalog | None) -> Translator:
        """The locale's Translator. `serve` keeps the last build's while the catalog and our
        templates are unchanged, and with it what its memo holds, the drills' rendered questions
        first (DrillRenderer.questions): a live edit renders again only what it changed."""
        key = (self.locale, _templates_digest())
        if self.command == "serve" and self.kept_translator is not None:
            kept_key, kept_catalog, tr = self.kept_translator
            if kept_key == key and kept_catalog is catalog and len(tr.memo) <= MAX_MEMO:
                tr.missing.clear()  # counted afresh: what the memo gives back reports its own
                return tr
        tr = Translator(self.locale) if catalog is None else Translator.current(self.locale, catalog.messages)
        if self.command == "serve":
            self.kept_translator = key, catalog, tr
        return tr

    def _start_other_locales(self, config, codes: list[str], shared: Shared | None) -> None:
        """Fork workers that build the other locales while this process builds the first: the
        checked content reaches them through the fork, not through pickling. Each process,
        this one too once its own locale is done, takes the next locale nobody has started
        (`forked.Queue`), so no core idles while another has two left. Without fork (Windows)
        this process builds them one after another in on_post_build.

        Without `shared`, the workers start at once and each checks the project and reads the
        catalogs itself: when every locale's pages are in the cache (`_rendered_before`), that
        is a fifth of a second each process spends at the same time, rather than one after the
        other while the second core waits."""
        self.queue = forked.Queue(len(codes))
        workers = min(len(codes), (os.cpu_count() or 1) - 1)
        if workers < 1 or not forked.can_fork():
            return
        if shared is not None:
            with self.stages.timed("templates"):
                compile_templates(shared.templates)
        self.workers = forked.start(_build_locales, self.queue, workers,
                                    config.config_file_path, str(self.staging), codes, shared)

    def _language_partial(self, config) -> None:
        """Material's templates import partials/languages/<locale>.html and fail without one:
        for a locale Material does not know, one is written into a theme folder of this build."""
        self.language_dir = None  # the previous build's folder goes when nothing refers to it
        name = Path("partials", "languages", f"{self.locale}.html")
        if any((Path(folder) / name).is_file() for folder in config.theme.dirs):
            return
        self.language_dir = tempfile.TemporaryDirectory(prefix="tutorial-language-")
        path = Path(self.language_dir.name) / name
        path.parent.mkdir(parents=True)
        path.write_text(LANGUAGE_PARTIAL.format(code=self.locale, direction=self.tr.direction),
                        encoding="utf-8")
        config.theme.dirs.insert(0, self.language_dir.name)

    def on_shutdown(self) -> None:
        """After `mkdocs build` has returned or failed: only now is a site known to be good,
        since MkDocs counts --strict warnings after the last plugin event."""
        self._stop_workers()
        if self.staging is not None:
            if self.finished:
                assert self.final is not None  # set with staging (_stage)
                swap_in(self.staging, self.final)
            else:
                shutil.rmtree(self.staging, ignore_errors=True)  # interrupted (Ctrl-C)
            self.staging, self.finished = None, False
        if self.language_dir is not None:
            self.language_dir.cleanup()
            self.language_dir = None
        if self.command == "build":
            # The last event of `mkdocs build`. Python's finalization then collects garbage over
            # the whole heap, the build's pages and drills with it, several times: half a second,
            # a tenth of a first build, on one core. Frozen, the heap is left out of those
            # collections (forked.py freezes it for the same reason); the system frees it at exit.
            gc.freeze()
            gc.set_threshold(*self.collections)

    def _translate_palette(self, config) -> None:
        """The palette toggle's label is written in mkdocs.yml; readers get it in their language."""
        names = {"default": chrome(self.tr.pgettext("ui", "Switch to the dark palette")),
                 "slate": chrome(self.tr.pgettext("ui", "Switch to the light palette"))}
        for scheme in config.theme.get("palette") or []:
            if isinstance(scheme, dict) and "toggle" in scheme and scheme.get("scheme") in names:
                scheme["toggle"]["name"] = names[scheme["scheme"]]

    def _rendered_before(self, locales: list[str]) -> bool:
        """The cache holds every locale's pages for the project as it is now: a build has
        checked this very content before, and drawn its drills (ARCHITECTURE.md)."""
        kept = RenderedLocales.in_user_cache()
        return all(kept.has(code, key) for code, key in self._render_keys(locales).items())

    def _render_keys(self, locales: list[str]) -> dict[str, str]:
        examples = self.project / self.config.examples
        folder = self.project / self.config.locales_dir
        settings = (str(examples.resolve()), repr(sorted(self.config.items())))
        return inputs_key(folder_digest(examples), {code: None if code == SOURCE_LOCALE else _catalog_file(self.project, folder, code)
                                                    for code in locales}, settings)

    def _read(self, config, locales: list[str]) -> Shared:
        reading = self._warm_up_meanwhile(config, locales)
        report = self._check()
        with self.stages.timed("catalogs"):  # with the warm-up process, which ran while the drills were drawn
            if reading is not None:
                reading.stop()
            catalogs = self._catalogs(locales)
            messages = self._messages() if catalogs else None
            return Shared(report, catalogs, {code: count(catalog, catalog.keys if messages is None else messages)
                                             for code, catalog in catalogs.items()}, messages,
                          CompiledTemplates.in_user_cache(), RenderedLocales.in_user_cache(),
                          self._render_keys(locales), {data: source for data, source in self.parsed.sources.values()})

    def _parse(self, data: bytes, name: str) -> Source:
        """A sample file's YAML for the instructors' page, read only when the pages are rendered
        and not found in the cache, and then mostly as the check parsed it: a process, or
        `serve`, parses a file again only once changed."""
        checked = self._current().sources.get(data)
        if checked is not None:
            return checked
        kept = self.samples.get(name)
        if kept is None or kept[0] != data:
            self.samples[name] = kept = data, parse_source(data, name)
        return kept[1]

    def _check(self):
        # `mkdocs build` may fork; `serve` has its server's threads running, so it draws alone,
        # and so does a worker building further locales.
        workers = (os.cpu_count() or 1) if self.staging is not None and self.nested_locale is None else 1
        wall, processor = time.perf_counter(), forked.processor_seconds()
        report = check(self.project, [self.project / self.config.examples], workers,
                       DrawnDrills.in_user_cache(), self.parsed)
        drawing = report.drawing
        self.stages.record("check", time.perf_counter() - wall - drawing[0],
                           forked.processor_seconds() - processor - drawing[1])
        self.stages.record("drawing", *drawing)
        if report.problems:
            raise PluginError("\n".join(report.problems.report()))
        return report

    def _stage(self, config, locales: list[str]) -> None:
        """Build into a hidden sibling of site_dir, swapped in at shutdown."""
        self.final = Path(config.site_dir)
        self.staging = stage(self.final)
        config.site_dir = str(self.staging / locales[0])

    def _nav(self, report: Report) -> list:
        pages, games = report.pages, report.games
        title = lambda p: chrome(self.tr.gettext(p.title))
        nav: list = [{title(p): p.path} for p in pages if p.game is None and p.id == "home"]
        for game in games.values():
            entries = []
            for p in pages:
                if p.game is game:
                    entries.append({title(p): p.path})
                    if p.has_drills:
                        worksheet = self.tr.pgettext("worksheet", "{title}: worksheet to print",
                                                     title=self.tr.gettext(p.title))
                        entries.append({chrome(worksheet): p.worksheet_path})
            if entries:
                nav.append({chrome(self.tr.pgettext("game", game.name)): entries})
        nav += [{title(p): p.path} for p in pages if p.game is None and p.id != "home"]
        nav.append({chrome(self.tr.pgettext("instructors", "Write your own lessons")): INSTRUCTORS_PAGE})
        nav.append({chrome(self.tr.pgettext("translators", "Translations")): TRANSLATORS_PAGE})
        return nav

    def _warm_up_meanwhile(self, config, locales: list[str]) -> forked.Workers | None:
        """The first `mkdocs build` on a machine parses every catalog, a third of a second
        before any locale can start, and each build process compiles Material's templates. A
        forked process does both into the cache folder while this one checks the project and
        the drills are drawn, which leaves a core idle; the builds then read them from there."""
        kept = Kept("catalogs", "json")
        if self.staging is None or self.nested_locale is not None or kept.folder is None or not forked.can_fork():
            return None
        folder = self.project / self.config.locales_dir
        unread = [(code, _catalog_file(self.project, folder, code)) for code in locales if code != SOURCE_LOCALE]
        if unread and (template := _template_file(self.project, folder)) is not None:  # what they are counted against
            unread.append((SOURCE_LOCALE, template))
        unread = [(code, path) for code, path in unread if not is_kept(path, code, kept)]
        env = _theme_environment(config)
        templates = env.bytecode_cache
        assert isinstance(templates, CompiledTemplates)
        if not unread and (templates.disk is None or _compiled(env, MATERIAL_MAIN)):
            return None
        roots = [MATERIAL_MAIN, *config.theme.static_templates, *(f"partials/languages/{code}.html" for code in locales)]
        return forked.start(_warm_up, forked.Queue(1), 1, unread, env, roots)

    def _catalogs(self, locales: list[str]) -> dict[str, ReadCatalog]:
        """Every locale's catalog but the source's; a locale without one yet has the template,
        all untranslated."""
        folder = self.project / self.config.locales_dir
        kept = Kept("catalogs", "json")
        catalogs = {}
        for code in locales:
            if code != SOURCE_LOCALE:
                path = _catalog_file(self.project, folder, code)
                try:
                    data = path.read_bytes()
                except OSError:
                    data = b""  # read_catalog says what is wrong
                if (known := self.read_catalogs.get(code)) is not None and known[0] == data:
                    catalogs[code] = known[1]
                    continue
                try:
                    catalogs[code] = read_catalog(path, code, kept)
                except LocaleError as error:
                    raise PluginError(str(error)) from None
                self.read_catalogs[code] = (data, catalogs[code])
        return catalogs

    def _messages(self) -> frozenset[Key] | None:
        """The template's messages, kept between builds as the catalogs are; None without one."""
        template = _template_file(self.project, self.project / self.config.locales_dir)
        if template is None:
            return None
        try:
            return message_list(template, Kept("catalogs", "json"))
        except LocaleError as error:
            raise PluginError(str(error)) from None

    def _is_draft(self) -> bool:
        """The plugin's `draft` setting, unless $TUTORIAL_DRAFT says otherwise."""
        value = os.environ.get(DRAFT_VARIABLE, "").strip().lower()
        if value in ("1", "true", "yes", "on"):
            return True
        if value in ("0", "false", "no", "off"):
            return False
        if value:
            raise PluginError(f"{DRAFT_VARIABLE}={value} is neither 1 (a draft build) nor 0 (a strict one)")
        return bool(self.config.draft)

    def _report_translations(self) -> None:
        """One line for a locale with text in English: how many of the template's messages its
        catalog leaves untranslated or fuzzy, counted as `locale stats` counts them, and how many
        the pages show that the template lacks (it is older than the sources). Warnings, on which
        `mkdocs build --strict` stops; in a draft build, information, and a line for every
        locale, complete or not."""
        shared = self._current()
        if self.locale == SOURCE_LOCALE:
            return
        counts = shared.counts[self.locale]
        known = shared.messages if shared.messages is not None else shared.catalogs[self.locale].keys
        unknown = sum(key not in known for key in self.tr.missing)
        say = log.info if self.draft else log.warning
        if self.draft:
            name = f"{self.tr.babel.english_name or self.locale} ({self.locale})"
            say(f"Draft: {name} shows {counts.missing} message{'s' if counts.missing != 1 else ''} in English, "
                f"{counts.untranslated} untranslated and {counts.fuzzy} fuzzy" if counts.missing
                else f"Draft: {name} has every message translated")
        elif counts.missing:
            say(f"{self.locale}: {counts.missing} message{'s are' if counts.missing != 1 else ' is'} untranslated "
                f"or fuzzy and {'are' if counts.missing != 1 else 'is'} shown in English")
        if unknown:
            template = display_path(self.project / self.config.locales_dir / TEMPLATE)
            say(f"{self.locale}: the pages show {unknown} message{'s' if unknown != 1 else ''} in English that "
                f"{template} lacks, so no catalog can translate {'them' if unknown != 1 else 'it'} yet; "
                "run tutorial-engine locale update")

    def on_files(self, files: Files, *, config) -> Files:
        search = config.plugins.get("material/search")
        if isinstance(getattr(search, "search_index", None), SearchIndex):  # made in its on_config
            quicken(search.search_index)
        languages = getattr(getattr(search, "config", None), "lang", None)  # set in its on_config
        unused = set(searchindex.unused_lunr((f.src_uri for f in files), languages)) if languages else set()
        for file in [f for f in files if f.src_uri.endswith(".map") or f.src_uri in unused]:
            files.remove(file)  # source maps of Material's bundle and stylesheets serve no learner
        for file in files:  # MkDocs follows links in docs/ and would publish what they lead to
            if file.abs_src_path and leads_outside(self.project, Path(file.abs_src_path)):
                raise PluginError(f"{display_path(Path(file.abs_src_path))}: {OUTSIDE}")
        shared = self._current()
        name = f"render {self.locale}"
        self.stages.start(name)
        renderer = Renderer(self.tr, shared.report.questions, shared.templates)
        key = shared.render_keys[self.locale]
        rendered = shared.rendered.get(self.locale, key)
        if rendered is None:
            rendered = self._render(renderer, shared)
            if self.command != "serve":  # a twentieth of a second a save, for a preview that renders little
                shared.rendered.put(self.locale, key, rendered)
        else:
            self.tr.shown_in_english(rendered.english)
        self.slots, self.descriptions = rendered.slots, rendered.descriptions
        for path, content in rendered.files.items():
            files.append(File.generated(config, path, content=content))
        files.append(File.generated(config, TRANSLATORS_PAGE, content=renderer.translators(shared.counts)))
        for uri, asset in ASSETS.items():
            files.append(_asset(config, uri, asset))
        self.stages.stop(name)
        self.stages.start(f"mkdocs {self.locale}")
        return files

    def _render(self, renderer: Renderer, shared: Shared) -> RenderedLocale:
        """Every page of this locale, its worksheets, drill scripts and the instructors' guide."""
        report = shared.report
        generated: dict[str, str] = {}
        slots: dict[str, dict[str, str]] = {}
        with self.tr.recording() as english:
            descriptions = {path: description(renderer, page.summary, page.game)
                            for page in report.pages if page.summary
                            for path in (page.path, page.worksheet_path)}
            for page in report.pages:
                rendered = renderer.page(page, report.pages, report.games)
                generated[page.path] = rendered.markdown
                slots[page.path] = {marker: str(html) for marker, html in rendered.slots.items()}
                generated |= rendered.scripts
                if page.has_drills:
                    worksheet = renderer.worksheet(page)
                    generated[page.worksheet_path] = worksheet.markdown
                    slots[page.worksheet_path] = {marker: str(html) for marker, html in worksheet.slots.items()}
            samples = guide.samples(self.project / self.config.examples, self.project, self._parse)
            generated[INSTRUCTORS_PAGE] = renderer.instructors(samples, report.games)
        return RenderedLocale(generated, slots, descriptions, tuple(sorted(english, key=repr)))

    def on_env(self, env, *, config, files):
        """Material's templates, compiled once and kept (templatecache.py), not once per locale.
        Also notes which of Material's words a page shows as text in English, for want of a
        translation: on_post_page marks them lang="en"."""
        env.bytecode_cache = self._current().templates
        self.english_words = ()
        if self.locale != SOURCE_LOCALE:
            words = env.get_template("partials/language.html", globals={"config": config}).module
            english = env.get_template("partials/languages/en.html").module
            self.english_words = tuple(str(english.t(key)) for key in TEXT_WORDS
                                       if str(words.t(key)) == str(english.t(key)))
        return env

    def on_serve(self, server, *, config, builder):
        server = _polling_often(server, builder)
        for folder in (self.project / self.config.examples, self.project / self.config.locales_dir,
                       PACKAGE / "templates", PACKAGE / "assets", PACKAGE / "overrides"):
            if folder.exists():
                server.watch(str(folder))
        return server

    def on_page_context(self, context, *, page, config, nav):
        """The page's summary as its meta description, and its alternates (Material's
        `<link rel="alternate" hreflang>`) at this same page in each locale, not at one address
        for all: page paths are the same in every locale."""
        if page.file.src_uri in self.descriptions:
            page.meta["description"] = self.descriptions[page.file.src_uri]
        _alternates(config, page.url)
        return context

    def on_template_context(self, context, *, template_name, config):
        """MkDocs writes the 404 page's links from the server's root (/assets/…), which is not
        the locale's folder: they are written as on the locale's home page instead, and
        404.html names that folder in a <base>."""
        if template_name == "404.html":
            context.update(get_context(context["nav"], context["pages"], config, base_url="."))
            _alternates(config, "index.html")
        return context

    def on_post_template(self, output_content: str, *, template_name: str, config) -> str:
        """The 404 page is a template, not a page: its head's alternates go as on_post_page's do."""
        if template_name == "404.html" and not config.site_url:
            output_content = HEAD_ALTERNATE.sub("", output_content)
        return output_content

    def on_page_content(self, html: str, *, page, config, files) -> str:
        """The table of contents takes each heading as the page shows it. Python-Markdown's toc
        extension collapses every Unicode space in a title, the no-break space French sets
        before "?" too, and drops the isolates a right-to-left page needs."""
        headings = {match["id"]: match["inner"] for match in _HEADING.finditer(html)}

        def retitle(items) -> None:
            for item in items:
                if item.id in headings:
                    item.title = _HEADERLINK.sub("", headings[item.id]).strip(" \t\n")
                retitle(item.children)
        retitle(page.toc)
        return html

    def on_post_page(self, output: str, *, page, config) -> str:
        """The drills, walkthroughs and play blocks the Markdown held markers for (RenderedPage.slots), and
        Material's words that are shown in English marked as such."""
        for word in self.english_words:  # in Material's chrome: before our blocks, which mark their own
            output = _mark_english(output, word)
        if not config.site_url:
            head, end, body = output.partition("</head>")
            output = HEAD_ALTERNATE.sub("", head) + end + body
        slots = self.slots.get(page.file.src_uri)
        if slots:  # one pass over the page, not one a block: a practice page has hundreds of kilobytes
            output = _MARKER.sub(lambda marker: slots.get(marker[0], marker[0]), output)
        return output

    @event_priority(-200)  # after the offline plugin (-100), which writes the search index then
    def on_post_build(self, *, config) -> None:
        self.stages.stop(f"mkdocs {self.locale}")
        self.stages.start(f"finish {self.locale}")
        _no_cdn(Path(config.site_dir))
        _no_sitemap_reads(Path(config.site_dir))
        searchindex.lighten(Path(config.site_dir))
        self._report_translations()
        if self.nested_locale is not None or self.staging is None:
            self.stages.stop(f"finish {self.locale}")
        if self.nested_locale is not None:
            return
        shared = self._current()
        self.shared = None  # `serve` keeps this plugin: read afresh next time
        if self.staging is None:
            return
        codes = self.config.locales[1:]
        digests = checksums(self.staging, Path(config.site_dir))
        self.stages.stop(f"finish {self.locale}")
        try:
            while self.queue is not None and (index := self.queue.take()) is not None:
                code = codes[index]
                _build_nested(config.config_file_path, str(self.staging / code), code, shared, config.strict)
                digests |= checksums(self.staging, self.staging / code)
            with self.stages.timed("waiting", children=False):
                done: list[LocaleWork] = self.workers.results() if self.workers is not None else []
            for work in done:
                for name, level, message in work.warnings:
                    logging.getLogger(name).log(level, message)  # counted here under --strict
                digests |= work.digests
            for work in done:
                if work.failure is not None:
                    raise work.failure
        finally:
            self._stop_workers()
        with self.stages.timed("publish"):
            messages = {code: catalog.messages for code, catalog in shared.catalogs.items()}
            write_chooser(self.staging, self.config.locales, messages)
            write_not_found(self.staging, self.config.locales, messages)  # what a host serves for any missing address
            write_schemas(self.staging / SCHEMAS)  # once for every locale: site/schemas/<kind>.schema.json
            write_checksums(self.staging, digests)
        self.finished = True

    def _current(self) -> Shared:
        """`shared`, which on_config reads or is handed, for the events of the build under way."""
        assert self.shared is not None
        return self.shared

    def _stop_workers(self) -> None:
        """After the last locale or a failure: no process starts another locale, and none may
        write into a removed folder."""
        if self.queue is not None:
            self.queue.stop()
        if self.workers is not None:
            self.workers.stop()
        self.queue, self.workers = None, None

    def on_build_error(self, *, error: Exception) -> None:
        self.shared = None
        self._stop_workers()
        if self.staging is not None:
            shutil.rmtree(self.staging, ignore_errors=True)
            self.staging, self.finished = None, False


def _warm_up(queue: forked.Queue, catalogs: list[tuple[str, Path]], env: Environment, roots: list[str]) -> None:
    """A worker process: each catalog read into the cache folder, then the theme's templates
    (Material's, our overrides) that the pages use compiled there, and ours. A catalog or a
    template that does not read is left to the build, which says why."""
    kept = Kept("catalogs", "json")
    for code, path in catalogs:
        try:
            read_catalog(path, code, kept)
        except LocaleError:
            continue
    _compile_reachable(env, roots)
    assert isinstance(env.bytecode_cache, CompiledTemplates)
    compile_templates(env.bytecode_cache)


def _compile_reachable(env: Environment, roots: list[str]) -> None:
    """Every template `roots` extend, include or import by name, compiled into the cache: the
    forty-odd of Material's 130 that its pages use."""
    todo, seen = list(roots), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
            tree = env.parse(source, name, filename)
            todo += [reference for reference in meta.find_referenced_templates(tree) if reference]
            bucket = env.bytecode_cache.get_bucket(env, name, filename, source)  # type: ignore[union-attr]
            if bucket.code is None:
                bucket.code = env.compile(tree, name, filename)
                env.bytecode_cache.set_bucket(bucket)  # type: ignore[union-attr]
        except Exception:  # the build meets it again and reports it
            continue


def _theme_environment(config) -> Environment:
    """The theme's Jinja environment as each locale's build makes it, our overrides first."""
    env = config.theme.get_env()
    env.loader = FileSystemLoader([str(PACKAGE / "overrides"), *config.theme.dirs])
    env.bytecode_cache = CompiledTemplates.in_user_cache()
    return env


def _compiled(env: Environment, name: str) -> bool:
    """The cache folder holds `name` compiled from its source as it is now."""
    try:
        source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
        return env.bytecode_cache.get_bucket(env, name, filename, source).code is not None  # type: ignore[union-attr]
    except Exception:  # no such template: nothing to compile ahead
        return True


def _polling_often(server: LiveReloadServer, builder) -> LiveReloadServer:
    """The same server, looking for saved files every POLL_SECONDS. MkDocs serves with an
    observer that polls every half second, made before plugins see the server; nothing has
    started yet (not the socket, nor the observer), so a new one takes its place with what
    MkDocs gave the first: its builder, address, folder, error pages and watched paths. Should
    MkDocs change those names, its own server is kept, only slower."""
    try:
        host, port = server.server_address[:2]
        quicker = LiveReloadServer(builder=builder, host=str(host), port=port, root=server.root,
                                   mount_path=server.mount_path, polling_interval=POLL_SECONDS)
        quicker.error_handler = server.error_handler
        watched = list(server._watched_paths)
    except (AttributeError, TypeError, ValueError):
        return server
    for path in watched:
        quicker.watch(path)
    server.server_close()
    return quicker


def _build_nested(config_file: str, site_dir: str, code: str, shared: Shared | None, strict: bool) -> Shared | None:
    """Build one locale with Material, as `mkdocs build` would, into `site_dir`, and return what
    it read (`shared`, or what the build read itself without it) for the next. MkDocs chooses
    the plugin instance of a build (this one, as it keeps plugins that define on_startup), so
    the locale and the checked content are set on it for that build and the locale cleared after."""
    nested = load_config(config_file, site_dir=site_dir, strict=strict)
    plugin = nested.plugins["tutorial"]
    assert isinstance(plugin, TutorialPlugin)  # what `tutorial` names (pyproject.toml's entry point)
    plugin.nested_locale, plugin.shared = code, shared
    try:
        build(nested)
        return plugin.shared
    finally:
        plugin.nested_locale = None


class _Warnings(logging.Handler):
    """A worker's warnings, kept for the parent to log: only there does --strict count them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[tuple[str, int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append((record.name, record.levelno, record.getMessage()))


@dataclass(frozen=True)
class LocaleWork:
    """What a worker process hands back: the warnings and errors it kept from its console, for
    the parent to log (only there does --strict count them), the checksums of the files it
    wrote, and the exception that stopped it, if one did, raised by the parent once they are
    logged."""

    warnings: list[tuple[str, int, str]]
    digests: dict[str, str]
    failure: BaseException | None = None


def _build_locales(queue: forked.Queue, config_file: str, staging: str, codes: list[str],
                   shared: Shared | None) -> LocaleWork:
    """A worker process: build locales until none is left, printing their progress."""
    logger = logging.getLogger("mkdocs")
    for handler in logger.handlers:
        handler.addFilter(lambda record: record.levelno < logging.WARNING)
    kept = _Warnings()
    logger.addHandler(kept)
    digests: dict[str, str] = {}
    try:
        while (index := queue.take()) is not None:
            code = codes[index]
            shared = _build_nested(config_file, str(Path(staging) / code), code, shared, strict=False)
            digests |= checksums(Path(staging), Path(staging) / code)
    except Exception as error:  # handed to the parent with what led to it
        queue.stop()
        error.add_note(f"In the worker process:\n{traceback.format_exc()}")
        return LocaleWork(kept.records, digests, forked.portable(error))
    return LocaleWork(kept.records, digests)


def _mark_english(output: str, word: str) -> str:
    """`word` marked lang="en" where a page shows it as a tag's whole text."""
    return re.sub(rf">(\s*){re.escape(word)}(\s*)<",
                  lambda match: f">{match[1]}<span{ENGLISH_MARKS}>{word}</span>{match[2]}<", output)


def _asset(config, uri: str, path: Path) -> File:
    minify = MINIFY.get(path.suffix)
    if minify is None or uri.startswith("assets/vendor/"):
        return File.generated(config, uri, abs_src_path=str(path))
    return File.generated(config, uri, content=minify(path.read_text(encoding="utf-8")))


_ENTITY = re.compile(r"&(?=[#\w])")
_MARKER = re.compile(re.escape(SLOT).replace(re.escape("{}"), r"\d+"))
_HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]+)"[^>]*>(?P<inner>.*?)</h(?P=level)>', re.S)
_HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)


def chrome(text: str) -> str:
    """A translation for Material's own templates (nav, site name, palette toggle), which print
    titles as HTML, some unescaped inside attributes, some through `striptags`, which undoes one
    level of escaping: no tag, no character reference and no double quote gets through."""
    return _ENTITY.sub("&amp;", text).replace("<", "‹").replace(">", "›").replace('"', "″")


def _no_cdn(site: Path) -> None:
    """The built site must name no other host, not even in code that should never run."""
    for bundle in (site / "assets" / "javascripts").glob("bundle.*.min.js"):
        text = bundle.read_text(encoding="utf-8")
        for url in CDN_SCRIPTS:
            text = text.replace(url, INERT_SCRIPT)
        bundle.write_text(text, encoding="utf-8")


def _no_sitemap_reads(site: Path) -> None:
    """Material's bundle reads no sitemap.xml for our alternate links (SITEMAP_READER)."""
    for bundle in (site / "assets" / "javascripts").glob("bundle.*.min.js"):
        text = bundle.read_text(encoding="utf-8")
        if SITEMAP_SKIPPED in text:
            continue  # `serve` rebuilds over its own site
        if text.count(SITEMAP_READER) != 1:  # the site still works: a warning, which --strict stops on
            log.warning(f"{bundle.name}: Material's reading of sitemap.xml has changed; update "
                        "SITEMAP_READER in tutorial_engine/build/plugin.py")
            continue
        bundle.write_text(text.replace(SITEMAP_READER, SITEMAP_SKIPPED), encoding="utf-8")


def _alternates(config, url: str) -> None:
    """Material's template reads the alternates from config.extra: their links are written
    before each page. Search engines take an hreflang address only when it is absolute, so the
    head's links are absolute under `site_url`, and without it left out (on_post_page); the
    language menu keeps its relative links."""
    for alternate in config.extra["alternate"]:
        alternate["link"] = f"../{alternate['lang']}/{url}"
        if config.site_url:
            alternate["link"] = urljoin(config.site_url, f"{alternate['lang']}/{url}")


def description(renderer: Renderer, text: str, game) -> str:
    """A meta description: the translated prose as plain text, escaped for Material's
    template, which prints it into an attribute as it is."""
    return str(escape(renderer.prose(text, game).striptags()))


def _catalog_file(project: Path, folder: Path, code: str) -> Path:
    """The locale's catalog; a locale without one yet has the template, all untranslated. Never
    a file a link takes out of the project (problems.leads_outside)."""
    path = catalog_path(folder, code)
    path = path if path.exists() else folder / TEMPLATE
    if leads_outside(project, path):
        raise PluginError(f"{display_path(path)}: {OUTSIDE}")
    return path


def _template_file(project: Path, folder: Path) -> Path | None:
    """The template (messages.pot), if there is one; never a file a link takes out of the project."""
    path = folder / TEMPLATE
    if not path.exists():
        return None
    if leads_outside(project, path):
        raise PluginError(f"{display_path(path)}: {OUTSIDE}")
    return path


def _templates_digest() -> str:
    """Our templates as they are now: `serve` watches them, and a rendering kept from before an
    edit to one is stale."""
    digest = hashlib.sha256()
    for path in sorted((PACKAGE / "templates").iterdir()):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()
