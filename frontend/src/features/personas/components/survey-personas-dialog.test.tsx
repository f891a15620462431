import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderWithProviders } from "@/test/render";
import { server } from "@/test/server";
import { SurveyPersonasDialog } from "./survey-personas-dialog";

const preview = (over: Record<string, unknown> = {}) => ({
  columns: ["Respondent", "Why?"],
  mapping: { Respondent: "name", "Why?": "evidence" },
  errors: [],
  rows: [{ row: 2, name: "Ann", ok: true, errors: [], words: 3 }],
  valid: 1,
  invalid: 0,
  imported: 0,
  personaIds: [],
  ...over,
});

describe("SurveyPersonasDialog", () => {
  it("previews the mapping, shows row messages, and imports only when every row is ready", async () => {
    const user = userEvent.setup();
    const sent: { url: string; form: FormData }[] = [];
    server.use(
      api.post("/api/personas/from-survey", async ({ request }) => {
        const form = await request.formData();
        sent.push({ url: request.url, form });
        if (new URL(request.url).searchParams.get("dryRun") === "true") {
          const mapping = form.get("mapping");
          if (mapping && JSON.parse(String(mapping))["Why?"] === "ignore") {
            return HttpResponse.json(
              preview({
                mapping: { Respondent: "name", "Why?": "ignore" },
                errors: ["Map at least one column to evidence (the open answers)"],
                rows: [],
                valid: 0,
              }),
            );
          }
          return HttpResponse.json(preview());
        }
        return HttpResponse.json(preview({ imported: 1, personaIds: ["x1"] }));
      }),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(<SurveyPersonasDialog open onOpenChange={onOpenChange} />);
    const file = new File(["Respondent,Why?\nAnn,I like it\n"], "survey.csv", { type: "text/csv" });
    await user.upload(screen.getByTestId("survey-file-input"), file);
    expect(await screen.findByTestId("survey-import-summary")).toHaveTextContent(
      "1 of 1 rows ready",
    );
    expect(screen.getByLabelText("Use of Why?")).toHaveValue("evidence");

    await user.selectOptions(screen.getByLabelText("Use of Why?"), "ignore");
    expect(
      await screen.findByText("Map at least one column to evidence (the open answers)"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create 0 personas" })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText("Use of Why?"), "evidence");
    const create = await screen.findByRole("button", { name: "Create 1 persona" });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const last = sent.at(-1)!;
    expect(new URL(last.url).search).toBe("");
    expect(JSON.parse(String(last.form.get("mapping")))).toEqual({
      Respondent: "name",
      "Why?": "evidence",
    });
  });
});
