"""The demo session's participants and what each says (product-rules §2 Demo session): data only,
played by demo_script.py."""

from __future__ import annotations

from typing import Any

# id, name, age, gender, location, income, (O, C, E, A, N), interests
PERSONAS: tuple[tuple[Any, ...], ...] = (
    (
        "demo-p1",
        "Maya Green",
        29,
        "Female",
        "Portland, OR",
        "$60-100k",
        (88, 60, 70, 75, 35),
        ["Zero-waste living", "Farmers markets", "Yoga", "Upcycling", "Hiking"],
    ),
    (
        "demo-p2",
        "Frank Morrison",
        61,
        "Male",
        "Dallas, TX",
        "$100k+",
        (28, 82, 45, 38, 55),
        ["Golf", "Woodworking", "Personal finance", "Classic cars"],
    ),
    (
        "demo-p3",
        "Priya Shah",
        34,
        "Female",
        "Chicago, IL",
        "$150k+",
        (72, 90, 50, 55, 40),
        ["Product design", "Running", "Tech gadgets", "Cooking"],
    ),
    (
        "demo-p4",
        "Alex Rivera",
        23,
        "Non-binary",
        "Miami, FL",
        "Under $30k",
        (80, 25, 86, 66, 62),
        ["Thrifting", "Music festivals", "Social media", "Street art"],
    ),
    (
        "demo-p5",
        "Marcus Bell",
        45,
        "Male",
        "Columbus, OH",
        "$30-60k",
        (45, 55, 28, 72, 76),
        ["Coupons", "Family time", "Fishing", "Home repair"],
    ),
)

# Per question: the question, then one reply per persona in the order above.
SCRIPT: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "What is your first impression of this packaging?",
        (
            (
                "I love it. The kraft paper and plant-based ink feel honest, and I can see it goes "
                "straight into my compost bin."
            ),
            (
                "Honestly it looks a bit flimsy to me. I'd want to know it protects the chips during "
                "shipping before I get excited about the recycled look."
            ),
            (
                "The design is clean and the label is easy to read, which is good. I'd like the "
                "certification details printed more clearly on the front."
            ),
            (
                "It's giving farmers-market vibes, honestly amazing for photos. My friends would "
                "totally post this."
            ),
            (
                "It looks nice, but my first thought is that it's going to cost more. Packaging like "
                "this usually means a higher price tag for my family."
            ),
        ),
    ),
    (
        "How important is sustainable packaging when you choose a product?",
        (
            (
                "It's one of the first things I check. If two products are similar, I pick the one "
                "with less plastic, even if it means a trip to another store."
            ),
            (
                "Not very important, if I'm honest. Quality and price come first; I've never chosen "
                "a brand because of its box."
            ),
            (
                "It matters, but only when it's real. Vague green claims without proof are a bad sign; "
                "clear data on recycled content is what earns my trust."
            ),
            (
                "Super important. My generation sees the plastic problem every day, and brands that "
                "ignore it feel out of touch."
            ),
            (
                "I care about it, but when money is tight, price wins. Sustainable packaging is good "
                "as long as it doesn't add to my grocery bill."
            ),
        ),
    ),
    (
        "Would you pay more for a product in this packaging? How much more?",
        (
            (
                "Yes, up to 15% more without thinking twice. Paying a little extra for the best option "
                "for the planet feels perfect to me."
            ),
            (
                "No. Charging extra for a paper bag is a terrible idea; packaging should be part of "
                "what the company already pays for."
            ),
            (
                "Maybe 5 to 10% more, if the pouch keeps the snacks fresh and a third party verifies "
                "the compostable claim."
            ),
            "A dollar, tops. I'm on a student budget, so anything more is a hard pass for me.",
            (
                "I can't pay more right now. It would be awful to choose between eco packaging and "
                "feeding my kids, so the price has to stay the same."
            ),
        ),
    ),
    (
        "What would make this packaging better, or stop you from buying it?",
        (
            (
                "Offer a refill or return program and print clear composting instructions. That "
                "would be excellent."
            ),
            (
                "Make it sturdy. If it arrives crushed or goes stale, that's the worst outcome and "
                "I'd go back to my usual brand."
            ),
            (
                "Show the numbers: recycled content, carbon saved, and how to dispose of each part. "
                "A QR code with the details would be great."
            ),
            (
                "Add some personality, like fun messages inside or an artist collab. Plain brown "
                "feels like a poor fit for shelves full of bright colors."
            ),
            (
                "Keep the price the same as the regular bag and stock it at my usual store. Then "
                "I'd happily switch."
            ),
        ),
    ),
)
