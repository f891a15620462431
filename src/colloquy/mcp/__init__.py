"""The MCP server: Colloquy's tools for an assistant (docs/mcp.md).

The tools (tools/), their catalogue and dispatch (catalog.py), argument checking and tool
errors (errors.py), size limits (limits.py) and progress (progress.py) need nothing but
the services; server.py puts them on the official `mcp` SDK, served over stdio
(`colloquy mcp`) and over streamable HTTP at /mcp (http.py)."""
