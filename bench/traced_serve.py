"""`colloquy serve` with the commit log on (engine/journal.py `colloquy.commits`):

    python -m bench.traced_serve COMMITS_FILE serve --port 8123 ...

Each line of COMMITS_FILE: the time a commit completed and its message ids, so the
benchmark can time each message from its commit to its arrival at a subscriber.
"""

from __future__ import annotations

import logging
import sys


def main() -> None:
    path = sys.argv.pop(1)
    handler = logging.FileHandler(path)
    handler.setFormatter(logging.Formatter("%(message)s"))
    commits = logging.getLogger("colloquy.commits")
    commits.setLevel(logging.DEBUG)
    commits.addHandler(handler)
    commits.propagate = False
    from colloquy.cli import app

    app()


if __name__ == "__main__":
    main()
