"""The tools, one file per feature; catalog.py lists them."""
