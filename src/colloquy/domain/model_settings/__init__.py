"""Domain of the models in use: catalog, settings, downloads, provenance."""
