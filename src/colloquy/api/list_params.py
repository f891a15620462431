"""Query parameters shared by the paged lists (`?q=&sort=&cursor=&limit=`)."""

from typing import Annotated, Literal

from fastapi import Query

from colloquy.domain.lists.paging import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH

SearchQuery = Annotated[
    str | None,
    Query(max_length=MAX_SEARCH_LENGTH, description="Case-insensitive substring of the name"),
]
CursorQuery = Annotated[
    str | None,
    Query(max_length=2000, description="nextCursor of the previous page; absent: first page"),
]
LimitQuery = Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE, description="Rows per page")]
DEFAULT_LIMIT = DEFAULT_PAGE_SIZE
SessionSort = Literal["newest", "oldest", "name"]
PersonaSort = Literal["created", "name"]
SurveySort = Literal["newest", "oldest", "name"]
