"""Pure rules of Colloquy: no I/O, no framework imports (docs/product-rules.md has the rules).

Grouped by the feature they serve, with the names the routers and screens use:
- personas/  enrichment, file import/export, tags, generation plans, AI Assist traits
- sessions/  the session record, messages, prompts, moderation, answer cleaning, demo
- results/   analytics, diversity, insights rules, comparison, CSV/Markdown/HTML reports
- trust/     the session health report and the personality audit
- surveys/   scales, SSR rating, survey results
- models/    the catalog of downloadable models

The shared kernel at this level serves several features: constants and validation, and
- text/      words, stop words, keyword sentiment, text safety (CSV neutralising)
- numbers/   JavaScript-style rounding, safe numbers, vector maths (numpy)
- files/     uploaded images, document sniffing
- stored/    reading stored values and stored moments
"""
