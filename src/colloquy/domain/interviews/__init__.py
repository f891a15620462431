"""In-depth interviews: one persona, a guide, an interviewer (docs/interviews.md), pure rules."""
