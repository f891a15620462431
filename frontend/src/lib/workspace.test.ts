import { HttpResponse } from "msw";
import { client, unwrap } from "./api-client";
import { chooseWorkspace, WORKSPACE_HEADER } from "./workspace";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";

describe("the chosen workspace on API calls", () => {
  afterEach(() => chooseWorkspace(null));

  it("is sent as X-Colloquy-Workspace, and not at all before a choice", async () => {
    const requests = recordRequests();
    await unwrap(client.GET("/api/workspaces"));
    expect(requests[0].headers.get(WORKSPACE_HEADER)).toBeNull();
    chooseWorkspace("wb");
    await unwrap(client.GET("/api/workspaces"));
    expect(requests[1].headers.get(WORKSPACE_HEADER)).toBe("wb");
  });

  it("is forgotten when the server no longer knows it", async () => {
    chooseWorkspace("gone");
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    server.use(
      api.get("/api/workspaces", () =>
        HttpResponse.json(
          {
            error: "Workspace not found",
            errors: ["Workspace not found"],
            code: "workspace_not_found",
          },
          { status: 404 },
        ),
      ),
    );
    await expect(unwrap(client.GET("/api/workspaces"))).rejects.toThrow("Workspace not found");
    expect(localStorage.getItem("colloquy.workspace")).toBeNull();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
