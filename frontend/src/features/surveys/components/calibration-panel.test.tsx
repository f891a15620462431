import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { strengthWords } from "../api/calibration";
import { CalibrationPanel } from "./calibration-panel";

const routes = [{ path: "/surveys", element: <CalibrationPanel /> }];

test("uploads the answers with the scale and shows the figures in words", async () => {
  let sent: FormData | undefined;
  server.use(
    api.get("/api/surveys/scales", () =>
      HttpResponse.json([{ key: "purchase_intent", label: "Purchase intent" }]),
    ),
    api.post("/api/surveys/calibrate", async ({ request }) => {
      sent = await request.formData();
      return HttpResponse.json({
        n: 50,
        embedder: "wordllama",
        scale: "purchase_intent",
        pearson: 0.25,
        spearman: 0.29,
        mae: 1.1,
        ks: 0.4,
        mean: { human: 3.1, ssr: 3.0 },
        sd: { human: 1.34, ssr: 0.51 },
      });
    }),
  );
  renderRoutes(routes, "/surveys");
  const check = screen.getByRole("button", { name: "Check" });
  expect(check).toBeDisabled();
  await userEvent.upload(
    screen.getByLabelText("Answers (CSV)"),
    new File(["text,rating\n"], "a.csv", { type: "text/csv" }),
  );
  await userEvent.click(check);
  expect(await screen.findByText(/weak agreement \(r = 0.25\)/)).toBeInTheDocument();
  expect(screen.getByText(/1.10 points off on average/)).toBeInTheDocument();
  expect(sent?.get("scale")).toBe("purchase_intent");
  expect((sent?.get("file") as File).name).toBe("a.csv");
});

test("a refused file shows the server's message", async () => {
  server.use(
    api.get("/api/surveys/scales", () =>
      HttpResponse.json([{ key: "purchase_intent", label: "Purchase intent" }]),
    ),
    api.post("/api/surveys/calibrate", () =>
      HttpResponse.json(
        {
          error: "Wrong header: the first row must name the columns text and rating (found: a).",
        },
        { status: 422 },
      ),
    ),
  );
  renderRoutes(routes, "/surveys");
  await userEvent.upload(
    screen.getByLabelText("Answers (CSV)"),
    new File(["a\n"], "a.csv", { type: "text/csv" }),
  );
  await userEvent.click(screen.getByRole("button", { name: "Check" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Wrong header");
});

test("strength in words", () => {
  expect(strengthWords(0.62)).toBe("strong agreement (r = 0.62)");
  expect(strengthWords(-0.35)).toBe("moderate negative agreement (r = -0.35)");
  expect(strengthWords(0.05)).toBe("no agreement (r = 0.05)");
  expect(strengthWords(null)).toMatch(/cannot be computed/);
});
