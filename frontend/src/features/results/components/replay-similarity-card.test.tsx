import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { makeHeader } from "../test/fixtures";
import { ReplaySimilarityCard } from "./replay-similarity-card";

const IN_SAMPLE = "in-sample (the personas saw these answers)";

function similarity(basis: "held-out" | "in-sample") {
  const label = basis === "held-out" ? "held-out" : IN_SAMPLE;
  return {
    sessionId: "s1",
    originalId: "h1",
    embedder: "wordllama",
    basis,
    label,
    heldOutQuestions:
      basis === "held-out" ? [{ index: 1, text: "Would you pay more for it?" }] : [],
    participants: [
      {
        participant: "Maria",
        persona: "Maria",
        personaId: "p1",
        questions: 1,
        cosine: 0.61,
        themeOverlap: 0.2,
        basis,
        label,
        perQuestion: [],
      },
    ],
  };
}

function renderCard(basis: "held-out" | "in-sample") {
  const label = basis === "held-out" ? "held-out" : IN_SAMPLE;
  const session = makeHeader({
    status: "completed",
    replayOf: {
      sessionId: "h1",
      participants: [0],
      questions: [1],
      heldOutQuestions: [1],
      basis,
      label,
    },
  });
  server.use(
    api.get("/api/sessions/{session_id}/replay-similarity", () =>
      HttpResponse.json(similarity(basis)),
    ),
  );
  renderRoutes([{ path: "/", element: <ReplaySimilarityCard session={session} /> }], "/");
}

describe("the replay similarity card", () => {
  it("labels every figure of a held-out replay and names the held-out questions", async () => {
    renderCard("held-out");
    const table = await screen.findByRole("table", { name: "Similarity to the people" });
    const row = within(table).getAllByRole("row")[1];
    expect(row).toHaveTextContent("0.61");
    expect(within(row).getByTestId("similarity-basis")).toHaveTextContent("held-out");
    expect(screen.getByTestId("held-out-questions")).toHaveTextContent(
      "Q2 “Would you pay more for it?”",
    );
    expect(screen.getByText(/never saw these answers/)).toBeInTheDocument();
  });

  it("labels an in-sample replay as one whose personas saw the answers", async () => {
    renderCard("in-sample");
    const table = await screen.findByRole("table", { name: "Similarity to the people" });
    expect(within(table).getByTestId("similarity-basis")).toHaveTextContent(IN_SAMPLE);
    expect(screen.getByText(`All figures: ${IN_SAMPLE}.`)).toBeInTheDocument();
    expect(screen.queryByTestId("held-out-questions")).not.toBeInTheDocument();
  });
});
