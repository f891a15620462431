import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makePersona, renderWithProviders } from "@/test/render";
import { ParticipantsSection } from "./participants-section";

const personas = [
  makePersona({ id: "a", name: "Ann", tags: ["Gen Z"] }),
  makePersona({ id: "b", name: "Bob", tags: ["Chicago"] }),
  makePersona({ id: "c", name: "Cat", tags: ["gen z", "Chicago"] }),
];

describe("ParticipantsSection tag filter", () => {
  it("filters the picker by tag and keeps selected personas listed", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ParticipantsSection
        personas={personas}
        colorIndex={new Map()}
        selectedIds={["b"]}
        onToggle={vi.fn()}
      />,
    );
    const filter = screen.getByRole("group", { name: "Filter by tag" });
    expect(
      within(filter)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["All", "Chicago", "Gen Z"]);
    expect(screen.getAllByTestId("participant-option")).toHaveLength(3);
    await user.click(within(filter).getByRole("button", { name: "Gen Z" }));
    // Ann and Cat carry the tag; Bob stays because he is selected.
    expect(screen.getAllByTestId("participant-option").map((o) => o.textContent)).toEqual([
      expect.stringContaining("Ann"),
      expect.stringContaining("Bob"),
      expect.stringContaining("Cat"),
    ]);
    await user.click(within(filter).getByRole("button", { name: "Chicago" }));
    expect(screen.getAllByTestId("participant-option")).toHaveLength(2);
    await user.click(within(filter).getByRole("button", { name: "All" }));
    expect(screen.getAllByTestId("participant-option")).toHaveLength(3);
  });
});
