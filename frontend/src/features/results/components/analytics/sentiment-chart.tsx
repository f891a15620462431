import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { RoundSentiment } from "@/lib/api-types";
import { roundSentimentData } from "../../utils/charts";

export const SENTIMENT_COLORS = {
  positive: "#10b981",
  neutral: "#94a3b8",
  negative: "#f43f5e",
} as const;

export function EmptyChart({ text }: { text: string }) {
  return (
    <div className="flex h-64 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
      {text}
    </div>
  );
}

/** Stacked percentages of positive / neutral / negative answers per question and round. */
export default function SentimentChart({ rows }: { rows: readonly RoundSentiment[] }) {
  const data = roundSentimentData(rows);
  if (data.length === 0) return <EmptyChart text="No answers yet" />;
  const summary = data
    .map(
      (d) => `${d.title}: ${d.positive}% positive, ${d.neutral}% neutral, ${d.negative}% negative`,
    )
    .join("; ");
  return (
    <figure data-testid="sentiment-chart" className="m-0">
      <figcaption className="sr-only">{summary}</figcaption>
      <BarChart
        responsive
        data={data}
        style={{ width: "100%", height: 260 }}
        margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} interval={0} />
        <YAxis
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          unit="%"
          tickLine={false}
          axisLine={false}
          fontSize={12}
        />
        <Tooltip
          cursor={{ fill: "rgba(99, 102, 241, 0.06)" }}
          labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ""}
          formatter={(value) => `${String(value)}%`}
        />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="positive"
          name="Positive"
          stackId="s"
          fill={SENTIMENT_COLORS.positive}
          maxBarSize={48}
        />
        <Bar
          dataKey="neutral"
          name="Neutral"
          stackId="s"
          fill={SENTIMENT_COLORS.neutral}
          maxBarSize={48}
        />
        <Bar
          dataKey="negative"
          name="Negative"
          stackId="s"
          fill={SENTIMENT_COLORS.negative}
          maxBarSize={48}
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </figure>
  );
}
