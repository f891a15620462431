import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PersonaPickerSource } from "@/components/persona-picker";
import type { Persona } from "@/lib/api-types";
import { makePersona, renderWithProviders } from "@/test/render";
import { ParticipantsSection } from "./participants-section";

const grounded = { tier: "grounded", documents: 1, words: 900 } as Persona["evidence"];
const personas = [
  makePersona({ id: "a", name: "Ann", evidence: grounded }),
  makePersona({ id: "b", name: "Bob" }),
  makePersona({ id: "c", name: "Cat", evidence: grounded }),
];

function source(overrides: Partial<PersonaPickerSource> = {}): PersonaPickerSource {
  return {
    search: "",
    onSearch: vi.fn(),
    tags: ["Chicago", "Gen Z"],
    tag: null,
    onTag: vi.fn(),
    personas,
    total: 3,
    libraryTotal: 3,
    pending: false,
    hasMore: false,
    loadingMore: false,
    onMore: vi.fn(),
    error: null,
    retry: vi.fn(),
    ...overrides,
  };
}

const names = () =>
  screen
    .getAllByTestId("participant-option")
    .map((o) => o.querySelector(".font-medium")?.textContent);

describe("ParticipantsSection", () => {
  it("lists the selected first, numbered, and keeps them whatever the evidence filter", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ParticipantsSection
        library={source()}
        selected={[personas[1]]}
        onToggle={vi.fn()}
        avatarIndex={() => 0}
      />,
    );
    expect(names()).toEqual(["Bob", "Ann", "Cat"]);
    expect(screen.getAllByTestId("participant-option")[0]).toHaveTextContent("1");
    await user.selectOptions(screen.getByTestId("evidence-tier-filter"), "grounded");
    expect(names()).toEqual(["Bob", "Ann", "Cat"]);
    await user.selectOptions(screen.getByTestId("evidence-tier-filter"), "described");
    expect(names()).toEqual(["Bob"]);
    expect(screen.getByText("No other personas match the filters.")).toBeInTheDocument();
  });

  it("sends the tag and the search to the server's pages", async () => {
    const user = userEvent.setup();
    const library = source();
    renderWithProviders(
      <ParticipantsSection
        library={library}
        selected={[]}
        onToggle={vi.fn()}
        avatarIndex={() => 0}
      />,
    );
    const filter = screen.getByRole("group", { name: "Filter by tag" });
    await user.click(within(filter).getByRole("button", { name: "Gen Z" }));
    expect(library.onTag).toHaveBeenCalledWith("Gen Z");
    await user.type(screen.getByRole("searchbox", { name: "Search personas by name" }), "a");
    expect(library.onSearch).toHaveBeenCalledWith("a");
  });

  it("greys out the others at 8 selected, and shows loading and empty states", () => {
    const eight = Array.from({ length: 8 }, (_, i) => makePersona({ id: `s${i}`, name: `S${i}` }));
    const { rerender } = renderWithProviders(
      <ParticipantsSection
        library={source()}
        selected={eight}
        onToggle={vi.fn()}
        avatarIndex={() => 0}
      />,
    );
    const ann = screen
      .getAllByTestId("participant-option")
      .find((o) => o.textContent?.includes("Ann"));
    expect(ann).toHaveAttribute("aria-disabled", "true");
    expect(ann).toHaveAttribute("title", "Maximum 8 participants");
    rerender(
      <ParticipantsSection
        library={source({ pending: true, personas: [] })}
        selected={[]}
        onToggle={vi.fn()}
        avatarIndex={() => 0}
      />,
    );
    expect(screen.getByLabelText("Loading personas")).toBeInTheDocument();
    rerender(
      <ParticipantsSection
        library={source({ personas: [], total: 0, libraryTotal: 0 })}
        selected={[]}
        onToggle={vi.fn()}
        avatarIndex={() => 0}
      />,
    );
    expect(
      screen.getByText("Your persona library is empty. Create personas first."),
    ).toBeInTheDocument();
  });
});
