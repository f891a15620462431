import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AVATAR_COLORS } from "@/utils/avatar";
import { makePersona, renderWithProviders } from "@/test/render";
import { PersonaCard } from "./persona-card";

function setup(overrides = {}, index = 0) {
  const persona = makePersona(overrides);
  const handlers = { onUse: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithProviders(<PersonaCard persona={persona} index={index} {...handlers} />);
  return { persona, ...handlers };
}

describe("PersonaCard", () => {
  it("shows avatar initials, name, age · location and interests", () => {
    setup();
    const card = screen.getByRole("article", { name: "Sarah Chen" });
    expect(within(card).getByTestId("persona-avatar")).toHaveTextContent("SC");
    expect(within(card).getByText("34 · Portland, OR")).toBeInTheDocument();
    expect(within(card).getByText("Sustainability")).toBeInTheDocument();
    expect(within(card).getByText("Yoga")).toBeInTheDocument();
  });

  it("colours the avatar by index", () => {
    setup({}, 9);
    expect(screen.getByTestId("persona-avatar")).toHaveClass(AVATAR_COLORS[1]);
  });

  it("shows five trait bars as value/100, a missing trait as 50", () => {
    setup({ traits: { openness: 80, conscientiousness: 65, extraversion: 40, agreeableness: 72 } });
    expect(screen.getByTestId("trait-openness")).toHaveTextContent("Openness80/100");
    expect(screen.getByTestId("trait-conscientiousness")).toHaveTextContent("65/100");
    expect(screen.getByTestId("trait-extraversion")).toHaveTextContent("40/100");
    expect(screen.getByTestId("trait-agreeableness")).toHaveTextContent("72/100");
    expect(screen.getByTestId("trait-neuroticism")).toHaveTextContent("Neuroticism50/100");
    expect(screen.getAllByRole("meter")).toHaveLength(5);
  });

  it("calls back for Use in Session, Edit and Delete", async () => {
    const user = userEvent.setup();
    const { persona, onUse, onEdit, onDelete } = setup();
    await user.click(screen.getByRole("button", { name: "Use in Session" }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Delete persona" }));
    expect(onUse).toHaveBeenCalledWith(persona);
    expect(onEdit).toHaveBeenCalledWith(persona);
    expect(onDelete).toHaveBeenCalledWith(persona);
  });
});
