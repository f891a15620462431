import { http, HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { pathOf, recordRequests } from "@/test/requests";
import { server } from "@/test/server";
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
    server.use(api.post("/api/personas", () => HttpResponse.json({ id: "x" }, { status: 201 })));
    const requests = recordRequests();
    await expect(unwrap(client.POST("/api/personas", { body: PERSONA_INPUT }))).resolves.toEqual({
      id: "x",
    });
    const [request] = requests;
    expect(pathOf(request!)).toBe("/api/personas");
    expect(request!.method).toBe("POST");
    expect(await request!.text()).toBe('{"name":"A"}');
    expect(request!.headers.get("Content-Type")).toBe("application/json");
    expect(request!.headers.get("Accept")).toBe("application/json");
  });

  it("fills path and query parameters", async () => {
    server.use(http.all("/api/*", () => HttpResponse.json({ rows: [] })));
    const requests = recordRequests();
    await client.POST("/api/personas/import", {
      params: { query: { dryRun: true } },
      body: formBody(new FormData()),
    });
    await client.GET("/api/sessions/{session_id}", { params: { path: { session_id: "a b" } } });
    expect(requests.map(pathOf)).toEqual([
      "/api/personas/import?dryRun=true",
      "/api/sessions/a%20b",
    ]);
  });

  it("returns nothing for 204", async () => {
    server.use(
      api.delete("/api/personas/{persona_id}", () => new HttpResponse(null, { status: 204 })),
    );
    await expect(
      noContent(
        client.DELETE("/api/personas/{persona_id}", { params: { path: { persona_id: "p1" } } }),
      ),
    ).resolves.toBeUndefined();
  });

  it("throws ApiError carrying status, error and errors", async () => {
    server.use(
      api.post("/api/personas", () =>
        HttpResponse.json(
          { error: "Validation failed", errors: ["Name is required", "Location is required"] },
          { status: 422 },
        ),
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
    server.use(
      api.get("/api/personas/{persona_id}", () =>
        HttpResponse.json({ error: "Persona not found" }, { status: 404 }),
      ),
    );
    await expect(
      client.GET("/api/personas/{persona_id}", { params: { path: { persona_id: "nope" } } }),
    ).rejects.toMatchObject({
      status: 404,
      message: "Persona not found",
      errors: [],
    });
  });

  it("handles non-JSON error bodies, non-JSON answers and network failures", async () => {
    server.use(
      api.get("/api/health", () => HttpResponse.text("<html>Bad gateway</html>", { status: 502 })),
    );
    await expect(client.GET("/api/health")).rejects.toMatchObject({
      status: 502,
      message: "Request failed (502)",
    });

    server.use(api.get("/api/health", () => HttpResponse.html("<html>index</html>")));
    await expect(client.GET("/api/health")).rejects.toMatchObject({
      status: 200,
      message: "Unexpected response from the server",
    });

    server.use(api.get("/api/health", () => HttpResponse.error()));
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
    let sent: { type: string | null; file: FormDataEntryValue | null } | undefined;
    server.use(
      api.post("/api/documents/extract", async ({ request }) => {
        sent = {
          type: request.headers.get("Content-Type"),
          file: (await request.formData()).get("file"),
        };
        return HttpResponse.json({ text: "hi", filename: "a.txt" });
      }),
    );
    const form = new FormData();
    form.append("file", new Blob(["hi"]), "a.txt");
    await unwrap(client.POST("/api/documents/extract", { body: formBody(form) }));
    expect(sent?.type).toMatch(/^multipart\/form-data; boundary=/);
    const file = sent?.file as File;
    expect(file.name).toBe("a.txt");
    expect(await file.text()).toBe("hi");
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
    server.use(
      http.all("/api/*", () => HttpResponse.json({ error: "Sign in first" }, { status: 401 })),
    );
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
