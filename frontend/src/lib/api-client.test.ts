import { jsonResponse, mockFetch } from "@/test/render";
import {
  ApiError,
  client,
  errorMessage,
  formBody,
  joinMessages,
  noContent,
  unwrap,
} from "./api-client";

describe("joinMessages", () => {
  it("joins messages with periods", () => {
    expect(joinMessages(["Name is required", "Location is required."])).toBe(
      "Name is required. Location is required",
    );
    expect(joinMessages([" ", "Age is required"])).toBe("Age is required");
  });
});

const PERSONA_INPUT = { name: "A" };

describe("api client", () => {
  it("sends JSON and parses the response", async () => {
    const fetch = mockFetch(() => jsonResponse({ id: "x" }, 201));
    await expect(unwrap(client.POST("/api/personas", { body: PERSONA_INPUT }))).resolves.toEqual({
      id: "x",
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/personas");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"A"}');
    const headers = new Headers(init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept")).toBe("application/json");
  });

  it("fills path and query parameters", async () => {
    const fetch = mockFetch(() => jsonResponse({ rows: [] }));
    await client.POST("/api/personas/import", {
      params: { query: { dryRun: true } },
      body: formBody(new FormData()),
    });
    await client.GET("/api/sessions/{session_id}", { params: { path: { session_id: "a b" } } });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/personas/import?dryRun=true",
      "/api/sessions/a%20b",
    ]);
  });

  it("returns nothing for 204", async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(
      noContent(
        client.DELETE("/api/personas/{persona_id}", { params: { path: { persona_id: "p1" } } }),
      ),
    ).resolves.toBeUndefined();
  });

  it("throws ApiError carrying status, error and errors", async () => {
    mockFetch(() =>
      jsonResponse(
        { error: "Validation failed", errors: ["Name is required", "Location is required"] },
        422,
      ),
    );
    const error = await client.POST("/api/personas", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.error).toBe("Validation failed");
    expect(apiError.errors).toEqual(["Name is required", "Location is required"]);
    expect(apiError.message).toBe("Name is required. Location is required");
  });

  it("uses the summary when there is no errors list", async () => {
    mockFetch(() => jsonResponse({ error: "Persona not found" }, 404));
    await expect(
      client.GET("/api/personas/{persona_id}", { params: { path: { persona_id: "nope" } } }),
    ).rejects.toMatchObject({
      status: 404,
      message: "Persona not found",
      errors: [],
    });
  });

  it("handles non-JSON error bodies, non-JSON answers and network failures", async () => {
    mockFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(client.GET("/api/health")).rejects.toMatchObject({
      status: 502,
      message: "Request failed (502)",
    });

    mockFetch(
      () =>
        new Response("<html>index</html>", {
          status: 200,
          headers: { "Content-Type": "text/html" },
        }),
    );
    await expect(client.GET("/api/health")).rejects.toMatchObject({
      status: 200,
      message: "Unexpected response from the server",
    });

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(client.GET("/api/health")).rejects.toMatchObject({
      status: 0,
      message: "Could not reach the server. Check that Colloquy is running.",
    });
  });

  it("lets an abort through as an AbortError", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new DOMException("Aborted", "AbortError"))),
    );
    await expect(client.GET("/api/health")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sends multipart bodies without a JSON content type", async () => {
    const fetch = mockFetch(() => jsonResponse({ text: "hi", filename: "a.txt" }));
    const form = new FormData();
    form.append("file", new Blob(["hi"]), "a.txt");
    await unwrap(client.POST("/api/documents/extract", { body: formBody(form) }));
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get("Content-Type")).toMatch(
      /^multipart\/form-data; boundary=/,
    );
  });

  it("sends the user to sign-in on 401, except for the sign-in calls", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", {
      ...window.location,
      pathname: "/personas",
      search: "",
      hash: "",
      assign,
    });
    mockFetch(() => jsonResponse({ error: "Sign in first" }, 401));
    await expect(client.POST("/api/auth/sign-in", { body: { token: "x" } })).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).not.toHaveBeenCalled();
    await expect(client.GET("/api/personas")).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith("/sign-in?next=%2Fpersonas");
  });
});

describe("errorMessage", () => {
  it("prefers the error's message and falls back otherwise", () => {
    expect(errorMessage(new ApiError(500, "Boom"), "Fallback")).toBe("Boom");
    expect(errorMessage(new ApiError(500, ""), "Fallback")).toBe("Fallback");
    expect(errorMessage("weird", "Fallback")).toBe("Fallback");
  });
});
