"""Shared kernel: uploaded images and the sniffing of document files."""
