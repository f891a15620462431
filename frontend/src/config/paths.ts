/**
 * Every client route (product-rules §2): its `path` pattern for the router and `getHref`
 * for links, so a route's address is written once. Features import this, never `src/app`.
 */
const id = encodeURIComponent;

export const paths = {
  home: { path: "/", getHref: () => "/" },
  dashboard: { path: "/dashboard", getHref: () => "/dashboard" },
  personas: { path: "/personas", getHref: () => "/personas" },
  createSession: { path: "/create-session", getHref: () => "/create-session" },
  demoSession: { path: "/demo-session", getHref: () => "/demo-session" },
  settings: { path: "/settings", getHref: () => "/settings" },
  fidelity: { path: "/fidelity", getHref: () => "/fidelity" },
  surveys: { path: "/surveys", getHref: () => "/surveys" },
  newSurvey: { path: "/surveys/new", getHref: () => "/surveys/new" },
  survey: { path: "/surveys/:id", getHref: (surveyId: string) => `/surveys/${id(surveyId)}` },
  session: { path: "/session/:id", getHref: (sessionId: string) => `/session/${id(sessionId)}` },
  sessionResults: {
    path: "/session/:id/results",
    getHref: (sessionId: string) => `/session/${id(sessionId)}/results`,
  },
  compare: {
    path: "/compare",
    getHref: (ids: readonly string[]) => `/compare?ids=${ids.map(id).join(",")}`,
  },
  synthesis: {
    path: "/syntheses/:id",
    getHref: (synthesisId: string) => `/syntheses/${id(synthesisId)}`,
  },
  studies: { path: "/studies", getHref: () => "/studies" },
  newStudy: { path: "/studies/new", getHref: () => "/studies/new" },
  study: { path: "/studies/:id", getHref: (studyId: string) => `/studies/${id(studyId)}` },
  signIn: { path: "/sign-in", getHref: () => "/sign-in" },
  team: { path: "/team/*", getHref: (page: string) => `/team/${page}` },
  shared: { path: "/share/:token", getHref: (token: string) => `/share/${id(token)}` },
  members: { path: "/members", getHref: () => "/members" },
} as const;
