import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { ImportHumanDialog } from "./import-human-dialog";

const PREVIEW = {
  turns: 12,
  speakers: [
    { name: "Dana", turns: 5, words: 80, backchannels: 0 },
    { name: "Tom", turns: 4, words: 31, backchannels: 2 },
  ],
  moderator: "Moderator",
  questions: ["Do you think the price is fair?", "Would you buy it?"],
  moderatorTurns: [
    { turn: 0, text: "Do you think the price is fair?", opensQuestion: true, reason: "first" },
    { turn: 4, text: "Why not?", opensQuestion: false, reason: "probe: cue" },
    { turn: 7, text: "Would you buy it?", opensQuestion: true, reason: "new topic" },
  ],
};

function Results() {
  return <p>Results page</p>;
}

test("previews the transcript, then saves it and opens its results", async () => {
  const calls: { url: string; body: FormData }[] = [];
  server.use(
    api.post("/api/sessions/import", async ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url: url.pathname + url.search, body: await request.formData() });
      const saved = url.searchParams.get("dryRun") === "false";
      return HttpResponse.json(
        saved ? { ...PREVIEW, id: "h1", name: "Oat milk", source: "human" } : PREVIEW,
      );
    }),
  );
  renderRoutes(
    [
      { path: "/", element: <ImportHumanDialog /> },
      { path: "/session/:id/results", element: <Results /> },
    ],
    "/",
  );
  await userEvent.click(screen.getByRole("button", { name: "Import a real focus group" }));
  expect(screen.getByRole("button", { name: "Preview" })).toBeDisabled();
  await userEvent.upload(
    screen.getByLabelText("Transcript"),
    new File(["Moderator: Hi?\nDana: Hi."], "group.txt"),
  );
  await userEvent.type(screen.getByLabelText("Moderator's name (optional)"), "Moderator");
  await userEvent.click(screen.getByRole("button", { name: "Preview" }));
  const preview = await screen.findByLabelText("Preview");
  expect(preview).toHaveTextContent("12 turns · moderator: Moderator · 2 questions");
  expect(preview).toHaveTextContent("Tom4 turns, 31 words, 2 interjections");
  expect(calls[0].url).toBe("/api/sessions/import?dryRun=true");
  expect(calls[0].body.get("moderator")).toBe("Moderator");
  await userEvent.click(screen.getByRole("button", { name: "Save as a human group" }));
  expect(await screen.findByText("Results page")).toBeInTheDocument();
  expect(calls[1].url).toBe("/api/sessions/import?dryRun=false");
  expect(calls[1].body.get("questionStarts")).toBeNull(); // as found: the server decides again
});

test("the researcher merges and splits questions before saving", async () => {
  const calls: FormData[] = [];
  server.use(
    api.post("/api/sessions/import", async ({ request }) => {
      calls.push(await request.formData());
      const saved = new URL(request.url).searchParams.get("dryRun") === "false";
      return HttpResponse.json(saved ? { ...PREVIEW, id: "h1" } : PREVIEW);
    }),
  );
  renderRoutes(
    [
      { path: "/", element: <ImportHumanDialog /> },
      { path: "/session/:id/results", element: <Results /> },
    ],
    "/",
  );
  await userEvent.click(screen.getByRole("button", { name: "Import a real focus group" }));
  await userEvent.upload(
    screen.getByLabelText("Transcript"),
    new File(["Moderator: Hi?\nDana: Hi."], "group.txt"),
  );
  await userEvent.click(screen.getByRole("button", { name: "Preview" }));
  const turns = await screen.findByRole("list", { name: "Moderator turns" });
  const probe = screen.getByRole("checkbox", { name: /Why not\? \(follow-up\)/ });
  expect(probe).not.toBeChecked();
  expect(screen.getByRole("checkbox", { name: /Would you buy it\?/ })).toBeChecked();
  expect(turns).toBeInTheDocument();
  await userEvent.click(probe); // split: "Why not?" becomes a question
  await userEvent.click(screen.getByRole("checkbox", { name: /Would you buy it\?/ })); // merge
  expect(screen.getByLabelText("Preview")).toHaveTextContent("2 questions");
  await userEvent.click(screen.getByRole("button", { name: "Save as a human group" }));
  expect(await screen.findByText("Results page")).toBeInTheDocument();
  expect(calls[1].get("questionStarts")).toBe("[0,4]");
});

test("a refused transcript shows the server's message and saves nothing", async () => {
  let asked = 0;
  server.use(
    api.post("/api/sessions/import", () => {
      asked += 1;
      return HttpResponse.json(
        { error: "Only one speaker was found: a group needs at least two." },
        { status: 422 },
      );
    }),
  );
  renderRoutes([{ path: "/", element: <ImportHumanDialog /> }], "/");
  await userEvent.click(screen.getByRole("button", { name: "Import a real focus group" }));
  await userEvent.upload(screen.getByLabelText("Transcript"), new File(["Dana: hi"], "one.txt"));
  await userEvent.click(screen.getByRole("button", { name: "Preview" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Only one speaker");
  expect(screen.queryByRole("button", { name: "Save as a human group" })).toBeNull();
  expect(asked).toBe(1);
});

test("a two-speaker interview is imported with its interviewer", async () => {
  const calls: { url: string; body: FormData }[] = [];
  const interview = {
    turns: 4,
    speakers: [
      { name: "Lee", turns: 2, words: 8, backchannels: 0 },
      { name: "Ana", turns: 2, words: 9, backchannels: 0 },
    ],
    moderator: "Lee",
    questions: ["How do you plan your meals?"],
    moderatorTurns: [
      { turn: 0, text: "How do you plan your meals?", opensQuestion: true, reason: "first" },
      { turn: 2, text: "Why Sundays?", opensQuestion: false, reason: "probe: cue" },
    ],
    kind: "interview",
  };
  server.use(
    api.post("/api/sessions/import", async ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url: url.pathname + url.search, body: await request.formData() });
      const saved = url.searchParams.get("dryRun") === "false";
      return HttpResponse.json(saved ? { ...interview, id: "h2", source: "human" } : interview);
    }),
  );
  renderRoutes(
    [
      { path: "/", element: <ImportHumanDialog /> },
      { path: "/session/:id/results", element: <Results /> },
    ],
    "/",
  );
  await userEvent.click(screen.getByRole("button", { name: "Import a real focus group" }));
  await userEvent.click(screen.getByRole("radio", { name: "Interview (two speakers)" }));
  await userEvent.upload(
    screen.getByLabelText("Transcript"),
    new File(["Lee: How?\nAna: So."], "talk.txt"),
  );
  await userEvent.type(screen.getByLabelText("Interviewer's name (optional)"), "Lee");
  await userEvent.click(screen.getByRole("button", { name: "Preview" }));
  const preview = await screen.findByLabelText("Preview");
  expect(preview).toHaveTextContent("4 turns · interviewer: Lee · 1 topic");
  expect(calls[0].body.get("kind")).toBe("interview");
  expect(calls[0].body.get("moderator")).toBe("Lee");
  await userEvent.click(screen.getByRole("button", { name: "Save as a human interview" }));
  expect(await screen.findByText("Results page")).toBeInTheDocument();
  expect(calls[1].body.get("kind")).toBe("interview");
});
