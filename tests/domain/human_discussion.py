"""A focus group written for these tests with the shape real transcripts showed
(docs/trust.md, "Measured on real groups"): 37 answers, unequal turns per person (Dana
speaks 11 times, Marcus and Lena 5), interjections transcribed inside turns ("[Priya: Yeah.]",
"(Tom: mm-hm)"), probes between the questions ("Why not?", "Anyone else?", "What do you
mean?") and one numbered question. No line comes from a real transcript."""

MODERATOR = "Moderator"
QUESTIONS = 5  # what the moderator asks as new questions; every other "?" is a probe
PROBES = 6  # "Anyone else?", "Why not?", "What do you mean...", "Can you say more...", "Dana?"
ANSWERS = 37

TRANSCRIPT = """\
Moderator: Thanks for coming, everyone. First question: how do you get around the city on a normal weekday?
Dana: Mostly the car, honestly. I've got two kids and the school run is at half eight, then I'm at work by nine, so (.) there's no way I'm doing that on a bike with two of them. [Priya: Yeah.] Weekends maybe.
Marcus: Bus and then the train. Forty minutes door to door on a good day.
Priya: I cycle everywhere. Uni is about three miles and it's free, basically, and I feel a bit better about it, you know, the whole carbon thing.
Dana: Free until it gets nicked.
Priya: True. [laughs] I've lost one already.
Tom: I walk. I'm retired, I've got time, and to be honest the traffic round the ring road frightens me on anything with two wheels.
Moderator: Anyone else?
Lena: I do nights at the hospital so I drive, because at three in the morning there's no bus and I'm not waiting at a stop on my own. (Tom: mm-hm) It's a safety thing more than anything.
Dana: Same reason I'd never let my eldest cycle home in the dark.
Moderator: Okay. What do you think of the new bike-share scheme the council launched in the spring?
Priya: I love it. I use it when my own bike is in the shop, which is often. The app is a bit clunky but it works.
Tom: Never tried it.
Moderator: Why not?
Tom: I don't trust myself on those heavy things, and I'd have to put my card details into a phone app, which I won't do. My daughter does all that for me.
Dana: I looked at it. Two pounds for half an hour isn't bad, but there's no child seat, so it's useless to me on a weekday. Maybe for me on my own on a Saturday.
Marcus: The docks are in the wrong places for me. Nothing near the station at my end.
Moderator: What do you mean, the wrong places?
Marcus: They're all in the centre, by the shops. I need one at the station and one at the business park. The last bit of my trip is a twenty minute walk.
Dana: That's what I've heard from people at work too, it's all aimed at the town centre.
Priya: The uni has three docks though, and they're always empty by nine, because all of us take them. [Dana: Typical.] So they do get used.
Dana: I'd use it more if I could book one the night before, like you book a slot for the shopping.
Moderator: Can you say more about that?
Dana: Just knowing one will be there. With kids you can't turn up and find the dock empty, then you're late for everything, and I've got no slack in the morning, none at all.
Moderator: 3. If the council could change one thing about the scheme, what should it be?
Marcus: Docks at every station. Simple as that. If it connects with the train, I'd be on it tomorrow and I'd pay for a yearly pass.
Priya: Cheaper for students. Two pounds a go adds up when you're on a loan, so a student pass, like the bus has.
Lena: Lights and a basket that actually holds a bag. And some way to know the route is lit at night, like a map of safe routes in the app.
Tom: Slower bikes for older people? I don't know. Probably I'm not the person they're aiming at.
Moderator: Anyone else want to add something?
Dana: Child seats, or those trailer things. A family bike you can hire for the morning.
Priya: Oh, cargo bikes! They have those in Copenhagen, my cousin uses one with her two little ones.
Dana: If they had that I'd honestly give it a go, at least on a dry day, and my husband would too.
Moderator: Last one: would you pay more council tax to build proper cycle lanes?
Tom: No. We pay enough. Fix the potholes first, the pavements on my road are a disgrace and I've nearly gone over twice.
Priya: Yes, definitely. Separate lanes are the whole point, I don't feel safe on the main road with the lorries, and more people would cycle if they were separate.
Moderator: Dana?
Dana: A little bit more, maybe, if it was lanes to the schools. Not for lanes nobody uses. I want to see where it goes first.
Marcus: Depends what it buys. If it's a lane from the station to the business park, then yes, I'd pay a bit for that.
Lena: I'm torn. I'd love it, but I'm not on a big wage and I drive anyway for the nights, so I'd be paying for something I can't really use.
Tom: That's my point. [Lena: Yeah.] Everybody pays and a few students get the benefit.
Priya: That's not fair though, it's not just students, it's anyone who can't afford a car.
Tom: I take your point. I still say potholes first.
Dana: Potholes first, then the school lanes. I'm with Tom on that, mostly.
Lena: Yeah.
Moderator: What would make you actually try it, then?
Tom: My grandson showing me, perhaps. He's very patient with me about phones and apps.
Lena: A free first month. I'd try it on my days off.
Moderator: Thank you all, that's really helpful.
"""

TURNS: list[tuple[str, str]] = [
    (line.split(": ", 1)[0], line.split(": ", 1)[1]) for line in TRANSCRIPT.splitlines()
]
