import { Bar, BarChart, Tooltip, XAxis, YAxis } from "recharts";

export interface PmfRow {
  label: string;
  pmf: readonly number[];
}

// Low (red) to high (green), readable on white; one colour per scale point.
const PALETTE = ["#b91c1c", "#ea580c", "#a3a3a3", "#65a30d", "#15803d"];

export function pointColor(index: number, points: number): string {
  if (points <= 1) return PALETTE[4];
  return PALETTE[Math.round((index / (points - 1)) * (PALETTE.length - 1))];
}

/** One horizontal stacked bar per row: the share of each scale point (SSR or direct). */
export default function PmfChart({
  rows,
  anchors,
}: {
  rows: readonly PmfRow[];
  anchors: readonly string[];
}) {
  const points = anchors.length;
  const data = rows.map((r) => {
    const row: Record<string, number | string> = { label: r.label };
    r.pmf.forEach((p, i) => (row[`p${i + 1}`] = Math.round(p * 1000) / 10));
    return row;
  });
  return (
    <figure className="m-0" data-testid="pmf-chart">
      <figcaption className="sr-only">
        {rows
          .map(
            (r) =>
              `${r.label}: ${r.pmf.map((p, i) => `${i + 1} ${Math.round(p * 100)}%`).join(", ")}`,
          )
          .join("; ")}
      </figcaption>
      <BarChart
        layout="vertical"
        data={data}
        responsive
        style={{ width: "100%", height: 40 + rows.length * 34 }}
        margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
      >
        <XAxis
          type="number"
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          allowDataOverflow
          unit="%"
          fontSize={11}
        />
        <YAxis type="category" dataKey="label" width={70} fontSize={11} />
        <Tooltip
          formatter={(value, name) => [
            `${value}%`,
            anchors[Number(String(name).slice(1)) - 1] ?? name,
          ]}
        />
        {Array.from({ length: points }, (_, i) => (
          <Bar
            key={i}
            dataKey={`p${i + 1}`}
            stackId="pmf"
            fill={pointColor(i, points)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      <ul
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-label="Scale points"
      >
        {anchors.map((anchor, i) => (
          <li key={i} className="flex items-center gap-1.5">
            <span
              className="inline-block size-2.5 rounded-sm"
              style={{ background: pointColor(i, points) }}
              aria-hidden="true"
            />
            {i + 1}: {anchor}
          </li>
        ))}
      </ul>
    </figure>
  );
}
