"""A focus group written for these tests in the style of real transcripts (fillers, "(.)",
"[inaudible]", backchannels, people naming each other, a participant re-reading the
question, typos, short turns next to long ones). No line comes from a real transcript."""

MODERATOR = "Moderator"

# One "Speaker: text" turn per line, as transcripts are usually typed up.
TRANSCRIPT = """\
Moderator: So, um, first question. Do you think the price of oat milk is fair?
Dana: Do I think the price is fair? Honestly no. I've got two kids and we go through like three cartons a week, so (.) it adds up, you know. I buy the store brand when it's on offer and just, um, stock up.
Marcus: Yeah.
Marcus: For me it's more about the protein, right, like I check the label first. If it's got no protein I'm not paying four quid for it, I'd rather have a shake after the gym.
Priya: I mean I don't mind paying a bit more? Because it's better for the planet than dairy, the water use and everything. But yeah at uni it's (.) it's a stretch.
Tom: Four pound. [laughs] For water and oats.
Dana: Exactly. [crosstalk]
Tom: No but seriously, my wife buys it, I don't. I grew up on a farm, milk came from a cow, I just dont see the point of paying extra for the fancy stuff.
Priya: Tom: you're not wrong about the price, to be fair.
Moderator: Okay. What about the taste, what do you make of it?
Marcus: Yeah, makes sense.
Marcus: Taste is fine, honestly. In a protein smoothie with a banana you dont notice it. On its own it's a bit (.) thin? Watery.
Dana: The kids won't drink it plain. Cereal, fine. The little one says it tastes like porridge, which [inaudible] I mean she's not wrong.
Tom: Tastes of nothing.
Priya: I actually really like it in coffee, it froths better than the almond one. The barista versions, the ones with the, um, the added oil, those are nice. Like properly creamy.
Dana: Yeah.
Tom: I'm just an AI skeptic and an oat milk skeptic. [laughs] Sorry.
Priya: [laughs] Fair.
Moderator: Last one. Would you buy this new carton we showed you, and why?
Priya: Would I buy it? Probably, yeah, if the packaging is actually recyclable, because a lot of those cartons have the plastic lining and you can't recycle them where I live.
Tom: No.
Moderator: Why not?
Tom: Because I wouldn't drink it. I disagree with the whole idea honestly. Give me a pint of semi-skimmed and I'm happy. My grandson drinks it though, so (.) maybe for him.
Marcus: If there's a high protein one, yes, definitely. I'd buy a case. I'm in the gym five days a week so I get through a lot of it.
Dana: Only if it's on offer. I'm not going to pay full price with two kids, it's just not happening. Maybe the bigger size, is there a bigger size?
Marcus: Yeah, makes sense.
Dana: Yeah.
"""
TURNS: list[tuple[str, str]] = [
    (line.split(": ", 1)[0], line.split(": ", 1)[1]) for line in TRANSCRIPT.splitlines()
]


def messages() -> list[dict]:
    """The transcript as stored session messages: questions open questionIndex, answers
    carry participantIndex; a human group has one 'round' per question."""
    names: list[str] = []
    out: list[dict] = []
    question = -1
    for i, (speaker, text) in enumerate(TURNS):
        if speaker == MODERATOR:
            if text.rstrip().endswith("?") and not text.startswith("Why"):
                question += 1
            out.append({"id": f"t{i}", "kind": "question", "speaker": speaker, "content": text})
            continue
        if speaker not in names:
            names.append(speaker)
        out.append(
            {
                "id": f"t{i}",
                "kind": "response",
                "speaker": speaker,
                "participantIndex": names.index(speaker),
                "questionIndex": question,
                "round": 0,
                "content": text,
                "sentiment": None,
                "repairs": [],
                "rawContent": None,
            }
        )
    return out


def participants() -> list[dict]:
    seen: list[str] = []
    for speaker, _ in TURNS:
        if speaker != MODERATOR and speaker not in seen:
            seen.append(speaker)
    return [{"name": name} for name in seen]
