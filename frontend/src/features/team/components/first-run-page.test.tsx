import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests, sentJson } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { FirstRunPage } from "./first-run-page";

describe("FirstRunPage", () => {
  it("creates the first admin once both passwords agree", async () => {
    server.use(
      api.post("/api/auth/first-admin", () =>
        HttpResponse.json({ required: true, signedIn: true }, { status: 201 }),
      ),
    );
    const requests = recordRequests();
    renderWithProviders(<FirstRunPage firstRun />);
    await userEvent.type(screen.getByLabelText("Email"), "ana@example.com");
    await userEvent.type(
      screen.getByLabelText("Password (12 characters or more)"),
      "a long password",
    );
    await userEvent.type(screen.getByLabelText("Password again"), "a long passwor");
    expect(screen.getByText("The two passwords differ.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create admin" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Password again"), "d");
    await userEvent.click(screen.getByRole("button", { name: "Create admin" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "ana@example.com is the first admin",
    );
    expect(await sentJson(requests, "POST", "/api/auth/first-admin")).toEqual({
      email: "ana@example.com",
      password: "a long password",
    });
  });

  it("explains where to do it when this is not the server's own machine", () => {
    renderWithProviders(<FirstRunPage firstRun={false} />);
    expect(screen.queryByRole("button", { name: "Create admin" })).toBeNull();
    expect(screen.getByText(/colloquy users create --admin EMAIL/)).toBeInTheDocument();
  });
});
