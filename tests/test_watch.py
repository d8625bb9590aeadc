"""`tutorial-engine check --watch`: a running checker, edited under, checks again on each save."""

from __future__ import annotations

import queue
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

TIMEOUT = 60
"""Seconds to wait for a line: generous, for a loaded machine; a healthy run takes about one."""
SUMMARY = "all agree with the engine."


class Watcher:
    """The console script in watch mode, its stdout read line by line on a thread."""

    def __init__(self, console_script: Path, cwd: Path, *args: str):
        self.process = subprocess.Popen([str(console_script), "check", "--watch", *args], cwd=cwd,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, encoding="utf-8")
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, predicate) -> str:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                assert self.process.poll() is None, f"watch ended: {self.process.stderr.read()}"
                continue
            self.seen.append(line)
            if predicate(line):
                return line
        pytest.fail(f"no such line within {TIMEOUT}s; stdout so far: {self.seen}")

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a person stops it."""
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
        return code, self.process.stderr.read()


@pytest.fixture
def project(tmp_path, project_root) -> Path:
    shutil.copytree(project_root / "examples", tmp_path / "examples")
    return tmp_path


def test_watch_reports_an_error_on_save_then_the_summary_once_fixed(project, console_script):
    tricks = project / "examples" / "albastini" / "examples" / "tricks.yml"
    good = tricks.read_text(encoding="utf-8")
    line = "    expect: {winner: Anna, points: 14, reason: highest-of-led-suit}"
    assert good.count(line) == 1
    watcher = Watcher(console_script, project)
    try:
        watcher.wait_for(lambda text: text.endswith(SUMMARY))
        tricks.write_text(good.replace(line, line.replace("Anna", "Boris")), encoding="utf-8")
        error = watcher.wait_for(lambda text: ": error: " in text)
        assert error.startswith("examples/albastini/examples/tricks.yml:")
        assert "expected winner Boris, but the engine gives Anna" in error
        assert watcher.wait_for(lambda text: text.startswith("Aborted")) == "Aborted with 1 error"
        tricks.write_text(good, encoding="utf-8")
        watcher.wait_for(lambda text: text.endswith(SUMMARY))
    finally:
        code, stderr = watcher.stop()
    assert "Traceback" not in stderr
    assert code == 0


def test_watch_of_one_file_checks_that_file_only(project, console_script):
    drills = Path("examples/altbaumer/drills.yml")
    watcher = Watcher(console_script, project, str(drills))
    try:
        first = watcher.wait_for(lambda text: text.endswith(SUMMARY))
        assert " in 1 file:" in first
        (project / "examples/albastini/notes.yml").write_text("not: checked\n", encoding="utf-8")
        text = (project / drills).read_text(encoding="utf-8")
        (project / drills).write_text(text.replace("kind: order", "kind: ordre", 1), encoding="utf-8")
        error = watcher.wait_for(lambda text: ": error: " in text)
        assert error.startswith(f"{drills}:") and "'ordre'" in error
        assert all(drills.as_posix() in seen for seen in watcher.seen if ": error: " in seen)
    finally:
        code, stderr = watcher.stop()
    assert (code, "Traceback" in stderr) == (0, False)
