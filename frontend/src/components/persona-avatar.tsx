import { avatarColor, initials } from "@/utils/avatar";
import { cn } from "@/utils/cn";

export interface PersonaAvatarProps {
  name: string;
  /** Position in the list; selects one of the 8 avatar colours. */
  index: number;
  className?: string;
}

export function PersonaAvatar({ name, index, className }: PersonaAvatarProps) {
  return (
    <div
      aria-hidden="true"
      data-testid="persona-avatar"
      className={cn(
        "flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white",
        avatarColor(index),
        className,
      )}
    >
      {initials(name)}
    </div>
  );
}
