import { QueryError } from "@/components/query-error";
import { API_BASE } from "@/lib/api-client";
import { useSharedSurvey } from "../api/shared-api";
import { SharedDownloads } from "./shared-downloads";

/** A shared survey: each concept's mean rating and top-2 share per question, and its
 * exports, read-only. */
export function SharedSurvey({ token, id }: { token: string; id: string }) {
  const shared = useSharedSurvey(token, id);
  if (shared.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the survey...
      </p>
    );
  if (shared.isError)
    return (
      <QueryError
        title="Could not load the survey"
        error={shared.error}
        onRetry={() => void shared.refetch()}
        retrying={shared.isFetching}
      />
    );
  const { survey, results } = shared.data;
  const concept = new Map(survey.concepts.map((c) => [c.id, c.title]));
  const question = new Map(survey.questions.map((q) => [q.id, q]));
  const base = `${API_BASE}/surveys/${encodeURIComponent(id)}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{survey.name}</h1>
        <p className="text-sm text-muted-foreground">
          {survey.respondentCount} respondents, {survey.conceptCount} concepts,{" "}
          {survey.questionCount} questions. {survey.evidenceMix}.
        </p>
      </div>
      <SharedDownloads
        token={token}
        exports={[
          { label: "CSV", url: `${base}/export.csv`, fileName: `survey-${id}.csv` },
          { label: "JSON", url: `${base}/export.json`, fileName: `survey-${id}.json` },
        ]}
      />
      <section aria-labelledby="shared-results" className="flex flex-col gap-2">
        <h2 id="shared-results" className="text-lg font-semibold">
          Results
        </h2>
        {results.results.length === 0 ? (
          <p className="text-sm text-muted-foreground">No answers yet.</p>
        ) : (
          <div
            className="relative overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Survey results"
          >
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th scope="col" className="p-2">
                    Concept
                  </th>
                  <th scope="col" className="p-2">
                    Question
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Answers
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Mean
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Top 2
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.results.map((cell) => {
                  const q = question.get(cell.questionId);
                  return (
                    <tr key={`${cell.conceptId}-${cell.questionId}`} className="border-b">
                      <td className="p-2">{concept.get(cell.conceptId) ?? cell.conceptId}</td>
                      <td className="p-2">{q?.text ?? cell.questionId}</td>
                      <td className="p-2 text-right">{cell.n}</td>
                      <td className="p-2 text-right">
                        {cell.ssr.mean.toFixed(2)}
                        {q ? ` / ${q.points}` : ""}
                      </td>
                      <td className="p-2 text-right">{Math.round(cell.ssr.top2 * 100)}%</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
