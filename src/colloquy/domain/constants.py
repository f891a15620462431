"""Business constants and limits of product-rules §3, §5 and §9, in one place.

Why: every layer (API schemas, engine, frontend via the API) must agree on the same
numbers and option lists; keeping them here makes the product rules the single source of truth.
"""

from __future__ import annotations

from typing import Literal, get_args

# --- Persona vocabulary (product-rules §3) -------------------------------------------------------
TRAITS: tuple[str, ...] = (
    "openness",
    "conscientiousness",
    "extraversion",
    "agreeableness",
    "neuroticism",
)
GENDERS: tuple[str, ...] = ("Male", "Female", "Non-binary", "Prefer not to say")
INCOME_BANDS: tuple[str, ...] = ("Under $30k", "$30-60k", "$60-100k", "$100k+", "$150k+")

# --- Sessions (product-rules §3) ------------------------------------------------------------------
# The value sets as types (the API schema states them, so the frontend's types are generated).
SessionStatus = Literal["draft", "in-progress", "completed"]
ModeratorStyle = Literal["formal", "casual", "probing"]
ResponseLength = Literal["brief", "moderate", "detailed"]
# Engine/plan.py SEQUENTIAL, PARALLEL; natural: who speaks next by urgency
DiscussionMode = Literal["sequential", "parallel", "natural"]
ModeratorKind = Literal["scripted", "ai"]  # moderation.py SCRIPTED, AI
# question / round: the moderator's prompts; response: an answer; probe / summary: the AI
# moderator's (engine/plan.py, moderation.py); private_before / private_after: a participant's
# Private answers around a question's discussion, seen by nobody else.
MessageKind = Literal[
    "question",
    "round",
    "response",
    "probe",
    "summary",
    "private_before",
    "private_after",
    "researcher",  # an interview's question typed by the researcher (take over)
]
StimulusType = Literal["image", "text", "url", "video", "audio"]
StimulusPlatform = Literal["youtube", "vimeo", "soundcloud", "spotify", "direct"]
Sentiment = Literal["positive", "neutral", "negative"]
Priority = Literal["high", "medium", "low"]

SESSION_STATUSES: tuple[SessionStatus, ...] = get_args(SessionStatus)
MODERATOR_STYLES: tuple[ModeratorStyle, ...] = get_args(ModeratorStyle)
DEFAULT_MODERATOR_STYLE: ModeratorStyle = "formal"
MODERATOR_SPEAKER = "Moderator"
SENTIMENTS: tuple[Sentiment, ...] = get_args(Sentiment)

RESPONSE_LENGTHS: tuple[ResponseLength, ...] = get_args(ResponseLength)
DEFAULT_RESPONSE_LENGTH: ResponseLength = "moderate"
# Max tokens per generated answer; the setup-screen estimate uses the same numbers.
RESPONSE_MAX_TOKENS: dict[str, int] = {"brief": 50, "moderate": 150, "detailed": 300}
LENGTH_INSTRUCTIONS: dict[str, str] = {
    "brief": "1-2 sentences",
    "moderate": "2-4 sentences",
    "detailed": "4-6 sentences",
}

STIMULUS_TYPES: tuple[StimulusType, ...] = get_args(StimulusType)
VIDEO_PLATFORMS: tuple[str, ...] = ("youtube", "vimeo", "direct")
AUDIO_PLATFORMS: tuple[str, ...] = ("soundcloud", "spotify", "direct")

# --- Persona limits (product-rules §9 Personas) -----------------------------------------------------
NAME_MAX_LENGTH = 100
# Also the column sizes (store/tables.py), so both databases accept the same input.
PERSONA_FIELD_MAX_LENGTH: dict[str, int] = {"gender": 40, "location": 200, "income": 40}
SESSION_NAME_MAX_LENGTH = 200
# A chat model's name, from the request (settings, rerun) to every column that stores it.
MODEL_NAME_MAX_LENGTH = 200
AGE_MIN = 18
AGE_MAX = 100
AGE_INPUT_MAX = 80  # the form's number input stops here; validation allows up to 100
TRAIT_MIN = 0
TRAIT_MAX = 100
TRAIT_DEFAULT = 50
TRAIT_HIGH_THRESHOLD = 50  # trait_level: >= 50 is 'high'
INTERESTS_MIN = 1
INTERESTS_MAX = 5
FILE_MAX_BYTES = 10 * 1024 * 1024  # "10MB", binary megabytes as the message divides by 1024²
FILENAME_MAX_LENGTH = 255
GENERATION_TEXT_MIN = 10
GENERATION_TEXT_MAX = 10_000
AI_ASSIST_MIN_CHARS = 50
PERSONA_COUNT_MIN = 1
PERSONA_COUNT_MAX = 20
PERSONA_COUNT_DEFAULT = 5
DIVERSITY_LEVELS: tuple[str, ...] = ("low", "medium", "high")
DIVERSITY_LEVEL_DEFAULT = "medium"

# --- Session limits (product-rules §9 Sessions) ------------------------------------------------------
PARTICIPANTS_MIN = 3
PARTICIPANTS_MAX = 8
QUESTIONS_MIN = 2
QUESTIONS_MAX = 10
NEW_SESSION_QUESTION_ROWS = 3
STIMULI_MAX = 10
VIDEOS_MAX = 2
AUDIO_MAX = 4
UPLOAD_FILES_MAX = 10
ROUNDS_PER_QUESTION = 3
MAX_ITERATIONS = 150
REQUEST_LIMIT = 150
REQUEST_TIMEOUT_MS = 30_000
AUTOSAVE_MS = 5_000
DEMO_SPEEDS: tuple[float, ...] = (1, 1.5, 2)
THIS_WEEK_DAYS = 7

# --- Analytics (product-rules §9 Analytics) -----------------------------------------------------------
SENTIMENT_LABEL_THRESHOLD = 0.3
WORD_CLOUD_TOP = 50
WORD_CLOUD_SHOWN = 30
WORD_MIN_LETTERS = 4
FONT_MIN_PX = 12
FONT_MAX_PX = 32
QUOTE_MIN_CHARS = 30  # a quote must be longer than this
QUOTES_MAX = 5
TRAIT_PATTERN_HIGH = 70  # strictly above -> 'High'
TRAIT_PATTERN_LOW = 30  # strictly below -> 'Low'

# --- Runner guard and error texts (product-rules §4, §8), shared by engine and API ------------------
MSG_STOPPED = "Session stopped by user"
MSG_REQUEST_LIMIT = "Maximum request limit reached. Please start a new session."
MSG_ITERATION_LIMIT = "Session encountered an error. Saving progress..."
MSG_NO_RESPONSE = "No response from AI"
MSG_GENERATION_FAILED = "Failed to generate response"
MSG_SAVE_FAILED = "Failed to generate response: an answer could not be saved. Retry to continue."
MSG_REQUEST_TIMEOUT = "Request timeout"
MSG_NO_DATA_TITLE = "No data to analyze"
MSG_NO_DATA_TEXT = "This session has no messages to analyze."
