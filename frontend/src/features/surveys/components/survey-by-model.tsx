import { CpuIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Survey, SurveyResults } from "../api/surveys";
import { fmt, interval, pct } from "../utils/format";

/**
 * A mixed panel's distributions per model, next to the blend of all models (the
 * survey's own results). Hidden when one model wrote every answer.
 */
export function SurveyByModel({ survey, results }: { survey: Survey; results: SurveyResults }) {
  const models = results.byModel ?? [];
  if (models.length === 0) return null;
  const concepts = new Map(survey.concepts.map((c) => [c.id, c.title]));
  return (
    <Card data-testid="survey-by-model">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CpuIcon className="size-4 text-primary" aria-hidden="true" />
          By model
        </CardTitle>
        <CardDescription>
          The respondents answered on {models.length} models. Each model's answers on their own, and
          the blend of all of them (the results above).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {survey.questions.map((q) => (
          <div key={q.id} className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={`By model: ${q.text}`}>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-1.5 font-medium">
                    Concept
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Model
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    n
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Mean (95% CI)
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Top-2 box
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {survey.concepts.flatMap((c) => {
                  const blend = results.results.find(
                    (r) => r.conceptId === c.id && r.questionId === q.id,
                  );
                  const rows = [
                    ...models.map((m) => ({
                      label: m.model,
                      cell: m.results.find((r) => r.conceptId === c.id && r.questionId === q.id),
                    })),
                    { label: "Blend (all models)", cell: blend },
                  ];
                  return rows.map(({ label, cell }) => (
                    <tr
                      key={`${c.id}:${label}`}
                      className="border-b last:border-0"
                      data-testid="by-model-row"
                    >
                      <th scope="row" className="py-1.5 text-left font-normal">
                        {concepts.get(c.id)}
                      </th>
                      <td className="break-all">{label}</td>
                      <td>{cell?.n ?? 0}</td>
                      <td>{cell ? `${fmt(cell.ssr.mean)} ${interval(cell.ssr.ci)}` : "–"}</td>
                      <td>{cell ? pct(cell.ssr.top2) : "–"}</td>
                    </tr>
                  ));
                })}
              </tbody>
            </table>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
