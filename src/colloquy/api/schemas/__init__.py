"""Response schemas and the requests only a route reads, one module per feature; the inputs
the services take are in colloquy/schemas."""
