import { CalendarIcon, ClockIcon, MessageSquareIcon, UsersIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "@/components/ui/card";
import type { SessionHeader } from "@/lib/api-types";
import { formatDate } from "@/utils/dates";
import { durationMinutes } from "../utils/stats";

interface Stat {
  label: string;
  value: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
}

/** product-rules §2 Results stats: Date, Participants, Messages, Duration (minutes). */
export function StatsCards({ session }: { session: SessionHeader }) {
  const minutes = durationMinutes(session.createdAt, session.completedAt);
  const stats: Stat[] = [
    { label: "Date", value: formatDate(session.createdAt), icon: CalendarIcon },
    { label: "Participants", value: String(session.participants.length), icon: UsersIcon },
    { label: "Messages", value: String(session.messageCount), icon: MessageSquareIcon },
    { label: "Duration", value: `${minutes} min`, icon: ClockIcon },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="gap-1 p-5" data-testid={`stat-${label.toLowerCase()}`}>
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}
