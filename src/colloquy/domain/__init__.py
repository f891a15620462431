"""Pure domain rules of Colloquy (SPEC.md): no I/O, no framework imports.

Modules:
- constants     option lists, limits and fixed texts of SPEC §3/§5/§9
- mathutil      number checks, clamping, half-up rounding
- regions       US region of a location text
- enrichment    derived persona attributes (`enrich`), `trait_level`, `income_multiplier`
- validation    persona, Big Five, document, generation and session-start checks
- stimuli       stimulus limits and video/audio platform detection
- diversity     group diversity score and label
- sentiment     keyword sentiment and its aggregates
- tokens        token estimates
- timeutil      reading datetimes, ISO texts and epoch milliseconds
- stopwords     English stop words for the word cloud
- analytics     word cloud, quotes, trait patterns, participation, durations
- csv_export    session CSV report and its file name
- prompts       system and user prompts for persona answers, discussion trimming
- templates     persona presets, seed personas, question templates, persona defaults
"""
