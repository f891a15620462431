import pytest

from colloquy.domain.results.diversity import diversity_label, diversity_score, trait_diversity


def p(age, gender, location, income, o, c, e, a, n):
    return {
        "age": age,
        "gender": gender,
        "location": location,
        "income": income,
        "traits": {
            "openness": o,
            "conscientiousness": c,
            "extraversion": e,
            "agreeableness": a,
            "neuroticism": n,
        },
    }


def test_hand_computed_pair():
    # Population std: O 10/90 -> 40 -> 100%; C equal -> 0%; E 30/70 -> 20 -> 50%;
    # A 40/60 -> 10 -> 25%; N 45/55 -> 5 -> 12.5% (shown 13).
    # Trait mean 37.5. Demographics: ages 25/55 -> 30/60 -> 12.5 pts; 2 genders -> 2/3 ->
    # 16.67; 2 locations / 2 participants -> 25; 1 income level -> 1/5 -> 5. Sum 59.17.
    # Overall = round(0.7 x 37.5 + 0.3 x 59.17) = round(26.25 + 17.75) = 44.
    result = diversity_score(
        [
            p(25, "Male", "Austin, TX", "$30-60k", 10, 50, 30, 40, 45),
            p(55, "Female", "Boston, MA", "$30-60k", 90, 50, 70, 60, 55),
        ]
    )
    assert result["traitDiversity"] == {
        "openness": 100,
        "conscientiousness": 0,
        "extraversion": 50,
        "agreeableness": 25,
        "neuroticism": 13,
    }
    assert result["demographicDiversity"] == {
        "ageRange": 30,
        "genderCount": 2,
        "locationCount": 2,
        "incomeRange": 1,
    }
    assert result["overallScore"] == 44
    assert result["warnings"] == [
        "Low conscientiousness diversity (0%)",
        "Low neuroticism diversity (13%)",
    ]
    assert result["suggestions"] == [
        "Consider adding participants with more varied backgrounds and personalities",
        "Add participants with more varied conscientiousness levels",
        "Add participants with more varied agreeableness levels",
        "Add participants with more varied neuroticism levels",
    ]


def test_identical_group_warns_everything():
    same = p(30, "Male", "Denver", "$60-100k", 50, 50, 50, 50, 50)
    result = diversity_score([same, dict(same), dict(same)])
    # Trait 0; demographics: 0 + 25/3 + 25/3 + 5 = 21.67 -> overall round(6.5) = 7 (half up)
    assert result["overallScore"] == 7
    assert "All participants share the same gender" in result["warnings"]
    assert "Narrow age range (0 years)" in result["warnings"]
    assert result["suggestions"][-1] == "Include participants from different locations"


def test_maximal_group_caps_at_100():
    group = [
        p(18, "Male", "A", "Under $30k", 0, 0, 0, 0, 0),
        p(80, "Female", "B", "$30-60k", 100, 100, 100, 100, 100),
        p(18, "Non-binary", "C", "$60-100k", 0, 0, 0, 0, 0),
        p(80, "Prefer not to say", "D", "$100k+", 100, 100, 100, 100, 100),
        p(50, "Male", "E", "$150k+", 0, 100, 0, 100, 0),
        p(50, "Female", "F", "$150k+", 100, 0, 100, 0, 100),
    ]
    result = diversity_score(group)
    assert result["traitDiversity"] == dict.fromkeys(result["traitDiversity"], 100)
    assert result["overallScore"] == 100
    assert result["warnings"] == [] and result["suggestions"] == []


@pytest.mark.parametrize("group", [[], [p(30, "Male", "X", "$30-60k", 1, 2, 3, 4, 5)]])
def test_fewer_than_two(group):
    result = diversity_score(group)
    assert result["overallScore"] == 0
    assert result["warnings"] == ["Select at least 2 personas to calculate group diversity"]


def test_missing_traits_count_as_fifty_and_case_insensitive_distinct():
    a = {"age": 30, "gender": "male", "location": "Austin", "income": "$30-60k", "traits": {}}
    b = {
        "age": 30,
        "gender": "Male ",
        "location": "austin",
        "income": "$30-60K",
        "traits": {"openness": 90},
    }
    result = diversity_score([a, b])
    assert result["traitDiversity"]["openness"] == 50  # 50 vs 90 -> std 20 -> 50%
    assert result["demographicDiversity"]["genderCount"] == 1
    assert result["demographicDiversity"]["locationCount"] == 1


def test_trait_diversity_population_std():
    assert trait_diversity([0, 100]) == 100  # std 50 capped
    assert trait_diversity([40, 60]) == 25
    assert trait_diversity([70]) == 0


@pytest.mark.parametrize(
    "score, label",
    [
        (100, "Excellent"),
        (70, "Excellent"),
        (69, "Moderate"),
        (40, "Moderate"),
        (39, "Low"),
        (0, "Low"),
    ],
)
def test_label(score, label):
    assert diversity_label(score) == label
