"""One session's run, driven on the server: how it ends (completed, halted with an error,
stopped, or cancelled to resume later) once its message writes are settled. What the run
holds is its RunState (run_state.py); the course of the run is run_loop.py's; its turns
are answer_turn.py's, moderator_turn.py's and private_turn.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.constants import MSG_GENERATION_FAILED, MSG_SAVE_FAILED, MSG_STOPPED
from colloquy.engine import journal, run_loop
from colloquy.engine.halting import Halt, error_message
from colloquy.engine.journal import SessionGone
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_state import RunHooks, RunState
from colloquy.engine.voices import close_owned
from colloquy.llm.errors import LLMError
from colloquy.llm.metered import BudgetReached
from colloquy.llm.provider import Provider

log = logging.getLogger(__name__)


class SessionRunner:
    def __init__(
        self,
        session_id: str,
        factory: async_sessionmaker[AsyncSession],
        provider: Callable[[], Provider],
        publisher: Publisher,
        uploads_dir: Path,
        stop: asyncio.Event,
        session_provider: Callable[[dict[str, Any]], Provider] | None = None,
        hooks: RunHooks | None = None,
    ) -> None:
        self.state = RunState(
            session_id,
            factory,
            provider,
            publisher,
            uploads_dir,
            stop,
            hooks=hooks or RunHooks(),
            session_provider=session_provider,
        )
        self.session_id = session_id

    async def run(self) -> None:
        """Drive the session until it completes, halts or the task is cancelled.

        Cancellation (server shutdown) writes nothing: the session keeps running=True and
        is resumed from its stored messages on the next start.
        """
        try:
            await self._loop_then_settle()
        except Halt as h:
            await self._halt(h.error, h.complete)
        except BudgetReached as b:  # continue after the budget is raised
            await self._halt(b.error)
        except LLMError as err:
            await self._halt({"status": err.status, "message": error_message(err)})
        except SessionGone:
            log.info("session %s went away while running", self.session_id)
        except (DBAPIError, journal.EarlierWriteFailed):
            # A message write failed (a slot another runner stored, a refused value): the
            # run ends and says so, so a session never stays "running" with no runner.
            log.exception("session %s: a message could not be saved", self.session_id)
            await self._halt({"status": 500, "message": MSG_SAVE_FAILED})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("session %s: runner failed", self.session_id)
            await self._halt({"status": 500, "message": MSG_GENERATION_FAILED})
        finally:
            state = self.state
            state.generating = []
            # Deltas still buffered belong to answers that will not be stored (stored ones
            # were flushed before their `message`): do not let a timer publish them later.
            state.pub.drop_tokens()
            for lookup in state.evidence_lookups.values():  # a next question not reached
                lookup.cancel()
            if state.owns_provider and state.provider is not None:
                with contextlib.suppress(Exception):
                    await state.provider.aclose()
            await close_owned(state.voices)

    async def _loop_then_settle(self) -> None:
        """The loop, then its message writes: the run ends only when they are done, and a
        write that failed (session gone, slot taken) decides how it ends."""
        try:
            await run_loop.drive(self.state)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            failure = await self._settle_writes()
            if failure is not None and failure is not exc:
                raise failure from exc
            raise

    async def _settle_writes(self) -> BaseException | None:
        writes, self.state.writes = self.state.writes, []
        if writes:
            await asyncio.wait(writes)
        return next(
            (w.exception() for w in writes if not w.cancelled() and w.exception() is not None), None
        )

    async def _halt(self, error: dict[str, Any] | None, complete: bool = False) -> None:
        state, hooks = self.state, self.state.hooks
        try:
            if complete:
                await journal.complete(state.factory, self.session_id, state.counters)
            else:
                await journal.halt(state.factory, self.session_id, error, state.counters)
        except Exception:
            log.exception("session %s: could not record the end of the run", self.session_id)
            return
        if complete and hooks.on_complete is not None:
            try:
                hooks.on_complete(self.session_id)
            except Exception:
                log.exception("session %s: completion hook failed", self.session_id)
        failed = error is not None and error.get("message") != MSG_STOPPED
        if hooks.on_end is not None and not state.quiet_stop and (complete or failed):
            try:
                hooks.on_end(self.session_id, complete)
            except Exception:
                log.exception("session %s: end hook failed", self.session_id)
        if state.quiet_stop:
            return  # the caller (End, Delete) records and announces what happens next
        if error is not None:
            state.pub.error(error)
        state.pub.status("completed" if complete else "in-progress", running=False, error=error)
