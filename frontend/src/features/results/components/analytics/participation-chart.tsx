import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { Participation, SessionParticipant } from "@/lib/api-types";
import { avatarHex } from "@/utils/avatar";
import { participationData } from "../../utils/charts";
import { EmptyChart } from "./sentiment-chart";

const BAR_HEIGHT = 36;

/** One horizontal bar per participant, coloured like the participant's avatar. */
export default function ParticipationChart({
  rows,
  participants,
}: {
  rows: readonly Participation[];
  participants: readonly Pick<SessionParticipant, "id" | "name">[];
}) {
  const data = participationData(rows);
  if (data.length === 0) return <EmptyChart text="No participants" />;
  const colorOf = (row: Participation, i: number) => {
    const index = participants.findIndex((p) => p.id === row.personaId || p.name === row.name);
    return avatarHex(index === -1 ? i : index);
  };
  const height = Math.max(160, data.length * BAR_HEIGHT + 40);
  return (
    <figure data-testid="participation-chart" className="m-0">
      <figcaption className="sr-only">
        {data
          .map((d) => `${d.name}: ${d.responses} ${d.responses === 1 ? "answer" : "answers"}`)
          .join("; ")}
      </figcaption>
      <BarChart
        responsive
        layout="vertical"
        data={data}
        style={{ width: "100%", height }}
        margin={{ top: 4, right: 32, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e5e7eb" />
        <XAxis
          type="number"
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          fontSize={12}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={130}
          tickLine={false}
          axisLine={false}
          fontSize={12}
        />
        <Tooltip
          cursor={{ fill: "rgba(99, 102, 241, 0.06)" }}
          formatter={(value) => [String(value), "Answers"]}
        />
        <Bar dataKey="responses" name="Answers" radius={[0, 4, 4, 0]} maxBarSize={24}>
          {rows.map((row, i) => (
            <Cell key={i} fill={colorOf(row, i)} />
          ))}
          <LabelList dataKey="responses" position="right" fontSize={12} fill="#475569" />
        </Bar>
      </BarChart>
    </figure>
  );
}
