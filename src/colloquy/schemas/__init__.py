"""The inputs the services take, one module per feature (the names of api/schemas).

They belong to no layer above the services, so the API, the MCP tools, the guides and the
CLI build the same models without importing the HTTP layer; api/schemas keeps the answers.
"""
