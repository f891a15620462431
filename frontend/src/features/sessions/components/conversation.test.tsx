import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PARTICIPANTS, answer } from "../testing/fixtures";
import type { WritingAnswer } from "../utils/live-events";
import { Conversation } from "./conversation";

/** `n` answers in order, numbered from 1 in their text. */
function answers(n: number) {
  return Array.from({ length: n }, (_, i) => answer(i % 3, 0, i, `Answer number ${i + 1}`));
}

const writing: WritingAnswer[] = [
  {
    participantIndex: 1,
    personaId: "p2",
    name: null,
    questionIndex: 0,
    round: 999,
    text: "Half of an answ",
  },
];

function texts() {
  return screen.getAllByTestId("message").map((m) => m.querySelector("p")?.textContent);
}

describe("Conversation (a long live session)", () => {
  it("keeps the newest 200 messages on the page and shows earlier ones on demand", async () => {
    const user = userEvent.setup();
    render(
      <Conversation
        messages={answers(450)}
        participants={PARTICIPANTS}
        writing={writing}
        running
      />,
    );
    let shown = texts();
    expect(shown).toHaveLength(200);
    expect(shown[0]).toBe("Answer number 251");
    expect(shown.at(-1)).toBe("Answer number 450");
    // The answer being written still streams under the newest message.
    expect(screen.getByTestId("writing-answer")).toHaveTextContent("Half of an answ");

    await user.click(screen.getByRole("button", { name: "Show earlier messages (250 not shown)" }));
    shown = texts();
    expect(shown).toHaveLength(400);
    expect(shown[0]).toBe("Answer number 51");

    await user.click(screen.getByRole("button", { name: "Show earlier messages (50 not shown)" }));
    expect(texts()).toHaveLength(450);
    expect(texts()[0]).toBe("Answer number 1");
    expect(screen.queryByTestId("show-earlier")).not.toBeInTheDocument();
  });

  it("goes back to the newest 200 when a message arrives while the reader follows the end", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Conversation messages={answers(300)} participants={PARTICIPANTS} writing={[]} running />,
    );
    await user.click(screen.getByRole("button", { name: /Show earlier messages/ }));
    expect(texts()).toHaveLength(300);
    rerender(
      <Conversation messages={answers(301)} participants={PARTICIPANTS} writing={[]} running />,
    );
    const shown = texts();
    expect(shown).toHaveLength(200);
    expect(shown.at(-1)).toBe("Answer number 301");
    expect(screen.getByTestId("show-earlier")).toHaveTextContent("101 not shown");
  });

  it("shows every message of a short session, with no button", () => {
    render(<Conversation messages={answers(5)} participants={PARTICIPANTS} writing={[]} running />);
    expect(texts()).toHaveLength(5);
    expect(screen.queryByTestId("show-earlier")).not.toBeInTheDocument();
  });
});
