"""Work shared out to forked processes, for the two jobs that take a build's time: drawing the
drills' questions and building the locales.

Hand-written rather than a ProcessPoolExecutor because the inputs must reach the workers through
the fork, never pickled: the checked content holds read-only views of the games that pickle
refuses, and copying it would cost more than the work. Each process, the parent too if it
wants, takes the next item nobody has started (`Queue.take`), so no core idles while another
has two left. What a worker returns comes back pickled, so it must be plain data.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import ForkProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

STOPPED = 1 << 30
"""Past any index: a stopped queue gives nothing more."""


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


@dataclass(frozen=True)
class Queue:
    """The index of the next item, shared by every process of one job."""

    size: int
    next: Synchronized = field(default_factory=lambda: multiprocessing.Value("i", 0))

    def take(self) -> int | None:
        with self.next.get_lock():
            index = self.next.value
            self.next.value += 1
        return index if index < self.size else None

    def stop(self) -> None:
        """After a failure: no process starts another item."""
        with self.next.get_lock():
            self.next.value = STOPPED


@dataclass
class Workers:
    """Processes running one job; `results` waits for them."""

    queue: Queue
    processes: list[ForkProcess]
    connections: list[Connection]

    def results(self) -> list:
        """What each worker returned, in the order they were started; a worker's exception is
        raised here, after every worker has ended."""
        try:
            answers = [connection.recv() for connection in self.connections]
        except EOFError:
            answers = [RuntimeError("a worker process ended without an answer")]
        finally:
            self.stop()
        for failed, answer in answers:
            if failed:
                raise answer
        return [answer for _, answer in answers]

    def stop(self) -> None:
        """Stop handing out items and wait for every worker: none may outlive the build."""
        self.queue.stop()
        for process in self.processes:
            process.join()
        for connection in self.connections:
            connection.close()
        self.processes, self.connections = [], []
        gc.unfreeze()


def start(work: Callable[..., Any], queue: Queue, count: int, *inputs: Any) -> Workers:
    """`count` processes, each running `work(queue, *inputs)` and sending back what it returns.
    Call only where `can_fork()`."""
    context = multiprocessing.get_context("fork")
    gc.freeze()  # the workers' collector then skips what they inherit, and copies none of it
    processes, connections = [], []
    for _ in range(count):
        receiving, sending = context.Pipe(duplex=False)
        process = context.Process(target=_run, args=(work, queue, inputs, sending))
        process.start()
        sending.close()
        processes.append(process)
        connections.append(receiving)
    return Workers(queue, processes, connections)


def _run(work: Callable[..., Any], queue: Queue, inputs: tuple, connection: Connection) -> None:
    try:
        answer = (False, work(queue, *inputs))
    except BaseException as error:  # noqa: BLE001 - sent to the parent, which raises it
        queue.stop()
        answer = (True, error)
    try:
        connection.send(answer)
    except Exception as error:  # noqa: BLE001 - an answer pickle refuses: say so instead
        queue.stop()
        connection.send((True, RuntimeError(f"a worker's answer could not be sent: {error!r}")))
    connection.close()


def map_items(function: Callable[[Any], Any], items: Sequence, workers: int) -> list:
    """[function(item) for item in items], in up to `workers` forked processes."""
    queue = Queue(len(items))
    running = start(_each, queue, min(workers, len(items)), function, items)
    answers: dict[int, Any] = {}
    for done in running.results():
        answers |= done
    return [answers[index] for index in range(len(items))]


def _each(queue: Queue, function: Callable[[Any], Any], items: Sequence) -> dict[int, Any]:
    done = {}
    while (index := queue.take()) is not None:
        done[index] = function(items[index])
    return done
