import { SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/utils/cn";

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, e.g. "Search personas". */
  label: string;
  placeholder: string;
  /** Classes of the wrapper (its width in the row). */
  className?: string;
};

/** A search field with its magnifier icon, as the lists of personas, sessions and
 * transcript messages show it. */
export function SearchBox({ value, onChange, label, placeholder, className }: SearchBoxProps) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
      />
    </div>
  );
}
