"""product-rules §9: the question templates the create form offers.

The function builds fresh lists: callers mutate what they receive.
"""

from __future__ import annotations

from typing import Any

_QUESTION_TEMPLATES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "product-testing",
        "Product Testing",
        (
            "What is your first impression of this product?",
            "What do you like most about it?",
            "What, if anything, would stop you from buying it?",
            "How does it compare with products you use today?",
            "What price would you expect to pay, and would you recommend it to a friend?",
        ),
    ),
    (
        "ad-creative-feedback",
        "Ad Creative Feedback",
        (
            "What is the main message you take away from this ad?",
            "How does this ad make you feel?",
            "What stands out most to you, positively or negatively?",
            "How likely is this ad to make you consider the brand?",
        ),
    ),
    (
        "brand-perception",
        "Brand Perception",
        (
            "What comes to mind first when you think of this brand?",
            "Which words would you use to describe the brand's personality?",
            "How does this brand compare with its competitors?",
            "What would make you trust this brand more?",
            "Would you recommend this brand to others? Why or why not?",
        ),
    ),
    (
        "video-ad-comparison",
        "Video Ad Comparison",
        (
            "Which video caught your attention first, and why?",
            "Which video communicates its message more clearly?",
            "How does each video make you feel about the brand?",
            "Which video feels more relevant to you personally?",
            "If you could change one thing about each video, what would it be?",
        ),
    ),
    (
        "music-preference-study",
        "Music Preference Study",
        (
            "How does this music make you feel?",
            "What kind of brand or product would this music suit?",
            "Where and when would you expect to hear this music?",
            "How well does the music fit the brand's image?",
            "Would this music make you more or less likely to pay attention to an ad?",
        ),
    ),
    (
        "video-content-analysis",
        "Video Content Analysis",
        (
            "What do you think is the main point of this video?",
            "Which moment stood out most to you, and why?",
            "How did you find the length and pacing of the video?",
            "Would you share this video with someone? Why or why not?",
        ),
    ),
    (
        "audio-brand-study",
        "Audio Brand Study",
        (
            "What is your first reaction to this sound?",
            "What brand qualities does this audio convey to you?",
            "How memorable is it compared with other brand sounds you know?",
            "Does this audio fit the brand it represents? Why or why not?",
        ),
    ),
)


def question_templates() -> list[dict[str, Any]]:
    """The question templates of product-rules §9: [{id, name, questions}]."""
    return [
        {"id": tid, "name": name, "questions": list(qs)} for tid, name, qs in _QUESTION_TEMPLATES
    ]


# A ready-built view for callers that only read it (API responses). Treat as read-only.
QUESTION_TEMPLATES: tuple[dict[str, Any], ...] = tuple(question_templates())
