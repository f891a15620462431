"""Copy a whole library from one database to another (`colloquy copy`, docs/moving-in.md)."""
