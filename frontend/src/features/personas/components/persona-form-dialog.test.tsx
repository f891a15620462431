import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { makePersona, renderWithProviders } from "@/test/render";
import { server } from "@/test/server";
import { PersonaFormDialog } from "./persona-form-dialog";

function renderDialog(persona = null as ReturnType<typeof makePersona> | null) {
  const onOpenChange = vi.fn();
  const utils = renderWithProviders(
    <PersonaFormDialog open persona={persona} onOpenChange={onOpenChange} />,
  );
  return { onOpenChange, ...utils };
}

describe("PersonaFormDialog", () => {
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
    server.use(
      api.post("/api/personas", () =>
        HttpResponse.json(
          {
            error: "Validation failed",
            errors: ["Name must be less than 100 characters", "Age is required"],
          },
          { status: 422 },
        ),
      ),
    );
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
    let body: unknown;
    server.use(
      api.put("/api/personas/{persona_id}", async ({ request, params }) => {
        body = await request.json();
        expect(params.persona_id).toBe("p1");
        return HttpResponse.json({ ...persona, name: "Sarah Lee" });
      }),
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
    expect(body).toMatchObject({
      name: "Sarah Lee",
      location: "Portland, OR",
      interests: ["Sustainability", "Yoga"],
    });
  });

  it("AI Assist needs 50 characters, then sets the sliders from the analysis", async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      api.post("/api/personas/analyze-document", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          analysis: "Curious and outgoing.",
          traits: {
            openness: 88,
            conscientiousness: 41,
            extraversion: 77,
            agreeableness: 60,
            neuroticism: 22,
          },
        });
      }),
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
    expect(body).toEqual({
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
