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
import pickle
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import ForkProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

STOPPED = 1 << 30
"""Past any index: a stopped queue gives nothing more."""


def processor_seconds() -> float:
    """User and system time of this process and of the children it has waited for: the time of
    the processes a job forked belongs to that job (the build's stages, build/stages.py)."""
    if sys.platform == "win32":  # no fork, so no children to count
        return time.process_time()
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


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
        """What each worker returned, in the order they were started; the first worker's
        exception is raised here, with its traceback as a note, after every worker has ended."""
        answers = []
        try:
            for process, connection in zip(self.processes, self.connections):
                try:
                    answers.append(connection.recv())
                except EOFError:
                    process.join()
                    answers.append((RuntimeError(f"a worker process ended without an answer "
                                                 f"(exit code {process.exitcode})"), ""))
        finally:
            self.stop()
        for answer, trace in answers:
            if isinstance(answer, BaseException):
                if trace:
                    answer.add_note(f"In the worker process:\n{trace}")
                raise answer
        return [answer for answer, _ in answers]

    def stop(self) -> None:
        """Stop handing out items and wait for every worker: none may outlive the build."""
        self.queue.stop()
        try:
            for process, connection in zip(self.processes, self.connections):
                while process.is_alive():
                    if connection.poll(0.05):  # an answer nobody will read, taken so its sender can end
                        try:
                            connection.recv()
                        except Exception:  # whatever it was, it is not wanted
                            break
                process.join()
                connection.close()
        finally:
            self.processes, self.connections = [], []
            gc.unfreeze()


def start(work: Callable[..., Any], queue: Queue, count: int, *inputs: Any) -> Workers:
    """`count` processes, each running `work(queue, *inputs)` and sending back what it returns:
    plain data, never an exception object, which `results` would take for the worker's failure.
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
    """A worker: its answer, or its exception with the traceback as text, sent to the parent."""
    try:
        answer: tuple[Any, str] = (work(queue, *inputs), "")
    except BaseException as error:  # sent to the parent, which raises it
        queue.stop()
        answer = (portable(error), traceback.format_exc())
    try:
        connection.send(answer)
    except Exception as error:  # an answer pickle refuses: say so instead
        queue.stop()
        connection.send((RuntimeError(f"a worker's answer could not be sent: {error!r}"), ""))
    connection.close()


def portable(error: BaseException) -> BaseException:
    """`error` if it survives the trip to the parent (pickled and unpickled), else a
    RuntimeError that names it: the parent must raise something, whatever the worker met."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # any exception that does not travel is named instead
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


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
