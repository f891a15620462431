"""Rating scales for survey mode, with the anchor statements SSR compares answers to.

Why anchor *sets*: Maier et al. (2025) map a free-text answer to a Likert scale by its
embedding similarity to one short statement per scale point; the result depends on the
wording, so several sets are written per scale and their distributions averaged. Each
built-in scale here has three sets; a custom scale has one set (one anchor per point,
2-10 points).
"""

from __future__ import annotations

from typing import Any

DEFAULT_SCALE = "purchase_intent"
CUSTOM_POINTS_MIN = 2
CUSTOM_POINTS_MAX = 10
ANCHOR_MAX_LENGTH = 300
LABEL_MAX_LENGTH = 100

# key -> (label, the question's default wording, anchor sets low -> high)
BUILT_IN: dict[str, tuple[str, str, tuple[tuple[str, ...], ...]]] = {
    "purchase_intent": (
        "Purchase intent",
        "How likely would you be to buy this product?",
        (
            (
                "I would definitely not buy it.",
                "I probably would not buy it.",
                "I might or might not buy it.",
                "I would probably buy it.",
                "I would definitely buy it.",
            ),
            (
                "I have no interest in buying this at all.",
                "I doubt I would buy this.",
                "I am unsure whether I would buy this.",
                "I am fairly likely to buy this.",
                "I am certain I would buy this.",
            ),
            (
                "It's very unlikely I'd ever purchase it.",
                "It's unlikely I'd purchase it.",
                "I'm neutral about purchasing it.",
                "It's likely I'd purchase it.",
                "It's very likely I'd purchase it.",
            ),
        ),
    ),
    "recommend": (
        "Likelihood to recommend",
        "How likely would you be to recommend this to a friend?",
        (
            (
                "I would definitely not recommend it.",
                "I probably would not recommend it.",
                "I might or might not recommend it.",
                "I would probably recommend it.",
                "I would definitely recommend it.",
            ),
            (
                "I would warn my friends against it.",
                "I would rather not tell anyone about it.",
                "I might mention it to someone.",
                "I would happily tell friends about it.",
                "I would enthusiastically tell everyone about it.",
            ),
            (
                "Recommending it is out of the question.",
                "I doubt I would recommend it.",
                "I'm neutral about recommending it.",
                "I'd likely recommend it.",
                "I'd certainly recommend it.",
            ),
        ),
    ),
    "liking": (
        "Liking",
        "How much do you like this?",
        (
            (
                "I dislike it a lot.",
                "I dislike it somewhat.",
                "I neither like nor dislike it.",
                "I like it somewhat.",
                "I like it a lot.",
            ),
            (
                "I hate it.",
                "It's not for me.",
                "It's okay, nothing special.",
                "It's good, I like it.",
                "I love it.",
            ),
            (
                "It's awful.",
                "It's rather poor.",
                "It's average.",
                "It's quite appealing.",
                "It's wonderful.",
            ),
        ),
    ),
    "relevance": (
        "Relevance",
        "How relevant is this to you?",
        (
            (
                "It is not at all relevant to me.",
                "It is slightly relevant to me.",
                "It is somewhat relevant to me.",
                "It is very relevant to me.",
                "It is extremely relevant to me.",
            ),
            (
                "This has nothing to do with my life.",
                "This barely fits my needs.",
                "This fits my needs in part.",
                "This fits my needs well.",
                "This is exactly what I need.",
            ),
            (
                "I would never use this.",
                "I would rarely use this.",
                "I would use this sometimes.",
                "I would use this often.",
                "I would use this all the time.",
            ),
        ),
    ),
    "believability": (
        "Believability",
        "How believable are the claims made about this?",
        (
            (
                "It is not at all believable.",
                "It is hard to believe.",
                "It is somewhat believable.",
                "It is quite believable.",
                "It is completely believable.",
            ),
            (
                "I don't trust these claims at all.",
                "I am skeptical of these claims.",
                "I half believe these claims.",
                "I mostly trust these claims.",
                "I fully trust these claims.",
            ),
            (
                "This sounds like a lie.",
                "This sounds exaggerated.",
                "This might be true.",
                "This sounds credible.",
                "This is clearly true.",
            ),
        ),
    ),
    "uniqueness": (
        "Uniqueness",
        "How new and different is this from what is already available?",
        (
            (
                "It is not at all different from other products.",
                "It is slightly different from other products.",
                "It is somewhat different from other products.",
                "It is very different from other products.",
                "It is completely unlike any other product.",
            ),
            (
                "I've seen this a hundred times before.",
                "It's mostly the same as what exists.",
                "It has a few new ideas.",
                "It feels fresh and new.",
                "It's truly original, nothing like it exists.",
            ),
            (
                "It's a copy of what's out there.",
                "It's a bit ordinary.",
                "It's somewhat distinctive.",
                "It's quite distinctive.",
                "It's one of a kind.",
            ),
        ),
    ),
}


def scale_catalogue() -> list[dict[str, Any]]:
    """The built-in scales as the API lists them."""
    return [
        {
            "key": key,
            "label": label,
            "question": question,
            "points": len(sets[0]),
            "anchorSets": [list(s) for s in sets],
        }
        for key, (label, question, sets) in BUILT_IN.items()
    ]


def validate_custom_anchors(anchors: Any) -> list[str]:
    """Problems of a custom scale's anchors: 2-10 points, one non-empty statement each."""
    if not isinstance(anchors, list):
        return ["A custom scale needs a list of anchor statements"]
    errors: list[str] = []
    if not CUSTOM_POINTS_MIN <= len(anchors) <= CUSTOM_POINTS_MAX:
        errors.append(
            f"A custom scale needs {CUSTOM_POINTS_MIN}-{CUSTOM_POINTS_MAX} points "
            f"(one anchor statement per point), got {len(anchors)}"
        )
    if any(not isinstance(a, str) or not a.strip() for a in anchors):
        errors.append("Every scale point needs an anchor statement")
    elif any(len(a) > ANCHOR_MAX_LENGTH for a in anchors):
        errors.append(f"Anchor statements must be at most {ANCHOR_MAX_LENGTH} characters")
    elif len({a.strip().lower() for a in anchors}) != len(anchors):
        errors.append("Anchor statements must differ from each other")
    return errors


def validate_scale(scale: Any) -> list[str]:
    """Problems of a question's scale: a built-in key, or {'custom': [anchors], label?}."""
    if isinstance(scale, str):
        return [] if scale in BUILT_IN else [f"Unknown scale: {scale}"]
    if isinstance(scale, dict):
        errors = validate_custom_anchors(scale.get("anchors"))
        label = scale.get("label")
        if label is not None and (not isinstance(label, str) or len(label) > LABEL_MAX_LENGTH):
            errors.append(f"A scale label must be text of at most {LABEL_MAX_LENGTH} characters")
        return errors
    return ["A scale is a built-in scale name or a list of custom anchors"]


def anchor_sets(scale: Any) -> list[list[str]]:
    """The anchor sets of a valid scale (low point first)."""
    if isinstance(scale, str):
        return [list(s) for s in BUILT_IN[scale][2]]
    return [[a.strip() for a in scale["anchors"]]]


def scale_points(scale: Any) -> int:
    return len(anchor_sets(scale)[0])


def scale_label(scale: Any) -> str:
    if isinstance(scale, str):
        return BUILT_IN[scale][0]
    return str(scale.get("label") or "Custom scale")
