import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WordCloudEntry } from "@/lib/api-types";
import { cloudWords } from "../../utils/word-cloud";

const SHADES = [
  "text-primary",
  "text-indigo-500",
  "text-violet-600",
  "text-sky-600",
  "text-slate-600",
];

/** product-rules §2: the top 30 terms, font 12-32 px scaled by frequency (size from the server). */
export function WordCloudCard({ words }: { words: readonly WordCloudEntry[] }) {
  const shown = cloudWords(words);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Word Cloud</CardTitle>
        <CardDescription>The 30 most frequent terms in participants' answers.</CardDescription>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            Not enough words to show yet.
          </p>
        ) : (
          <ul
            data-testid="word-cloud"
            aria-label="Word cloud"
            className="flex min-h-40 flex-wrap content-center items-center justify-center gap-x-4 gap-y-1.5 rounded-lg bg-muted/40 px-6 py-8"
          >
            {shown.map((word) => (
              <li
                key={word.text}
                title={`${word.text}: ${word.count} ${word.count === 1 ? "mention" : "mentions"}`}
                style={{ fontSize: `${word.fontSize}px` }}
                className={`leading-tight font-semibold ${SHADES[word.rank % SHADES.length]}`}
              >
                {word.text}
                <span className="sr-only"> ({word.count})</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
