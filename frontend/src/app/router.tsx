import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { SignInPage } from "@/features/auth/components/sign-in-page";
import { ComparePage } from "@/features/compare/components/compare-page";
import { DashboardPage } from "@/features/dashboard/components/dashboard-page";
import { DemoSessionPage } from "@/features/demo/components/demo-session-page";
import { PersonasPage } from "@/features/personas/components/personas-page";
import { CreateSessionPage } from "@/features/sessions/components/create-session-page";
import { LiveSessionPage } from "@/features/sessions/components/live-session-page";
import { SessionResultsPage } from "@/features/results/components/session-results-page";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { FidelityPage } from "@/features/trust/components/fidelity-page";
import { CreateSurveyPage } from "@/features/surveys/components/create-survey-page";
import { SurveyPage } from "@/features/surveys/components/survey-page";
import { SurveysPage } from "@/features/surveys/components/surveys-page";
import { AppLayout } from "./layout/app-layout";
import { NotFoundPage } from "./not-found";
import { paths } from "./paths";
import { RouteError } from "./route-error";

/** product-rules §2 route table. Exported separately so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      { path: "dashboard", element: <DashboardPage /> },
      { path: "personas", element: <PersonasPage /> },
      { path: "create-session", element: <CreateSessionPage /> },
      { path: "demo-session", element: <DemoSessionPage /> },
      { path: "session/:id", element: <LiveSessionPage /> },
      { path: "session/:id/results", element: <SessionResultsPage /> },
      { path: "settings", element: <SettingsPage /> },
      { path: "compare", element: <ComparePage /> },
      { path: "fidelity", element: <FidelityPage /> },
      { path: "surveys", element: <SurveysPage /> },
      { path: "surveys/new", element: <CreateSurveyPage /> },
      { path: "surveys/:id", element: <SurveyPage /> },
    ],
  },
  // Outside the layout: shown only when the server needs its access token (API said 401).
  { path: "/sign-in", element: <SignInPage />, errorElement: <RouteError /> },
  { path: "*", element: <NotFoundPage />, errorElement: <RouteError /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
