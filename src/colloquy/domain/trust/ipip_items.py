"""The 50-item IPIP Big-Five Factor Markers (Goldberg 1992; public domain, ipip.ori.org).

Ten items per factor, answered 1 (very inaccurate) to 5 (very accurate), in the
questionnaire's standard order (E, A, C, ES, O repeating). `key` is +1 when agreeing raises
the trait and -1 when the item is reverse keyed. The IPIP's fourth factor is Emotional
Stability; Colloquy's personas carry neuroticism, its opposite, so those items are keyed
here for neuroticism (the IPIP's "+" stability items are "-" here and the other way round).
"""

from __future__ import annotations

IpipItem = tuple[int, str, str, int]  # (item number, text, trait, key)
IPIP_ITEMS: tuple[IpipItem, ...] = (
    (1, "Am the life of the party.", "extraversion", 1),
    (2, "Feel little concern for others.", "agreeableness", -1),
    (3, "Am always prepared.", "conscientiousness", 1),
    (4, "Get stressed out easily.", "neuroticism", 1),
    (5, "Have a rich vocabulary.", "openness", 1),
    (6, "Don't talk a lot.", "extraversion", -1),
    (7, "Am interested in people.", "agreeableness", 1),
    (8, "Leave my belongings around.", "conscientiousness", -1),
    (9, "Am relaxed most of the time.", "neuroticism", -1),
    (10, "Have difficulty understanding abstract ideas.", "openness", -1),
    (11, "Feel comfortable around people.", "extraversion", 1),
    (12, "Insult people.", "agreeableness", -1),
    (13, "Pay attention to details.", "conscientiousness", 1),
    (14, "Worry about things.", "neuroticism", 1),
    (15, "Have a vivid imagination.", "openness", 1),
    (16, "Keep in the background.", "extraversion", -1),
    (17, "Sympathize with others' feelings.", "agreeableness", 1),
    (18, "Make a mess of things.", "conscientiousness", -1),
    (19, "Seldom feel blue.", "neuroticism", -1),
    (20, "Am not interested in abstract ideas.", "openness", -1),
    (21, "Start conversations.", "extraversion", 1),
    (22, "Am not interested in other people's problems.", "agreeableness", -1),
    (23, "Get chores done right away.", "conscientiousness", 1),
    (24, "Am easily disturbed.", "neuroticism", 1),
    (25, "Have excellent ideas.", "openness", 1),
    (26, "Have little to say.", "extraversion", -1),
    (27, "Have a soft heart.", "agreeableness", 1),
    (28, "Often forget to put things back in their proper place.", "conscientiousness", -1),
    (29, "Get upset easily.", "neuroticism", 1),
    (30, "Do not have a good imagination.", "openness", -1),
    (31, "Talk to a lot of different people at parties.", "extraversion", 1),
    (32, "Am not really interested in others.", "agreeableness", -1),
    (33, "Like order.", "conscientiousness", 1),
    (34, "Change my mood a lot.", "neuroticism", 1),
    (35, "Am quick to understand things.", "openness", 1),
    (36, "Don't like to draw attention to myself.", "extraversion", -1),
    (37, "Take time out for others.", "agreeableness", 1),
    (38, "Shirk my duties.", "conscientiousness", -1),
    (39, "Have frequent mood swings.", "neuroticism", 1),
    (40, "Use difficult words.", "openness", 1),
    (41, "Don't mind being the center of attention.", "extraversion", 1),
    (42, "Feel others' emotions.", "agreeableness", 1),
    (43, "Follow a schedule.", "conscientiousness", 1),
    (44, "Get irritated easily.", "neuroticism", 1),
    (45, "Spend time reflecting on things.", "openness", 1),
    (46, "Am quiet around strangers.", "extraversion", -1),
    (47, "Make people feel at ease.", "agreeableness", 1),
    (48, "Am exacting in my work.", "conscientiousness", 1),
    (49, "Often feel blue.", "neuroticism", 1),
    (50, "Am full of ideas.", "openness", 1),
)

ANSWER_MIN, ANSWER_MAX = 1, 5
SCALE_WORDS = {
    1: "very inaccurate",
    2: "moderately inaccurate",
    3: "neither accurate nor inaccurate",
    4: "moderately accurate",
    5: "very accurate",
}
