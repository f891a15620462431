"""Seeded draws that are the same in every process (docs/natural-mode.md), pure.

Python's hash() of a string changes per process, and random.Random shared across turns
would make a turn's draw depend on how many draws came before it (a resumed run would
differ). A draw here is a function of the session's seed and the draw's own name only:
the first 8 bytes of SHA-256 over "seed:part:part..." as a fraction in [0, 1).
"""

from __future__ import annotations

import hashlib


def unit(seed: int, *parts: object) -> float:
    """A uniform number in [0, 1) fixed by the seed and the parts."""
    key = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") / 2**64
