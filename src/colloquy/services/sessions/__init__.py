"""Services of focus-group sessions: records, prompts, moderation, set-up, control, demo."""
