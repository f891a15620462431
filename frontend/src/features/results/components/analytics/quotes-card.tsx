import { QuoteIcon } from "lucide-react";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SentimentEmoji } from "@/components/sentiment-emoji";
import { SentimentBadge } from "@/components/sentiment-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { HighlightedQuote, SessionParticipant } from "@/lib/api-types";

/** product-rules §2: the longest answer per speaker over 30 characters, up to 5, with sentiment. */
export function QuotesCard({
  quotes,
  participants,
}: {
  quotes: readonly HighlightedQuote[];
  participants: readonly Pick<SessionParticipant, "id" | "name">[];
}) {
  const indexOf = (q: HighlightedQuote) =>
    Math.max(
      0,
      participants.findIndex((p) => p.id === q.personaId || p.name === q.speaker),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Highlighted Quotes</CardTitle>
        <CardDescription>The most developed answer of each participant.</CardDescription>
      </CardHeader>
      <CardContent>
        {quotes.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            No quotes yet: answers need more than 30 characters.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="quotes">
            {quotes.map((quote) => (
              <li key={`${quote.speaker}-${quote.content.slice(0, 20)}`}>
                <figure
                  className="m-0 flex h-full flex-col rounded-lg border bg-muted/30 p-4"
                  data-testid="quote"
                >
                  <blockquote className="relative pl-6 text-sm leading-relaxed">
                    <QuoteIcon
                      className="absolute top-0.5 left-0 size-4 text-primary/60"
                      aria-hidden="true"
                    />
                    {quote.content}
                  </blockquote>
                  <figcaption className="mt-auto flex items-center gap-2 pt-3 text-sm">
                    <PersonaAvatar
                      name={quote.speaker}
                      index={indexOf(quote)}
                      className="size-6 text-[10px]"
                    />
                    <span className="font-medium">{quote.speaker}</span>
                    <SentimentEmoji sentiment={quote.sentiment} className="ml-auto" />
                    <SentimentBadge sentiment={quote.sentiment} />
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
