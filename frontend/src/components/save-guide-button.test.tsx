import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "@/lib/api-client";
import { renderWithProviders } from "@/test/render";
import { SaveGuideButton } from "./save-guide-button";

const FILE = {
  guide: {},
  yaml: "kind: focus-group\nname: Snack Study\n",
  json: "{}",
  filename: "snack-study.guide.yaml",
};

describe("SaveGuideButton", () => {
  it("downloads the guide's YAML under its file name", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("snack-study.guide.yaml");
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:guide", revokeObjectURL: () => {} }),
    );
    const load = vi.fn().mockResolvedValue(FILE);
    renderWithProviders(<SaveGuideButton load={load} />);
    await userEvent.click(screen.getByRole("button", { name: "Save as guide" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Saved snack-study.guide.yaml")).toBeInTheDocument();
    click.mockRestore();
  });

  it("says why when the guide cannot be made", async () => {
    const load = vi.fn().mockRejectedValue(new ApiError(404, "Session not found"));
    renderWithProviders(<SaveGuideButton load={load} />);
    await userEvent.click(screen.getByRole("button", { name: "Save as guide" }));
    expect(await screen.findByText("Session not found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save as guide" })).toBeEnabled();
  });
});
