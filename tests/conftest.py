"""Shared fixtures: the project's games loaded once, a runner for the console script, the built
site and the browser; and the two tiers of the suite.

`make test` runs every test, on every core (pytest-xdist). `make test-fast` (`pytest --fast`)
leaves out the slow tier: every test that uses the built site or the browser, whatever fixture
it reaches them through, every test marked `slow` (builds of their own, `mkdocs serve`, the
Node.js engine), and at run time any other test that starts mkdocs, Chromium or Node.js, which
is skipped with the reason. So a new slow test lands in the slow tier by itself.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tutorial_engine.content.project import Report, check, load_games

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The project folder: tests/ sits directly under it."""

CONSOLE_SCRIPT = Path(sys.executable).parent / "tutorial-engine"
MKDOCS = Path(sys.executable).parent / "mkdocs"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

SLOW_FIXTURES = {"built_site", "browser"}
"""A test that reaches one of these, directly or through another fixture, is in the slow tier."""
SLOW_PROGRAMS = {"mkdocs", "chromium", "chromium-browser", "chrome", "node", "nodejs"}
"""Under --fast, a test that starts one of these is skipped: a site build, a browser (Playwright's
driver is Node.js) or the play pages' engine."""


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true",
                     help="only the fast tier: no built site, no browser, no build, no Node.js (make test-fast)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    if config.getoption("fast"):
        kept = [item for item in items if item.get_closest_marker("slow") is None]
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("slow")])
        items[:] = kept


@pytest.fixture(scope="session", autouse=True)
def _fast_tier_starts_nothing_slow(request):
    """Under --fast, a test that starts a slow program is skipped (it runs in `make test`)."""
    if not request.config.getoption("fast"):
        yield
        return
    start = subprocess.Popen._execute_child

    def execute_child(self, args, executable, *rest):
        program = executable or (args if isinstance(args, (str, bytes, os.PathLike)) else args[0])
        name = os.path.basename(os.fsdecode(program).split()[0] if isinstance(program, str) else os.fsdecode(program))
        if name in SLOW_PROGRAMS:
            test = os.environ.get("PYTEST_CURRENT_TEST", "").rpartition(" ")[0]
            pytest.skip(f"{test} starts {name}, so it is in the slow tier (make test): mark it @pytest.mark.slow")
        return start(self, args, executable, *rest)

    subprocess.Popen._execute_child = execute_child  # type: ignore[attr-defined]
    try:
        yield
    finally:
        subprocess.Popen._execute_child = start  # type: ignore[attr-defined]


def shared_folder(tmp_path_factory, name: str) -> Path:
    """A folder every pytest-xdist worker of this run finds at the same place (the run's own
    temporary folder); without xdist, the session's."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name


@pytest.fixture(scope="session")
def project_root() -> Path:
    return PROJECT_ROOT


@pytest.fixture(scope="session")
def games(project_root):
    """Every game of the project, as `content.project.load_games` builds them; loading must be clean."""
    report = Report()
    load_games(project_root, report)
    assert not report.problems, "\n".join(str(problem) for problem in report.problems)
    assert set(report.games) >= {"albastini", "altbaumer"}
    return report.games


@pytest.fixture(scope="session")
def bundled_report():
    """`check` of the whole project, as `tutorial-engine check` runs it: once for the run (once a
    worker). Tests only read it."""
    return check(PROJECT_ROOT)


@pytest.fixture(scope="session")
def albastini(games):
    return games["albastini"]


@pytest.fixture(scope="session")
def altbaumer(games):
    return games["altbaumer"]


@pytest.fixture(scope="session")
def console_script() -> Path:
    assert CONSOLE_SCRIPT.exists(), f"{CONSOLE_SCRIPT} is missing; install the project into the venv"
    return CONSOLE_SCRIPT


@pytest.fixture(scope="session")
def run_cli(console_script, project_root):
    """Run `tutorial-engine ARGS…`; the default working folder is the project root."""

    def run(*args: str, cwd: Path | None = None, stdin: str | bytes | None = None,
            timeout: float = 30, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        env = dict(os.environ, **(env or {}))
        done = subprocess.run([str(console_script), *args], input=data, capture_output=True,
                              cwd=cwd or project_root, env=env, timeout=timeout)
        return subprocess.CompletedProcess(done.args, done.returncode,
                                           done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))

    return run


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The whole bundled site, every locale, built with --strict as `make site` builds it: once
    for the whole run. Under pytest-xdist the first worker to need it builds it, holding a lock,
    and the others read the same folder. Tests only read it; a test that changes a site builds
    or copies its own."""
    import fcntl  # POSIX, as the tests that kill builds

    folder = shared_folder(tmp_path_factory, "built-site")
    site, failed = folder / "site", folder / "failed"
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or if this worker dies
        if not (folder / "done").exists() and not failed.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a worker that died left half built
            folder.mkdir()
            env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600", NO_MKDOCS_2_WARNING="1")
            env.pop("TUTORIAL_LOCALE", None)
            done = subprocess.run([str(MKDOCS), "build", "--strict", "-d", str(site)],
                                  cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=600)
            (folder / ("done" if done.returncode == 0 else "failed")).write_text(done.stderr, encoding="utf-8")
    assert not failed.exists(), failed.read_text(encoding="utf-8")
    return site


