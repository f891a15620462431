import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import type { Synthesis, SynthesisQuote, SynthesisSegments } from "@/lib/api-types";

export const SEGMENT_OPTIONS = [
  { value: "", label: "No segments" },
  { value: "age", label: "Age band" },
  { value: "gender", label: "Gender" },
  { value: "income", label: "Income" },
  { value: "openness", label: "Openness (high/low)" },
  { value: "conscientiousness", label: "Conscientiousness (high/low)" },
  { value: "extraversion", label: "Extraversion (high/low)" },
  { value: "agreeableness", label: "Agreeableness (high/low)" },
  { value: "neuroticism", label: "Neuroticism (high/low)" },
] as const;

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The results page of the quote's session, at its message. */
export function quoteHref(quote: SynthesisQuote): string {
  const at = `?message=${encodeURIComponent(quote.messageId)}`;
  return `${paths.sessionResults.getHref(quote.sessionId ?? "")}${at}`;
}

function Quote({ quote, name }: { quote: SynthesisQuote; name: string }) {
  return (
    <li className="border-l-2 pl-3">
      <Link to={quoteHref(quote)} className="hover:underline" data-testid="synthesis-quote">
        “{quote.text}”
      </Link>
      <span className="ml-2 text-xs text-muted-foreground">
        {name} · {quote.stance}
      </span>
    </li>
  );
}

function Segments({
  segments,
  labels,
}: {
  segments: SynthesisSegments;
  labels: Map<string, string>;
}) {
  return (
    <Card className="gap-3 p-5" role="region" aria-labelledby="synthesis-segments">
      <h2 id="synthesis-segments" className="text-lg font-semibold">
        Segments by {segments.by}
      </h2>
      <p className="text-sm text-muted-foreground">
        Fisher&apos;s exact test; false-alarm rate {segments.alpha} over {segments.tests} tests (
        {segments.alphaPerTest.toPrecision(2)} each).
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th className="p-1">Theme</th>
              <th className="p-1">Segment</th>
              <th className="p-1">Share</th>
              <th className="p-1">Rest</th>
              <th className="p-1">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {segments.rows.map((r) => (
              <tr key={`${r.themeId}:${r.segment}`} className="border-t">
                <td className="p-1">{labels.get(r.themeId) ?? r.themeId}</td>
                <td className="p-1">{r.segment}</td>
                <td className="p-1">
                  {r.count}/{r.size}
                </td>
                <td className="p-1">
                  {r.restCount}/{r.restSize}
                </td>
                <td className="p-1">{r.verdict}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** A completed synthesis: themes with support and quotes, contradictions, segments. */
export function SynthesisView({ synthesis }: { synthesis: Synthesis }) {
  const names = new Map(synthesis.respondents.map((r) => [r.key, r.name]));
  const labels = new Map(synthesis.themes.map((t) => [t.themeId, t.label]));
  const dropped = Object.values(synthesis.dropped).reduce((a, b) => a + b, 0);
  const n = synthesis.respondentCount;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground" data-testid="synthesis-summary">
        {n} respondents in {synthesis.sessionIds.length} sessions; {synthesis.quoteCount} verbatim
        quotes
        {dropped > 0 ? `; ${dropped} quotes dropped (not verbatim or not citable)` : ""}.
      </p>
      <Card className="gap-4 p-5" role="region" aria-labelledby="synthesis-themes">
        <h2 id="synthesis-themes" className="text-lg font-semibold">
          Themes
        </h2>
        {synthesis.themes.map((theme) => (
          <section key={theme.themeId} aria-label={theme.label} data-testid="synthesis-theme">
            <h3 className="font-medium">
              {theme.label}{" "}
              <Badge variant="secondary">
                {theme.count} of {n} ({pct(theme.share)})
              </Badge>
            </h3>
            {theme.description && (
              <p className="text-sm text-muted-foreground">{theme.description}</p>
            )}
            <ul className="mt-2 flex flex-col gap-1.5 text-sm">
              {theme.quotes.map((q) => (
                <Quote
                  key={`${q.messageId}:${q.text}`}
                  quote={q}
                  name={names.get(q.respondent) ?? q.respondent}
                />
              ))}
            </ul>
          </section>
        ))}
      </Card>
      <Card className="gap-3 p-5" role="region" aria-labelledby="synthesis-contradictions">
        <h2 id="synthesis-contradictions" className="text-lg font-semibold">
          Contradictions
        </h2>
        {synthesis.contradictions.length === 0 ? (
          <p className="text-sm text-muted-foreground">None found.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {synthesis.contradictions.map((c) => (
              <li key={c.themeId} data-testid="synthesis-contradiction">
                <span className="font-medium">{labels.get(c.themeId) ?? c.themeId}</span>: for{" "}
                {c.for.map((k) => names.get(k) ?? k).join(", ")}; against{" "}
                {c.against.map((k) => names.get(k) ?? k).join(", ")}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {synthesis.segments && <Segments segments={synthesis.segments} labels={labels} />}
    </div>
  );
}
