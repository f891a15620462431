"""Which price a model gets: the researcher's own, the maintained default table's, the
fallback, or none (docs/usage-and-cost.md#prices). Expected prices are the providers'
published list prices, written out by hand."""

import pytest

from colloquy.domain.usage import cost
from colloquy.domain.usage.prices import FREE, Price, PriceBook, aliases, parse_price_table
from colloquy.store.price_catalog import catalog_info, catalog_price

BOOK = PriceBook({}, catalog_price)


@pytest.mark.parametrize(
    ("provider", "model", "inp", "out"),
    [
        ("openai", "gpt-5", 1.25, 10.0),
        ("openai", "gpt-5-pro", 15.0, 120.0),  # never gpt-5's price (12x lower)
        ("openai", "o3", 2.0, 8.0),
        ("openai", "o3-mini", 1.1, 4.4),  # never o3's
        ("openai", "gpt-4o-2024-08-06", 2.5, 10.0),  # a dated snapshot
        ("openai", "gpt-4o-mini", 0.15, 0.6),  # never gpt-4o's
        ("anthropic", "claude-opus-4-20250514", 15.0, 75.0),
        ("anthropic", "claude-3-7-sonnet-20250219", 3.0, 15.0),
        ("anthropic", "claude-3-7-sonnet-latest", 3.0, 15.0),
        ("openai", "openai/gpt-4o", 2.5, 10.0),  # OpenRouter names
        ("openai", "anthropic/claude-sonnet-4.5", 3.0, 15.0),
        ("openai", "openai/gpt-5-pro", 15.0, 120.0),
    ],
)
def test_default_prices_by_name(provider, model, inp, out):
    found = BOOK.match(provider, model)
    assert found is not None and found.source == "default"
    assert (found.price.input, found.price.output) == (inp, out)


def test_cache_prices_from_the_default_table():
    sonnet = BOOK.price("anthropic", "claude-sonnet-4-5")
    assert sonnet == Price(3.0, 15.0, 0.3, 3.75)  # reads 0.1x, writes 1.25x the input
    # 1,000 prompt tokens: 200 read from the cache, 300 written to it; 100 out:
    # 500 x 3 + 200 x 0.3 + 300 x 3.75 + 100 x 15 = 1500 + 60 + 1125 + 1500 = 4185 / 1e6
    assert cost.call_cost(sonnet, 1000, 100, 200, 300) == pytest.approx(0.004185)
    # No cache-write price: written tokens at the input price:
    # 800 x 3 + 200 x 0.3 + 100 x 15 = 2400 + 60 + 1500 = 3960 / 1e6
    assert cost.call_cost(Price(3.0, 15.0, 0.3), 1000, 100, 200, 300) == pytest.approx(0.00396)


def test_unknown_models_have_no_price():
    for model in ["llama3.1:8b", "smollm2", "gpt-5-ultra", "qwen2.5-7b-instruct", ""]:
        assert BOOK.match("openai", model) is None, model
    assert BOOK.match("local", "anything") is not None
    assert BOOK.price("local", "anything") == FREE


def test_own_prices_override_per_model_and_by_documented_alias():
    mine = Price(1.0, 2.0, 0.5)
    book = PriceBook({"gpt-5": mine, "llama3.1:8b": Price(0, 0, 0)}, catalog_price)
    assert book.match("openai", "gpt-5").source == "yours"
    assert book.price("openai", "gpt-5-2025-08-07") == mine  # its dated snapshot
    assert book.price("openai", "openai/gpt-5") == mine  # its OpenRouter name
    assert book.price("openai", "gpt-5-pro").input == 15.0  # another model: the default
    assert book.price("openai", "gpt-5-mini").input == 0.25
    assert book.match("openai", "llama3.1:8b").source == "yours"


def test_fallback_price_for_any_other_model():
    fallback = Price(5.0, 20.0, 5.0)
    book = PriceBook(parse_price_table({"*": {"input": 5, "output": 20}}), catalog_price)
    found = book.match("openai", "llama3.1:8b")
    assert found is not None and (found.source, found.price) == ("fallback", fallback)
    assert book.match("openai", "gpt-4o").source == "default"  # a known model keeps its own


def test_aliases_never_shorten_the_family_name():
    assert aliases("claude-opus-4-20250514") == ["claude-opus-4-20250514", "claude-opus-4"]
    assert aliases("anthropic/claude-3.7-sonnet") == [
        "anthropic/claude-3.7-sonnet",
        "claude-3.7-sonnet",
        "claude-3-7-sonnet",
    ]
    assert aliases("gpt-5-pro") == ["gpt-5-pro"]
    assert aliases("o3-mini-2025-01-31") == ["o3-mini-2025-01-31", "o3-mini"]


def test_table_version_and_date():
    from importlib.metadata import version

    info = catalog_info()
    assert info["source"] == "genai-prices" and info["version"] == version("genai-prices")
    assert info["asOf"] is None or len(info["asOf"]) == 10
