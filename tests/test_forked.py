"""Work shared out to forked processes (tutorial_engine/forked.py): the drills' questions and the
locales are built so. Inputs reach the workers through the fork, answers come back in order, a
worker's failure is raised in the parent, and no worker outlives the job."""

from __future__ import annotations

import os
import threading

import pytest

from tutorial_engine import forked

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="needs fork")


class Unpicklable:
    """Stands for the checked content: pickle refuses it, so it can only travel by fork."""

    def __reduce__(self):
        raise TypeError("not picklable")

    def double(self, n: int) -> int:
        return 2 * n


def test_answers_come_back_in_the_order_of_the_items():
    content = Unpicklable()
    assert forked.map_items(content.double, list(range(50)), 3) == [2 * n for n in range(50)]


def test_each_item_is_taken_once_by_one_process():
    pids = forked.map_items(lambda n: (n, os.getpid()), list(range(40)), 2)
    assert [n for n, _ in pids] == list(range(40))
    assert os.getpid() not in {pid for _, pid in pids}


def failing(n: int) -> int:
    if n == 7:
        raise ValueError("item 7 is bad")
    return n


def test_a_workers_exception_is_raised_in_the_parent_with_its_traceback():
    with pytest.raises(ValueError, match="item 7 is bad") as raised:
        forked.map_items(failing, list(range(20)), 2)
    (note,) = raised.value.__notes__
    assert note.startswith("In the worker process:\nTraceback") and "in failing" in note


class Awkward(Exception):
    """Pickles, but cannot be made again from its arguments."""

    def __init__(self, a, b):
        super().__init__(f"{a} and {b}")


def awkward(n: int) -> int:
    raise Awkward(n, "more")


def test_an_exception_that_cannot_travel_is_named_instead():
    with pytest.raises(RuntimeError, match=r"^Awkward: 3 and more\n"):
        forked.map_items(awkward, [3], 1)


def test_a_worker_that_dies_is_reported_with_its_exit_code():
    with pytest.raises(RuntimeError, match=r"ended without an answer \(exit code 3\)"):
        forked.map_items(lambda n: os._exit(3), [1, 2], 2)


def test_stopping_a_job_whose_answers_nobody_reads_ends_every_worker():
    """The plugin stops its workers after a failure without reading their answers; one larger
    than a pipe holds must not keep its worker, and the build, waiting."""
    queue = forked.Queue(4)
    workers = forked.start(lambda q: b"x" * 1_000_000, queue, 2)
    done = threading.Event()
    threading.Thread(target=lambda: (workers.stop(), done.set()), daemon=True).start()
    assert done.wait(30)
    assert workers.processes == []


def test_a_stopped_queue_gives_nothing_more():
    queue = forked.Queue(3)
    assert queue.take() == 0
    queue.stop()
    assert queue.take() is None


def test_a_locale_that_fails_in_a_worker_hands_back_what_it_logged_and_why(monkeypatch, tmp_path):
    """The worker's console shows no warning (the parent logs them, for --strict to count); a
    worker that fails must hand them back all the same, with the failure for the parent to raise."""
    import logging

    from mkdocs.exceptions import PluginError

    from tutorial_engine.build import plugin

    def nested(config_file, site_dir, code, shared, strict):
        logging.getLogger("mkdocs.plugins.tutorial").error(f"{code}: something is wrong")
        if code == "fr":
            raise PluginError("fr went wrong")

    monkeypatch.setattr(plugin, "_build_nested", nested)
    monkeypatch.setattr(plugin, "checksums", lambda staging, folder: {folder.name: "digest"})
    queue = forked.Queue(3)
    (work,) = forked.start(plugin._build_locales, queue, 1, "mkdocs.yml", str(tmp_path), ["ru", "fr", "es"],
                           None).results()
    assert [message for _, _, message in work.warnings] == ["ru: something is wrong", "fr: something is wrong"]
    assert work.digests == {"ru": "digest"}
    assert isinstance(work.failure, PluginError) and str(work.failure) == "fr went wrong"
    assert "in nested" in work.failure.__notes__[0]
