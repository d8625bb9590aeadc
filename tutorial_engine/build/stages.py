"""Where a build's time goes, stage by stage, as debug lines (`mkdocs build -v`).

The generator's overhead over plain MkDocs crept from 1.10 to 1.40 while games and play pages
were added, and nothing said where. Each process of a build logs the stages it ran, so
bench/build.py (and anyone with `-v`) can sum them across processes and see which one grew.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..forked import processor_seconds

LINE = "stage {name}: {wall:.3f} s wall, {processor:.3f} s processor"
PATTERN = re.compile(r"stage (?P<name>[a-z]+(?: [A-Za-z_-]+)?): (?P<wall>\d+\.\d+) s wall, "
                     r"(?P<processor>\d+\.\d+) s processor")
"""What bench/build.py reads back: a stage's name (with its locale, if it has one) and seconds."""


@dataclass
class Stages:
    """The stages under way in this process, logged at debug level when each ends. A stage's
    processor time is this process's and that of the children it waited for meanwhile (the
    processes drawing the drills), except where `children` is False: the parent waits for the
    locales' workers, and their time is in their own lines."""

    log: logging.Logger | logging.LoggerAdapter
    started: dict[str, tuple[float, float, bool]] = field(default_factory=dict)
    started_up: bool = False
    """The process's start-up is logged: once, not at each build `serve` makes."""

    def start(self, name: str, children: bool = True) -> None:
        self.started[name] = (time.perf_counter(), _processor(children), children)

    def stop(self, name: str) -> None:
        """Ends `name`; a stage never started (a build that skipped it) logs nothing."""
        if name in self.started:
            wall, processor, children = self.started.pop(name)
            self.record(name, time.perf_counter() - wall, _processor(children) - processor)

    def record(self, name: str, wall: float, processor: float) -> None:
        self.log.debug(LINE.format(name=name, wall=wall, processor=processor))

    @contextmanager
    def timed(self, name: str, children: bool = True) -> Iterator[None]:
        self.start(name, children)
        try:
            yield
        finally:
            self.stop(name)


def _processor(children: bool) -> float:
    return processor_seconds() if children else time.process_time()


def since_process_start() -> tuple[float, float] | None:
    """Wall and processor seconds since this process started (Python, imports, mkdocs.yml),
    where the system says when that was (Linux's /proc)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started, processor_seconds()
    except (OSError, ValueError, IndexError, AttributeError):
        return None
