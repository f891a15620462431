import {
  CartesianGrid,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface ScatterPoint {
  name: string;
  assigned: number;
  measured: number;
}

/** Assigned (x) against measured (y) for one trait, with the line where they agree. */
export default function TraitScatter({
  points,
  label,
}: {
  points: readonly ScatterPoint[];
  label: string;
}) {
  return (
    <figure className="m-0" data-testid="trait-scatter">
      <figcaption className="sr-only">
        {points.length === 0
          ? `${label}: no audited personas`
          : points
              .map((p) => `${p.name}: assigned ${p.assigned}, measured ${p.measured}`)
              .join("; ")}
      </figcaption>
      <ScatterChart
        responsive
        style={{ width: "100%", height: 220 }}
        margin={{ top: 8, right: 12, bottom: 16, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis
          type="number"
          dataKey="assigned"
          name="Assigned"
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          fontSize={12}
          label={{ value: "Assigned", position: "insideBottom", offset: -8, fontSize: 12 }}
        />
        <YAxis
          type="number"
          dataKey="measured"
          name="Measured"
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          width={36}
          fontSize={12}
        />
        <ReferenceLine
          segment={[
            { x: 0, y: 0 },
            { x: 100, y: 100 },
          ]}
          stroke="#94a3b8"
          strokeDasharray="4 4"
        />
        <Tooltip cursor={{ strokeDasharray: "3 3" }} />
        <Scatter data={[...points]} fill="#4f46e5" name={label} />
      </ScatterChart>
    </figure>
  );
}
