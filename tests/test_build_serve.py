"""`mkdocs serve` looks for saved files more often than MkDocs's own half second: a live edit
should reach the page within a second (issue 28)."""

from __future__ import annotations

from types import SimpleNamespace

from mkdocs.livereload import LiveReloadServer

from tutorial_engine.build.plugin import POLL_SECONDS, _polling_often


def test_the_server_polls_often_and_keeps_what_mkdocs_gave_it(tmp_path):
    builder = lambda: None
    server = LiveReloadServer(builder=builder, host="127.0.0.1", port=0, root=str(tmp_path), mount_path="/docs/")
    server.error_handler = lambda code: b"missing"
    for folder in ("docs", "more"):
        (tmp_path / folder).mkdir()
        server.watch(str(tmp_path / folder))
    quicker = _polling_often(server, builder)
    try:
        assert quicker is not server
        assert quicker.observer.timeout == POLL_SECONDS < server.observer.timeout
        assert (quicker.builder, quicker.root, quicker.mount_path, quicker.server_address) == (
            builder, server.root, server.mount_path, server.server_address)
        assert quicker.error_handler(404) == b"missing"
        assert sorted(quicker._watched_paths) == [str(tmp_path / "docs"), str(tmp_path / "more")]
        assert all(emitter.timeout == POLL_SECONDS for emitter in quicker.observer.emitters)
    finally:
        quicker.server_close()


def test_a_server_of_another_shape_is_kept_as_it_is():
    server = SimpleNamespace(server_address=("127.0.0.1", 8000))
    assert _polling_often(server, lambda: None) is server  # type: ignore[arg-type]
