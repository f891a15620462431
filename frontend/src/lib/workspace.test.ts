import { client, unwrap } from "./api-client";
import { WORKSPACE_HEADER, WORKSPACE_STORAGE_KEY } from "./workspace";
import { recordRequests } from "@/test/requests";

describe("the chosen workspace on API calls", () => {
  afterEach(() => localStorage.removeItem(WORKSPACE_STORAGE_KEY));

  it("is sent as X-Colloquy-Workspace, and not at all before a choice", async () => {
    const requests = recordRequests();
    await unwrap(client.GET("/api/workspaces"));
    expect(requests[0].headers.get(WORKSPACE_HEADER)).toBeNull();
    localStorage.setItem(WORKSPACE_STORAGE_KEY, "wb");
    await unwrap(client.GET("/api/workspaces"));
    expect(requests[1].headers.get(WORKSPACE_HEADER)).toBe("wb");
  });
});
