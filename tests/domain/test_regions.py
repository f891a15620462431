import pytest

from colloquy.domain.personas.regions import region_of


@pytest.mark.parametrize(
    "location, region",
    [
        ("Los Angeles", "west-coast"),
        ("San Francisco, CA", "west-coast"),
        ("seattle", "west-coast"),
        ("Portland, OR", "west-coast"),
        ("Portland", "west-coast"),
        ("Honolulu, Hawaii", "west-coast"),
        ("LA", "west-coast"),
        ("New York, NY", "northeast"),
        ("BOSTON", "northeast"),
        ("Portland, ME", "northeast"),
        ("Philadelphia, Pennsylvania", "northeast"),
        ("Brooklyn", "northeast"),
        ("Atlanta, GA", "south"),
        ("Houston", "south"),
        ("Miami, Florida", "south"),
        ("Washington, DC", "south"),
        ("Baton Rouge, LA", "south"),
        ("Charleston, WV", "south"),
        ("Nashville, TN", "south"),
        ("Chicago, IL", "midwest"),
        ("Detroit", "midwest"),
        ("Columbus, Ohio", "midwest"),
        ("Kansas City, MO", "midwest"),
        ("South Dakota", "midwest"),
        ("St. Louis", "midwest"),
        ("Phoenix, AZ", "general USA"),
        ("Denver", "general USA"),
        ("", "general USA"),
        (None, "general USA"),
        ("Somewhere", "general USA"),
        ("Living in town", "general USA"),
        ("the Pacific Northwest", "west-coast"),
        ("rural Midwest", "midwest"),
        ("Seattle, Washington", "west-coast"),
        ("Washington Heights, New York", "northeast"),
    ],
)
def test_region_of(location, region):
    assert region_of(location) == region