# --- the browser ----------------------------------------------------------------------------------

class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def server(built_site):
    """The built site over http on 127.0.0.1, at a port the system picks."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def playwright():
    """Playwright's driver, one a worker: a second sync_playwright in the same thread is refused
    ("Sync API inside the asyncio loop"), so every browser of the worker is launched from this.
    Chromium missing, it fails under CI and skips elsewhere."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing; .ci/run installs it (apt-get install chromium)")
        pytest.skip("Chromium is not installed")
    with playwright_api.sync_playwright() as p:
        yield p


def launched_browser(playwright):
    """Debian's chromium, yielded until closed."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"])
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser(playwright):
    """One browser for the whole run (one a worker); each test takes tabs from `tabs`, or opens
    contexts of its own."""
    yield from launched_browser(playwright)


TAB_OPTIONS = {"viewport": {"width": 1280, "height": 720}, "color_scheme": "light",
               "reduced_motion": "no-preference", "forced_colors": "none"}
"""What a test may ask of a reused tab, with the values of a new context (Playwright's)."""
MADE_ONCE = ("add_init_script", "expose_function", "expose_binding")
"""What a reused tab would keep for the tests after: a test that needs one opens a context."""


class TabPool:
    """Tabs of one browser context, reused by one test after another and reset in between. In
    Chromium a new tab is a new renderer process: opening one and loading a page of the site
    in it cost 0.9 s of processor time, three times the same page in a tab that had loaded one
    before, and the browser tests open some seven hundred. Between two tests a tab goes to
    about:blank, forgets every request's cache and every origin's cookies and storage (local
    and session) it visited, the test's listeners and routes, its timeouts and emulated media
    and viewport; other tabs the test opened are closed. A tab refuses what could not be
    undone (MADE_ONCE)."""

    def __init__(self, browser, clock=None, **options) -> None:
        """`options` are the context's own (a phone's `is_mobile`, say); with `clock` (a start
        time) its pages' clock is Playwright's, installed once for every test."""
        self.context = browser.new_context(**options)
        if clock is not None:
            self.context.clock.install(time=clock)
        self.free: list = []
        self.origins: set[str] = set()
        self.listening: list = []
        """(page, event, listener) of every listener a test added, removed when it ends."""

    def take(self, **options):
        unknown = set(options) - set(TAB_OPTIONS)
        assert not unknown, f"a reused tab cannot take {sorted(unknown)}: open a context of the test's own"
        page = self.free.pop() if self.free else self._open()
        wanted = TAB_OPTIONS | options
        page.set_viewport_size(wanted["viewport"])
        page.emulate_media(media="null", color_scheme=wanted["color_scheme"],
                           reduced_motion=wanted["reduced_motion"], forced_colors=wanted["forced_colors"])
        return page

    def give_back(self, page) -> None:
        """`page` reset for the next test; a tab that cannot be reset is closed instead."""
        try:
            self._reset(page)
        except Exception:  # a crashed or closed tab: the next test gets a new one
            if not page.is_closed():
                page.close()
            return
        self.free.append(page)

    def _reset(self, page) -> None:
        for other in self.context.pages:
            if other is not page and other not in self.free:
                other.close()
        for listening in [item for item in self.listening if item[0] is page]:
            page.remove_listener(*listening[1:])
            self.listening.remove(listening)
        page.unroute_all(behavior="ignoreErrors")
        page.set_default_timeout(30_000)
        page.set_default_navigation_timeout(30_000)
        page.goto("about:blank")
        session = self.context.new_cdp_session(page)
        try:
            session.send("Network.clearBrowserCache")
            session.send("Network.clearBrowserCookies")
            for origin in self.origins:
                session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        finally:
            session.detach()
        self.origins.clear()

    def _open(self):
        page = self.context.new_page()
        page.on("framenavigated", lambda frame: self._visited(frame.url))
        listen = page.on

        def on(event, listener) -> None:
            self.listening.append((page, event, listener))
            listen(event, listener)

        page.on = on
        for name in MADE_ONCE + ("once",):
            setattr(page, name, _refused(name))
        return page

    def _visited(self, url: str) -> None:
        scheme, _, rest = url.partition("://")
        if scheme in ("http", "https"):
            self.origins.add(f"{scheme}://{rest.split('/', 1)[0]}")
        elif scheme == "file":
            self.origins.add("file://")


def _refused(name: str):
    def refuse(*args, **kwargs):
        raise AssertionError(f"page.{name} stays with a reused tab: open a context of the test's own")
    return refuse


@pytest.fixture(scope="session")
def tab_pool(browser):
    return TabPool(browser)


@pytest.fixture
def tabs(tab_pool):
    """`tabs(viewport=…, color_scheme=…)`: a tab for this test, reset, from the worker's pool."""
    taken: list = []

    def take(**options):
        taken.append(tab_pool.take(**options))
        return taken[-1]

    yield take
    for page in taken:
        tab_pool.give_back(page)
