"""Every request body field has a size bound in the OpenAPI schema: strings a maxLength,
lists a maxItems, free-form maps a maxProperties. (The draft body is a free-form object
bounded by bytes in its route; multipart files by the upload limits; path parameters and
headers by the HTTP server's limits on the request line and headers; every body by the
1 MB / 12 MB limit of api/security.py.)"""

from colloquy.app import create_app

EXEMPT = {("PUT", "/api/draft")}  # any JSON object, cut at 200 KB by the route
# Read as short values: an integer of fewer than 20 digits, an ISO 8601 date-time (its
# parser stops at the first character past the format).
SHORT_PARSED = {"lastEventId", "createdAfter", "since", "until"}


def unbounded(schema: dict, defs: dict, where: str, seen: frozenset = frozenset()) -> list:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return [] if name in seen else unbounded(defs[name], defs, where, seen | {name})
    found = []
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            found += unbounded(sub, defs, where, seen)
    kind = schema.get("type")
    if (
        kind == "string"
        and schema.get("format") != "binary"
        and "enum" not in schema
        and "maxLength" not in schema
    ):
        found.append(where)
    if kind == "array":
        if "maxItems" not in schema:
            found.append(where)
        found += unbounded(schema.get("items", {}), defs, f"{where}[]", seen)
    if kind == "object" or "properties" in schema:
        for name, sub in schema.get("properties", {}).items():
            found += unbounded(sub, defs, f"{where}.{name}", seen)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            if "maxProperties" not in schema:
                found.append(f"{where}{{}}")
            found += unbounded(extra, defs, f"{where}{{}}", seen)
    return found


def test_every_request_field_is_bounded(settings):
    spec = create_app(settings).openapi()
    defs = spec.get("components", {}).get("schemas", {})
    problems, bodies = [], 0
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if (method.upper(), path) in EXEMPT:
                continue
            for param in op.get("parameters", []):
                if param["in"] != "query" or param["name"] in SHORT_PARSED:
                    continue
                problems += unbounded(
                    param.get("schema", {}), defs, f"{method} {path} {param['name']}"
                )
            for media in op.get("requestBody", {}).get("content", {}).values():
                bodies += 1
                problems += unbounded(media.get("schema", {}), defs, f"{method} {path}")
    assert bodies >= 10
    assert not problems, problems
