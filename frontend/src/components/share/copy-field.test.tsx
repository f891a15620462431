import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CopyField } from "./copy-field";

describe("CopyField", () => {
  it("copies the value and says so", async () => {
    const user = userEvent.setup();
    render(<CopyField id="t" label="Token" value="cq_abc" />);
    expect(screen.getByLabelText("Token")).toHaveValue("cq_abc");
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("cq_abc");
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
  });

  it("says how to copy by hand when the browser refuses", async () => {
    const user = userEvent.setup();
    render(<CopyField id="t" label="Token" value="cq_abc" />);
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValueOnce(new Error("denied"));
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText(/select the text and copy it/)).toBeInTheDocument();
  });
});
