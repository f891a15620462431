import { jsonResponse, mockFetch } from "@/test/render";
import { ApiError, api, errorMessage, joinMessages } from "./api-client";

describe("joinMessages", () => {
  it("joins messages with periods", () => {
    expect(joinMessages(["Name is required", "Location is required."])).toBe(
      "Name is required. Location is required",
    );
    expect(joinMessages([" ", "Age is required"])).toBe("Age is required");
  });
});

describe("api client", () => {
  it("sends JSON and parses the response", async () => {
    const fetch = mockFetch(() => jsonResponse({ id: "x" }, 201));
    await expect(api.post("/personas", { name: "A" })).resolves.toEqual({ id: "x" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/personas");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"A"}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("returns undefined for 204", async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete("/personas/p1")).resolves.toBeUndefined();
  });

  it("throws ApiError carrying status, error and errors", async () => {
    mockFetch(() =>
      jsonResponse({ error: "Validation failed", errors: ["Name is required", "Location is required"] }, 422),
    );
    const error = await api.post("/personas", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.error).toBe("Validation failed");
    expect(apiError.errors).toEqual(["Name is required", "Location is required"]);
    expect(apiError.message).toBe("Name is required. Location is required");
  });

  it("uses the summary when there is no errors list", async () => {
    mockFetch(() => jsonResponse({ error: "Persona not found" }, 404));
    await expect(api.get("/personas/nope")).rejects.toMatchObject({
      status: 404,
      message: "Persona not found",
      errors: [],
    });
  });

  it("handles non-JSON error bodies and network failures", async () => {
    mockFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api.get("/health")).rejects.toMatchObject({ status: 502, message: "Request failed (502)" });

    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(api.get("/health")).rejects.toMatchObject({ status: 0 });
  });

  it("sends multipart bodies without a JSON content type", async () => {
    const fetch = mockFetch(() => jsonResponse({ text: "hi", filename: "a.txt" }));
    const form = new FormData();
    form.append("file", new Blob(["hi"]), "a.txt");
    await api.upload("/documents/extract", form);
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });
});

describe("errorMessage", () => {
  it("prefers the error's message and falls back otherwise", () => {
    expect(errorMessage(new ApiError(500, "Boom"), "Fallback")).toBe("Boom");
    expect(errorMessage(new ApiError(500, ""), "Fallback")).toBe("Fallback");
    expect(errorMessage("weird", "Fallback")).toBe("Fallback");
  });
});
