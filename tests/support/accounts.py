"""A team server in process for the accounts tests: the first admin created from loopback,
helpers to sign in as someone else and to send the CSRF header."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.settings import Settings

ADMIN = "admin@example.com"
PASSWORD = "correct horse battery"
PERSONA = {
    "name": "Ana Audit",
    "age": 30,
    "gender": "Female",
    "location": "Austin, TX",
    "income": "$60k-$100k",
    "interests": ["cycling"],
    "traits": {
        "openness": 60,
        "conscientiousness": 55,
        "extraversion": 50,
        "agreeableness": 70,
        "neuroticism": 35,
    },
}


@contextmanager
def team_client(settings: Settings, base_url: str = "http://127.0.0.1") -> Iterator[TestClient]:
    """The app seen from this machine, its first admin created and signed in."""
    with TestClient(create_app(settings), base_url=base_url, client=("127.0.0.1", 50000)) as c:
        res = c.post("/api/auth/first-admin", json={"email": ADMIN, "password": PASSWORD})
        assert res.status_code == 201, res.text
        yield c


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get("colloquy_csrf") or ""}


def sign_in(c: TestClient, email: str, password: str) -> dict[str, str]:
    """Signs `c` in as `email` (its cookies replaced); returns the cookies, to switch back."""
    c.cookies.clear()
    res = c.post("/api/auth/sign-in", json={"email": email, "password": password})
    assert res.status_code == 200, res.text
    return dict(c.cookies)


def use(c: TestClient, jar: dict[str, str]) -> None:
    c.cookies.clear()
    for name, value in jar.items():
        c.cookies.set(name, value)


def add_user(c: TestClient, email: str, password: str = PASSWORD, admin: bool = False) -> str:
    """Created by the signed-in admin on `c`; returns the new user's id."""
    body = {"email": email, "password": password, "isAdmin": admin}
    res = c.post("/api/users", json=body, headers=csrf(c))
    assert res.status_code == 201, res.text
    return str(res.json()["id"])
