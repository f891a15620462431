import type { ComparedSession } from "@/lib/api-types";

type People = NonNullable<ComparedSession["people"]>;
type Gap = ComparedSession["gapToHuman"];

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? "–" : `${Math.round(x * 100)}%`;
const num = (x: number | null | undefined, digits = 2) =>
  x === null || x === undefined ? "–" : x.toFixed(digits);

function gapText(value: number | null | undefined, asPercent: boolean): string | null {
  if (value === null || value === undefined) return null;
  const shown = asPercent ? `${Math.round(value * 100)} pts` : value.toFixed(asPercent ? 0 : 2);
  return `${value > 0 ? "+" : ""}${shown} vs people`;
}

/** The gap of both quartiles, e.g. "+3/+40 vs people". */
function rangeGap(low: number | null | undefined, high: number | null | undefined): string | null {
  if (low === null || low === undefined || high === null || high === undefined) return null;
  const signed = (x: number) => `${x > 0 ? "+" : ""}${x.toFixed(0)}`;
  return `${signed(low)}/${signed(high)} vs people`;
}

/** Shown for a figure that needs several speakers, on an interview's column. */
export const NOT_APPLICABLE = "Not applicable (one speaker)";

/** Simulation vs people: one session's conversation shape, and for a simulated session its
 * gap to the human session of its kind it is compared with (GET /api/sessions/compare). An
 * interview's figures are the respondent's and the interviewer's; those between speakers
 * do not apply (docs/interviews.md). */
export function PeopleSection({
  people,
  gap,
  interview = false,
}: {
  people: People;
  gap: Gap;
  interview?: boolean;
}) {
  const w = people.wordsPerTurn;
  const groupOnly = (value: string) => (interview ? NOT_APPLICABLE : value);
  const rows: { label: string; value: string; gap: string | null }[] = [
    {
      label: interview ? "Respondent's words per turn (median)" : "Words per turn (median)",
      value: num(w.median, 0),
      gap: gapText(gap?.medianWords, false),
    },
    {
      label: "Middle half",
      value: `${num(w.q1, 0)}–${num(w.q3, 0)}`,
      gap: rangeGap(gap?.q1Words, gap?.q3Words),
    },
    {
      label: "Turns under 25 words",
      value: pct(w.shortShare),
      gap: gapText(gap?.shortShare, true),
    },
    {
      label: interview ? "Interviewer's share of words" : "Moderator's share of words",
      value: pct(people.moderatorShare),
      gap: gapText(gap?.moderatorShare, true),
    },
    {
      label: "Speakers told apart (x chance)",
      value: groupOnly(num(people.attribution.ratioToChance)),
      gap: gapText(gap?.attributionRatio, false),
    },
    {
      label: "Agreement of consecutive turns",
      value: groupOnly(num(people.consecutiveAgreement)),
      gap: gapText(gap?.consecutiveAgreement, false),
    },
    {
      label: "Positive turns",
      value: pct(people.sentiment.positive),
      gap: gapText(gap?.positiveShare, true),
    },
    {
      label: "Neutral turns",
      value: pct(people.sentiment.neutral),
      gap: gapText(gap?.neutralShare, true),
    },
    {
      label: "Negative turns",
      value: pct(people.sentiment.negative),
      gap: gapText(gap?.negativeShare, true),
    },
  ];
  const most = Math.max(1, ...w.histogram.map((b) => b.count));
  return (
    <section aria-label="Simulation vs people" className="space-y-2">
      <h3 className="text-sm font-semibold">Simulation vs people</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className="text-right tabular-nums">
              {r.value}
              {r.gap ? <span className="ml-2 text-muted-foreground">({r.gap})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="space-y-0.5" aria-label="Words per turn histogram">
        {w.histogram.map((b) => (
          <div key={b.from} className="flex items-center gap-2 text-xs">
            <span className="w-16 tabular-nums text-muted-foreground">
              {b.to === null ? `${b.from}+` : `${b.from}–${b.to - 1}`}
            </span>
            <span
              className="h-2 rounded bg-primary"
              style={{ width: `${(b.count / most) * 60}%` }}
              aria-hidden="true"
            />
            <span className="tabular-nums">{b.count}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Themes the simulation shares with people (matched by meaning). */
export function ThemeMatchSection({
  match,
}: {
  match: NonNullable<ComparedSession["themeMatch"]>;
}) {
  return (
    <section aria-label="Themes shared with people" className="space-y-1 text-xs">
      <h3 className="text-sm font-semibold">Themes shared with people</h3>
      <p>
        Found {pct(match.recall)} of the people&apos;s themes; {pct(match.precision)} of its own
        themes were raised by people (similarity ≥ {match.threshold}).
      </p>
      {match.pairs.length > 0 ? (
        <ul className="list-disc pl-4 text-muted-foreground">
          {match.pairs.map((p) => (
            <li key={`${p.human}-${p.simulated}`}>
              {p.simulated} ↔ {p.human} ({p.similarity.toFixed(2)})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
