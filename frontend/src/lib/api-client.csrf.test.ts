import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { client, csrfToken } from "./api-client";

const PERSONA_INPUT = { name: "A" };

function clearCookie() {
  document.cookie = "colloquy_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}

describe("csrfToken", () => {
  it("reads the colloquy_csrf cookie among others", () => {
    expect(csrfToken("a=1; colloquy_csrf=abc%3D; b=2")).toBe("abc=");
    expect(csrfToken("colloquy_csrf_x=1; a=2")).toBeNull();
    expect(csrfToken("")).toBeNull();
  });
});

describe("the API client and CSRF", () => {
  afterEach(clearCookie);

  it("sends the CSRF cookie's value on writes, not on reads", async () => {
    document.cookie = "colloquy_csrf=tok123; path=/";
    server.use(
      api.post("/api/personas", () => HttpResponse.json({ id: "x" }, { status: 201 })),
      api.get("/api/personas", () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const requests = recordRequests();
    await client.POST("/api/personas", { body: PERSONA_INPUT as never });
    await client.GET("/api/personas");
    expect(requests.map((r) => [r.method, r.headers.get("X-CSRF-Token")])).toEqual([
      ["POST", "tok123"],
      ["GET", null],
    ]);
  });

  it("sends no header without the cookie (one person on loopback, or a token)", async () => {
    server.use(api.post("/api/personas", () => HttpResponse.json({ id: "x" }, { status: 201 })));
    const requests = recordRequests();
    await client.POST("/api/personas", { body: PERSONA_INPUT as never });
    expect(requests[0]!.headers.get("X-CSRF-Token")).toBeNull();
  });
});
