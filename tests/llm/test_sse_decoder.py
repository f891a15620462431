"""llm/sse.py: the SSE decoder used for streamed model responses."""

from hypothesis import given
from hypothesis import strategies as st

from colloquy.llm.sse import SSEDecoder


def decode(*chunks: bytes) -> list[tuple[str | None, str]]:
    decoder = SSEDecoder()
    return [event for chunk in chunks for event in decoder.feed(chunk)]


def test_one_line_events():
    assert decode(b'data: {"a": 1}\n\ndata: [DONE]\n\n') == [(None, '{"a": 1}'), (None, "[DONE]")]


def test_event_names_multiline_data_and_comments():
    stream = b": keep-alive\n\nevent: error\ndata: one\ndata:two\n\nid: 7\n\n"
    assert decode(stream) == [("error", "one\ntwo")]  # the id-only event has no data


def test_crlf_and_cr_line_endings():
    assert decode(b"data: a\r\n\r\ndata: b\r\rdata: c\n\n") == [
        (None, "a"),
        (None, "b"),
        (None, "c"),
    ]


def test_crlf_split_between_chunks_is_one_line_end():
    assert decode(b"data: a\r", b"\n\r", b"\ndata: b\r\n\r\n") == [(None, "a"), (None, "b")]


def test_an_unfinished_event_waits_for_its_blank_line():
    decoder = SSEDecoder()
    assert decoder.feed(b"data: hal") == []
    assert decoder.feed(b"f\n") == []
    assert decoder.feed(b"\n") == [(None, "half")]


def test_utf8_split_inside_a_character():
    raw = "data: café ☕\n\n".encode()
    cut = raw.index("☕".encode()) + 1
    assert decode(raw[:cut], raw[cut:]) == [(None, "café ☕")]


EVENTS = st.lists(
    st.tuples(
        st.sampled_from([None, "message", "error"]),
        st.text(
            st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=30
        ),
    ),
    max_size=8,
)


@given(EVENTS, st.sampled_from([b"\n", b"\r\n", b"\r"]), st.data())
def test_any_chunking_gives_the_same_events(events, newline, data):
    raw = b"".join(
        ((f"event: {name}".encode() + newline) if name else b"")
        + f"data: {payload}".encode()
        + newline
        + newline
        for name, payload in events
    )
    cuts = sorted(data.draw(st.lists(st.integers(0, len(raw)), max_size=6)))
    chunks = [raw[a:b] for a, b in zip([0, *cuts], [*cuts, len(raw)], strict=False)]
    assert decode(*chunks) == [(name, payload) for name, payload in events]
