"""Region of a free-text US location (product-rules §9: west-coast, northeast, south, midwest,
else general USA).

Why these lists: they follow the US Census Bureau regions, except that the Census "West"
is narrowed to its Pacific division (the actual west coast: CA, OR, WA, AK, HI); the
Mountain states (AZ, NV, CO, UT, NM, ID, MT, WY) fall back to 'general USA'.
Matching is case-insensitive and on whole words. States are looked for before cities
("Portland, ME" is northeast, plain "Portland" is the bigger Oregon city), and when
several states appear the one mentioned last wins ("Washington Heights, New York").
"""

from __future__ import annotations

import re

WEST_COAST = "west-coast"
NORTHEAST = "northeast"
SOUTH = "south"
MIDWEST = "midwest"
GENERAL = "general USA"

_STATES: dict[str, tuple[tuple[str, str], ...]] = {
    WEST_COAST: (
        ("california", "ca"),
        ("oregon", "or"),
        ("washington", "wa"),
        ("alaska", "ak"),
        ("hawaii", "hi"),
    ),
    NORTHEAST: (
        ("connecticut", "ct"),
        ("maine", "me"),
        ("massachusetts", "ma"),
        ("new hampshire", "nh"),
        ("rhode island", "ri"),
        ("vermont", "vt"),
        ("new jersey", "nj"),
        ("new york", "ny"),
        ("pennsylvania", "pa"),
    ),
    SOUTH: (
        ("delaware", "de"),
        ("florida", "fl"),
        ("georgia", "ga"),
        ("maryland", "md"),
        ("north carolina", "nc"),
        ("south carolina", "sc"),
        ("virginia", "va"),
        ("west virginia", "wv"),
        ("district of columbia", "dc"),
        ("alabama", "al"),
        ("kentucky", "ky"),
        ("mississippi", "ms"),
        ("tennessee", "tn"),
        ("arkansas", "ar"),
        ("louisiana", "la"),
        ("oklahoma", "ok"),
        ("texas", "tx"),
    ),
    MIDWEST: (
        ("illinois", "il"),
        ("indiana", "in"),
        ("michigan", "mi"),
        ("ohio", "oh"),
        ("wisconsin", "wi"),
        ("iowa", "ia"),
        ("kansas", "ks"),
        ("minnesota", "mn"),
        ("missouri", "mo"),
        ("nebraska", "ne"),
        ("north dakota", "nd"),
        ("south dakota", "sd"),
    ),
}

_CITIES: dict[str, tuple[str, ...]] = {
    WEST_COAST: (
        "los angeles",
        "san francisco",
        "san diego",
        "san jose",
        "sacramento",
        "oakland",
        "fresno",
        "long beach",
        "santa monica",
        "berkeley",
        "irvine",
        "anaheim",
        "bay area",
        "silicon valley",
        "seattle",
        "tacoma",
        "spokane",
        "bellevue",
        "portland",
        "eugene",
        "salem",
        "honolulu",
        "anchorage",
        "l.a.",
    ),
    NORTHEAST: (
        "new york city",
        "nyc",
        "brooklyn",
        "manhattan",
        "queens",
        "bronx",
        "boston",
        "cambridge",
        "philadelphia",
        "philly",
        "pittsburgh",
        "newark",
        "jersey city",
        "hartford",
        "new haven",
        "providence",
        "buffalo",
        "rochester",
        "albany",
        "burlington",
    ),
    SOUTH: (
        "atlanta",
        "miami",
        "orlando",
        "tampa",
        "jacksonville",
        "houston",
        "dallas",
        "austin",
        "san antonio",
        "fort worth",
        "el paso",
        "nashville",
        "memphis",
        "charlotte",
        "raleigh",
        "durham",
        "new orleans",
        "baltimore",
        "richmond",
        "louisville",
        "birmingham",
        "charleston",
        "savannah",
        "oklahoma city",
        "tulsa",
        "little rock",
        "lexington",
        "knoxville",
        "virginia beach",
    ),
    MIDWEST: (
        "chicago",
        "detroit",
        "minneapolis",
        "st. paul",
        "saint paul",
        "milwaukee",
        "cleveland",
        "columbus",
        "cincinnati",
        "indianapolis",
        "kansas city",
        "st. louis",
        "saint louis",
        "omaha",
        "des moines",
        "madison",
        "grand rapids",
        "ann arbor",
        "toledo",
        "wichita",
        "fargo",
        "sioux falls",
    ),
}

# Last resort: the location names a region itself ("Pacific Northwest", "the South").
_REGION_WORDS: tuple[tuple[str, str], ...] = (
    ("west coast", WEST_COAST),
    ("pacific northwest", WEST_COAST),
    ("northeast", NORTHEAST),
    ("north east", NORTHEAST),
    ("new england", NORTHEAST),
    ("tri-state", NORTHEAST),
    ("mid-atlantic", NORTHEAST),
    ("midwest", MIDWEST),
    ("mid-west", MIDWEST),
    ("great lakes", MIDWEST),
    ("deep south", SOUTH),
    ("southeast", SOUTH),
    ("south", SOUTH),
    ("southern", SOUTH),
)


def _pattern(words: list[str]) -> re.Pattern[str]:
    # Longest alternatives first so "west virginia" wins over "virginia".
    alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alts})(?![\w])")


_STATE_REGION = {name: region for region, pairs in _STATES.items() for name, _ in pairs}
_ABBR_REGION = {abbr: region for region, pairs in _STATES.items() for _, abbr in pairs}
_CITY_REGION = {city: region for region, cities in _CITIES.items() for city in cities}
_STATE_RE = _pattern(list(_STATE_REGION))
_CITY_RE = _pattern(list(_CITY_REGION))
# Two-letter codes are common English words ("in", "or", "me"), so they only count as a
# separate comma-delimited part ("Austin, TX", "Portland, OR, USA") or the whole text.
_ABBR_PART_RE = re.compile(r"^\s*([a-z]{2})\.?\s*(?:\d{5})?\s*$")
_DC_RE = re.compile(r"washington,?\s*d\.?\s*c\b\.?")


def _last_match(pattern: re.Pattern[str], text: str, table: dict[str, str]) -> str | None:
    found = None
    for m in pattern.finditer(text):
        found = table[m.group(0)]
    return found


def region_of(location: object) -> str:
    """Map a location text to 'west-coast', 'northeast', 'south', 'midwest' or
    'general USA'."""
    if not isinstance(location, str):
        return GENERAL
    text = " ".join(location.lower().split())
    if not text:
        return GENERAL
    if _DC_RE.search(text):
        return SOUTH  # Census puts DC in the South; checked before "washington" (state)
    candidates: list[tuple[int, str]] = []
    for m in _STATE_RE.finditer(text):
        candidates.append((m.end(), _STATE_REGION[m.group(0)]))
    parts = text.split(",")
    offset = 0
    for index, part in enumerate(parts):
        part_match = _ABBR_PART_RE.match(part)
        # The first of several parts is the city; a lone "LA" means Los Angeles.
        usable = index > 0 or (
            len(parts) == 1 and part_match is not None and part_match.group(1) != "la"
        )
        if part_match and usable and part_match.group(1) in _ABBR_REGION:
            candidates.append((offset + len(part), _ABBR_REGION[part_match.group(1)]))
        offset += len(part) + 1
    if candidates:
        return max(candidates)[1]
    city = _last_match(_CITY_RE, text, _CITY_REGION)
    if city:
        return city
    if parts[0].strip() == "la":
        return WEST_COAST
    for words, region in _REGION_WORDS:
        if re.search(rf"\b{re.escape(words)}\b", text):
            return region
    return GENERAL
