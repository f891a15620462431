import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { cn } from "@/utils/cn";

/** The outcome of a "Test" or "Save" on a Settings card: green when it worked, red otherwise. */
export function TestResultBox({
  ok,
  title,
  text,
  testId,
}: {
  ok: boolean;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        "flex gap-3 rounded-md border p-3 text-sm",
        ok
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-destructive/40 bg-destructive/5 text-destructive",
      )}
    >
      {ok ? (
        <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <div>
        <p className="font-medium">{title}</p>
        <p className="break-words">{text}</p>
      </div>
    </div>
  );
}
