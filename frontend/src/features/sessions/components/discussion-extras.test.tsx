import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DiscussionExtras, type DiscussionExtrasProps } from "./discussion-extras";

// The box's label holds its help text too: its name begins with the label.
const LAYOUT = /^Prompt layout: cache-friendly/;
const values: DiscussionExtrasProps["values"] = {
  discussionMode: "sequential",
  privateAnswers: false,
  modelBids: false,
};

describe("Prompt layout: cache-friendly", () => {
  it("is a checkbox, off by default, whose help states the trade-off with its figures", () => {
    render(<DiscussionExtras values={values} onChange={() => {}} />);
    const box = screen.getByRole("checkbox", { name: LAYOUT });
    expect(box).not.toBeChecked();
    const help = box.getAttribute("aria-describedby");
    expect(help).toBe("cache-friendly-help");
    const text = document.getElementById(help ?? "")?.textContent ?? "";
    // The measured figures (docs/usage-and-cost.md): 75% cached, 2.8x the prompt tokens,
    // 4-8% saved at a tenth, dearer on Haiku and GPT-4o, answers may change.
    for (const part of ["75%", "2.8×", "4-8%", "Haiku", "GPT-4o", "may change"]) {
      expect(text).toContain(part);
    }
  });

  it("reports the choice, and shows it checked when chosen", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<DiscussionExtras values={values} onChange={onChange} />);
    await user.click(screen.getByRole("checkbox", { name: LAYOUT }));
    expect(onChange).toHaveBeenCalledWith({ cacheFriendly: true });
    rerender(<DiscussionExtras values={{ ...values, cacheFriendly: true }} onChange={onChange} />);
    expect(screen.getByRole("checkbox", { name: LAYOUT })).toBeChecked();
  });

  it("is offered in parallel mode and not in natural mode (its own prompts)", () => {
    const { rerender } = render(
      <DiscussionExtras values={{ ...values, discussionMode: "parallel" }} onChange={() => {}} />,
    );
    expect(screen.getByRole("checkbox", { name: LAYOUT })).toBeVisible();
    rerender(
      <DiscussionExtras values={{ ...values, discussionMode: "natural" }} onChange={() => {}} />,
    );
    expect(screen.queryByRole("checkbox", { name: LAYOUT })).toBeNull();
  });
});
