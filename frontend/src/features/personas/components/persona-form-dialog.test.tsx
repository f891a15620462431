import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, makePersona, mockFetch, renderWithProviders } from "@/test/render";
import { PersonaFormDialog } from "./persona-form-dialog";

function renderDialog(persona = null as ReturnType<typeof makePersona> | null) {
  const onOpenChange = vi.fn();
  const utils = renderWithProviders(
    <PersonaFormDialog open persona={persona} onOpenChange={onOpenChange} />,
  );
  return { onOpenChange, ...utils };
}

describe("PersonaFormDialog", () => {
  beforeEach(() => {
    mockFetch((url) => (url === "/api/persona-templates" ? jsonResponse([]) : undefined));
  });

  it("has the four tabs and the create title", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Create New Persona" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Basic Info",
      "Big Five",
      "Interests",
      "AI Assist",
    ]);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });

  it("keeps Save Persona disabled until name, location and an interest exist", async () => {
    const user = userEvent.setup();
    renderDialog();
    const save = screen.getByRole("button", { name: "Save Persona" });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText("Name"), "Sarah Chen");
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText("Location"), "   ");
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText("Location"), "Portland");
    expect(save).toBeDisabled();

    await user.click(screen.getByRole("tab", { name: "Interests" }));
    await user.type(screen.getByLabelText("Add interest"), "   {Enter}");
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText("Add interest"), "Yoga{Enter}");
    expect(screen.getByRole("button", { name: "Remove Yoga" })).toBeInTheDocument();
    expect(save).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Remove Yoga" }));
    expect(save).toBeDisabled();
  });

  it("disables adding at 5 interests", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole("tab", { name: "Interests" }));
    for (const i of ["a", "b", "c", "d", "e"]) {
      await user.type(screen.getByLabelText("Add interest"), `${i}{Enter}`);
    }
    expect(screen.getByLabelText("Add interest")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add" })).toBeDisabled();
    expect(screen.getByText(/Maximum of 5 interests reached/)).toBeInTheDocument();
  });

  it("joins server validation errors into one toast", async () => {
    const user = userEvent.setup();
    mockFetch((url, init) => {
      if (url === "/api/persona-templates") return jsonResponse([]);
      if (url === "/api/personas" && init?.method === "POST") {
        return jsonResponse(
          {
            error: "Validation failed",
            errors: ["Name must be less than 100 characters", "Age is required"],
          },
          422,
        );
      }
      return undefined;
    });
    renderDialog();
    await user.type(screen.getByLabelText("Name"), "Sarah");
    await user.type(screen.getByLabelText("Location"), "Portland");
    await user.click(screen.getByRole("tab", { name: "Interests" }));
    await user.type(screen.getByLabelText("Add interest"), "Yoga{Enter}");
    await user.click(screen.getByRole("button", { name: "Save Persona" }));
    expect(
      await screen.findByText("Name must be less than 100 characters. Age is required"),
    ).toBeInTheDocument();
  });

  it("edits an existing persona and reports success", async () => {
    const user = userEvent.setup();
    const persona = makePersona();
    const fetch = mockFetch((url, init) =>
      url === "/api/personas/p1" && init?.method === "PUT"
        ? jsonResponse({ ...persona, name: "Sarah Lee" })
        : undefined,
    );
    const { onOpenChange } = renderDialog(persona);
    expect(screen.getByRole("dialog", { name: "Edit Persona" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Template")).not.toBeInTheDocument();
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Sarah Lee");
    await user.click(screen.getByRole("button", { name: "Save Persona" }));
    expect(await screen.findByText("Persona updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = JSON.parse(fetch.mock.calls.at(-1)![1]!.body as string);
    expect(body).toMatchObject({
      name: "Sarah Lee",
      location: "Portland, OR",
      interests: ["Sustainability", "Yoga"],
    });
  });

  it("AI Assist needs 50 characters, then sets the sliders from the analysis", async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url) =>
      url === "/api/personas/analyze-document"
        ? jsonResponse({
            analysis: "Curious and outgoing.",
            traits: {
              openness: 88,
              conscientiousness: 41,
              extraversion: 77,
              agreeableness: 60,
              neuroticism: 22,
            },
          })
        : url === "/api/persona-templates"
          ? jsonResponse([])
          : undefined,
    );
    renderDialog();
    await user.click(screen.getByRole("tab", { name: "AI Assist" }));
    const analyze = screen.getByRole("button", { name: "Analyze" });
    expect(analyze).toBeDisabled();
    expect(
      screen.getByText("Please provide at least 50 characters of text to analyze"),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Source text"), "x".repeat(50));
    expect(screen.getByText("50 characters")).toBeInTheDocument();
    await user.click(analyze);
    expect(await screen.findByText("Curious and outgoing.")).toBeInTheDocument();
    expect(
      screen.getByText("Document analyzed! Review the AI suggestions and adjust as needed."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Big Five" }));
    expect(screen.getByTestId("trait-value-openness")).toHaveTextContent("88/100");
    expect(screen.getByTestId("trait-value-neuroticism")).toHaveTextContent("22/100");
    const call = fetch.mock.calls.find(([url]) => url === "/api/personas/analyze-document")!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      documentText: "x".repeat(50),
      currentTraits: {
        openness: 50,
        conscientiousness: 50,
        extraversion: 50,
        agreeableness: 50,
        neuroticism: 50,
      },
    });
  });
});
