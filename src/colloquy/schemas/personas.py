"""Persona inputs. They are lenient on purpose: the messages come from the domain validator,
so a wrong value is reported in the words of docs/product-rules.md#5-validation-and-its-messages,
not pydantic's."""

from typing import Annotated

from pydantic import ConfigDict, Field

from colloquy.schemas.common import RequestModel

TraitValue = float | int | Annotated[str, Field(max_length=100)] | bool | None
Interest = Annotated[str, Field(max_length=500)] | None


class PersonaInput(RequestModel):
    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=2000)
    age: float | None = None
    gender: str | None = Field(default=None, max_length=200)
    location: str | None = Field(default=None, max_length=2000)
    income: str | None = Field(default=None, max_length=200)
    traits: dict[str, TraitValue] | None = Field(default=None, max_length=20)
    interests: list[Interest] | None = Field(default=None, max_length=50)
    generated_from: str | None = Field(default=None, max_length=20000)
    tags: list[Annotated[str, Field(max_length=200)] | None] | None = Field(
        default=None, max_length=50
    )


class PersonaCreate(PersonaInput):
    pass


class PersonaUpdate(PersonaInput):
    pass
