import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderWithProviders } from "@/test/render";
import { pathOf, recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { ImportPersonasDialog, importButtonLabel } from "./import-personas-dialog";

const PREVIEW = {
  dryRun: true,
  total: 3,
  valid: 2,
  invalid: 1,
  imported: 0,
  importedIds: [],
  rows: [
    { row: 1, name: "Ana Ruiz", ok: true, errors: [] },
    {
      row: 2,
      name: "=HYPERLINK()",
      ok: false,
      errors: [
        "Name starts with '=', which a spreadsheet runs as a formula; formulas are not imported",
        "Age must be between 18 and 100",
      ],
    },
    { row: 3, name: "Ben Cole", ok: true, errors: [] },
  ],
};

function csvFile(): File {
  return new File(["name,age\nAna,30\n"], "people.csv", { type: "text/csv" });
}

describe("ImportPersonasDialog", () => {
  it("previews the rows with their errors, then imports the valid ones", async () => {
    const user = userEvent.setup();
    server.use(
      api.post("/api/personas/import", ({ request }) =>
        new URL(request.url).searchParams.get("dryRun") === "true"
          ? HttpResponse.json(PREVIEW)
          : HttpResponse.json({ ...PREVIEW, dryRun: false, imported: 2, importedIds: ["a", "b"] }),
      ),
    );
    const requests = recordRequests();
    const onOpenChange = vi.fn();
    renderWithProviders(<ImportPersonasDialog open onOpenChange={onOpenChange} />);

    const importButton = screen.getByRole("button", { name: "Import 0 valid personas" });
    expect(importButton).toBeDisabled();
    expect(screen.getByRole("link", { name: "Template CSV" })).toHaveAttribute(
      "href",
      "/api/personas/import-template.csv",
    );

    await user.upload(screen.getByTestId("import-file-input"), csvFile());
    expect(await screen.findByTestId("import-summary")).toHaveTextContent(
      "3 rows: 2 valid, 1 with errors",
    );
    const rows = screen.getAllByTestId("import-row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute("data-ok", "false");
    expect(rows[1]).toHaveTextContent("formulas are not imported");
    expect(rows[1]).toHaveTextContent("Age must be between 18 and 100");
    expect(rows[0]).toHaveTextContent("Ready");
    // Nothing saved yet: only the preview was asked for.
    expect(requests.map(pathOf)).toEqual(["/api/personas/import?dryRun=true"]);

    await user.click(screen.getByRole("button", { name: "Import 2 valid personas" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.map(pathOf)).toContain("/api/personas/import?dryRun=false");
    expect(await screen.findByText("Imported 2 personas")).toBeInTheDocument();
  });

  it("shows a file-level error and keeps the import disabled", async () => {
    const user = userEvent.setup();
    server.use(
      api.post("/api/personas/import", () =>
        HttpResponse.json(
          {
            error:
              "Too many rows: the file has 10,000 personas; import at most 1,000 at a time (split the file).",
            errors: [
              "Too many rows: the file has 10,000 personas; import at most 1,000 at a time (split the file).",
            ],
            code: "validation_failed",
          },
          { status: 422 },
        ),
      ),
    );
    renderWithProviders(<ImportPersonasDialog open onOpenChange={vi.fn()} />);
    await user.upload(screen.getByTestId("import-file-input"), csvFile());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many rows: the file has 10,000 personas",
    );
    expect(screen.getByRole("button", { name: "Import 0 valid personas" })).toBeDisabled();
    expect(screen.queryByTestId("import-row")).toBeNull();
  });

  it("labels the button with the count", () => {
    expect(importButtonLabel(1)).toBe("Import 1 valid persona");
    expect(importButtonLabel(5)).toBe("Import 5 valid personas");
  });
});
