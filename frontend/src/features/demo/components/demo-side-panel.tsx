import { GaugeIcon } from "lucide-react";
import { PersonaAvatar } from "@/components/persona-avatar";
import { TraitBars } from "@/components/trait-bars";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import type { SessionParticipant } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { DEMO_SPEEDS } from "../utils/schedule";

export function ParticipantsCard({
  participants,
  typingId,
}: {
  participants: readonly SessionParticipant[];
  typingId: string | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Participants</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2.5" aria-label="Participants">
          {participants.map((p, index) => {
            const typing = p.id === typingId;
            return (
              <li
                key={p.id}
                data-testid="demo-participant"
                className={cn(
                  "rounded-lg border px-3 py-2.5 transition-colors",
                  typing ? "border-primary/50 bg-accent/50" : "border-border",
                )}
              >
                <div className="mb-2 flex items-center gap-2.5">
                  <PersonaAvatar name={p.name} index={index} className="size-8 text-xs" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{p.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {p.age} · {p.location}
                    </p>
                  </div>
                  {typing && <Badge variant="accent">Typing</Badge>}
                </div>
                <TraitBars traits={p.traits} variant="compact" />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

export function ProgressCard({
  questionNumber,
  questionCount,
  percent,
  question,
}: {
  questionNumber: number;
  questionCount: number;
  percent: number;
  question: string;
}) {
  return (
    <Card data-testid="demo-progress">
      <CardHeader>
        <CardTitle>Progress</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">
            Question {questionNumber} of {questionCount}
          </span>
          <span className="text-muted-foreground tabular-nums">{percent}%</span>
        </div>
        <Progress label="Demo progress" value={percent} />
        {question && (
          <p className="rounded-md bg-muted/60 px-3 py-2 text-sm" data-testid="current-question">
            {question}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function SpeedCard({
  speed,
  onChange,
}: {
  speed: number;
  onChange: (speed: number) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GaugeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Speed
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-3 gap-2" role="group" aria-label="Playback speed">
          {DEMO_SPEEDS.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={s === speed ? "default" : "outline"}
              aria-pressed={s === speed}
              onClick={() => onChange(s)}
            >
              {s}x
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
