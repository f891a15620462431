import type { SessionFormValues } from "../utils/session-form";

export interface DiscussionExtrasProps {
  values: Pick<
    SessionFormValues,
    "discussionMode" | "privateAnswers" | "modelBids" | "cacheFriendly"
  >;
  onChange: (
    patch: Partial<Pick<SessionFormValues, "privateAnswers" | "modelBids" | "cacheFriendly">>,
  ) => void;
}

/**
 * The options under Discussion Mode for natural mode and private answers: private answers
 * before and after each question (any mode), and, in natural mode, the participants' own
 * bids to speak; in sequential and parallel mode, the cache-friendly prompt layout.
 */
export function DiscussionExtras({ values, onChange }: DiscussionExtrasProps) {
  return (
    <div className="space-y-3" data-testid="discussion-extras">
      <label className="flex items-start gap-2.5 text-sm" htmlFor="private-answers">
        <input
          id="private-answers"
          type="checkbox"
          className="mt-0.5"
          checked={values.privateAnswers}
          onChange={(e) => onChange({ privateAnswers: e.target.checked })}
          aria-describedby="private-answers-help"
        />
        <span className="space-y-0.5">
          <span className="block font-medium">
            Ask each participant privately before and after the discussion
          </span>
          <span
            id="private-answers-help"
            className="block text-xs leading-snug text-muted-foreground"
          >
            Each participant gives a short private answer with a stance (1-5) before a question is
            discussed and again after it. Nobody else sees them; results show who changed their
            mind, and the health report measures conformity from these shifts. Two extra model calls
            per participant and question.
          </span>
        </span>
      </label>
      {values.discussionMode === "natural" && (
        <label className="flex items-start gap-2.5 text-sm" htmlFor="model-bids">
          <input
            id="model-bids"
            type="checkbox"
            className="mt-0.5"
            checked={values.modelBids}
            onChange={(e) => onChange({ modelBids: e.target.checked })}
            aria-describedby="model-bids-help"
          />
          <span className="space-y-0.5">
            <span className="block font-medium">Let participants bid to speak</span>
            <span id="model-bids-help" className="block text-xs leading-snug text-muted-foreground">
              Before each turn the model rates how much each participant wants to speak (0-9), added
              to the urgency score. One extra model call per turn; without it the choice needs no
              model call.
            </span>
          </span>
        </label>
      )}
      {values.discussionMode !== "natural" && (
        <label className="flex items-start gap-2.5 text-sm" htmlFor="cache-friendly">
          <input
            id="cache-friendly"
            type="checkbox"
            className="mt-0.5"
            checked={values.cacheFriendly === true}
            onChange={(e) => onChange({ cacheFriendly: e.target.checked })}
            aria-describedby="cache-friendly-help"
          />
          <span className="space-y-0.5">
            <span className="block font-medium">Prompt layout: cache-friendly</span>
            <span
              id="cache-friendly-help"
              className="block text-xs leading-snug text-muted-foreground"
            >
              Materials and the whole discussion first, then the participant: hosted prompt caches
              serve ~75% of prompt tokens (6 × 4 session), but every call carries the whole
              discussion, 2.8× the prompt tokens. Saves 4-8% where cache reads cost a tenth (Claude
              Sonnet, Opus, GPT-5), costs more on Claude Haiku and GPT-4o; answers may change.
            </span>
          </span>
        </label>
      )}
    </div>
  );
}
