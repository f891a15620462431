import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { DashboardPage } from "./routes/dashboard";
import { AppLayout } from "./layout/app-layout";
import { NotFoundPage } from "./not-found";
import { paths } from "@/config/paths";
import { RouteError } from "./route-error";

/** A screen whose code loads when it is first opened (the first screen, the dashboard,
 * loads without the others' code: docs/performance.md#a-light-first-screen). */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const SignInPage = screen(() => import("./routes/sign-in"), "SignInPage");
const ComparePage = screen(() => import("./routes/compare"), "ComparePage");
const DemoSessionPage = screen(() => import("./routes/demo-session"), "DemoSessionPage");
const PersonasPage = screen(() => import("./routes/personas"), "PersonasPage");
const CreateSessionPage = screen(() => import("./routes/create-session"), "CreateSessionPage");
const LiveSessionPage = screen(() => import("./routes/live-session"), "LiveSessionPage");
const SessionResultsPage = screen(() => import("./routes/session-results"), "SessionResultsPage");
const SettingsPage = screen(() => import("./routes/settings"), "SettingsPage");
const FidelityPage = screen(() => import("./routes/fidelity"), "FidelityPage");
const CreateSurveyPage = screen(() => import("./routes/create-survey"), "CreateSurveyPage");
const SurveyPage = screen(() => import("./routes/survey"), "SurveyPage");
const SurveysPage = screen(() => import("./routes/surveys"), "SurveysPage");
const SynthesisPage = screen(() => import("./routes/synthesis"), "SynthesisPage");
const StudiesPage = screen(() => import("./routes/studies"), "StudiesPage");
const NewStudyPage = screen(() => import("./routes/new-study"), "NewStudyPage");
const StudyPage = screen(() => import("./routes/study"), "StudyPage");
const TeamPage = screen(() => import("./routes/team"), "TeamPage");
const SharedResultsPage = screen(() => import("./routes/shared"), "SharedResultsPage");
const MembersPage = screen(() => import("./routes/members"), "MembersPage");

/** What shows while a screen's code loads. */
export function ScreenLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-2 p-8 text-sm text-muted-foreground"
    >
      <span
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        aria-hidden="true"
      />
      Loading...
    </div>
  );
}

function load(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}

/** product-rules §2 route table. Exported separately so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.dashboard.getHref()} replace /> },
      { path: paths.dashboard.path, element: <DashboardPage /> },
      { path: paths.personas.path, element: load(PersonasPage) },
      { path: paths.createSession.path, element: load(CreateSessionPage) },
      { path: paths.demoSession.path, element: load(DemoSessionPage) },
      { path: paths.session.path, element: load(LiveSessionPage) },
      { path: paths.sessionResults.path, element: load(SessionResultsPage) },
      { path: paths.settings.path, element: load(SettingsPage) },
      { path: paths.compare.path, element: load(ComparePage) },
      { path: paths.synthesis.path, element: load(SynthesisPage) },
      { path: paths.studies.path, element: load(StudiesPage) },
      { path: paths.newStudy.path, element: load(NewStudyPage) },
      { path: paths.study.path, element: load(StudyPage) },
      { path: paths.fidelity.path, element: load(FidelityPage) },
      { path: paths.surveys.path, element: load(SurveysPage) },
      { path: paths.newSurvey.path, element: load(CreateSurveyPage) },
      { path: paths.survey.path, element: load(SurveyPage) },
      { path: paths.team.path, element: load(TeamPage) },
      { path: paths.members.path, element: load(MembersPage) },
    ],
  },
  // Outside the layout: shown only when the server needs its access token (API said 401).
  { path: paths.signIn.path, element: load(SignInPage), errorElement: <RouteError /> },
  // Outside the layout: a share link's read-only view has no way into the rest of the app.
  { path: paths.shared.path, element: load(SharedResultsPage), errorElement: <RouteError /> },
  { path: "*", element: <NotFoundPage />, errorElement: <RouteError /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
