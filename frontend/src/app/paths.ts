/** Client routes (product-rules §2 route table). */
export const paths = {
  home: "/",
  dashboard: "/dashboard",
  personas: "/personas",
  createSession: "/create-session",
  demoSession: "/demo-session",
  settings: "/settings",
  fidelity: "/fidelity",
  surveys: "/surveys",
  newSurvey: "/surveys/new",
  survey: (id: string) => `/surveys/${encodeURIComponent(id)}`,
  session: (id: string) => `/session/${encodeURIComponent(id)}`,
  sessionResults: (id: string) => `/session/${encodeURIComponent(id)}/results`,
  compare: (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(",")}`,
} as const;
