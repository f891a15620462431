"""Usage schemas: the inputs that spend or cap money."""

from typing import Annotated

from pydantic import Field

# A budget is a JSON number, as a price is: true or "5" are refused, not read as $1 or $5.
StrictUsd = Annotated[float, Field(strict=True)]
