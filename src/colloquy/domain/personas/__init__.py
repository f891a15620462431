"""Domain of the persona library: enrichment, import/export, tags, generation, AI Assist."""
