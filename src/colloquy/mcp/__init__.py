"""The MCP server: Colloquy's tools for an assistant (docs/mcp.md).

The tools (tools/), their catalogue and dispatch (catalog.py), argument checking and tool
errors (errors.py), size limits (limits.py) and progress (progress.py) need nothing but
the services; the transports (stdio for `colloquy mcp`, streamable HTTP at /mcp) are the
official `mcp` SDK's."""
