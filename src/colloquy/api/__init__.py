"""HTTP layer: one router per resource, request/response schemas, the error shape."""
