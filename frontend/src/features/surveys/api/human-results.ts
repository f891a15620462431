import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, formBody, noContent, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

export type HumanResults = components["schemas"]["HumanResultsOut"];
export type HumanCell = components["schemas"]["HumanCell"];
export type RaterScore = components["schemas"]["RaterScore"];

export const humanResultsKey = (id: string) => ["surveys", id, "human-results"] as const;
const survey = (id: string) => ({ params: { path: { survey_id: id } } });

/** GET /api/surveys/{id}/human-results: people's ratings beside the simulated ones. The
 * simulated side changes as the survey runs, so `answered` (the stored answers) is part
 * of the key. */
export function useHumanResults(id: string, answered: number) {
  return useQuery({
    queryKey: [...humanResultsKey(id), answered],
    queryFn: ({ signal }) =>
      unwrap(client.GET("/api/surveys/{survey_id}/human-results", { ...survey(id), signal })),
  });
}

/** POST: a CSV of people's ratings replaces the survey's earlier one. */
export function useUploadHumanResults(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append("file", file, file.name);
      return unwrap(
        client.POST("/api/surveys/{survey_id}/human-results", {
          ...survey(id),
          body: formBody(formData),
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: humanResultsKey(id) }),
  });
}

export function useDeleteHumanResults(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      noContent(client.DELETE("/api/surveys/{survey_id}/human-results", survey(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: humanResultsKey(id) }),
  });
}

/** Raters in the order the comparison shows them, with the names a user reads. */
export function raterName(score: RaterScore): string {
  if (score.rater === "simulated") return "Simulated respondents";
  if (score.rater === "uniform") return "Floor: random answers";
  return `Floor: always ${score.point ?? "the most common answer"}`;
}

/** The simulation against the two floors on one measure, in words. */
export function verdictWords(cell: HumanCell): string {
  if (!cell.beats)
    return "No simulated answers for this concept and question yet: only the floors are shown.";
  const ks = Object.values(cell.beats).filter((b) => b.ks).length;
  const mean = Object.values(cell.beats).filter((b) => b.mean).length;
  if (ks === 2 && mean === 2)
    return "The simulation beats both trivial floors on the distribution and on the mean.";
  if (ks === 0 && mean === 0)
    return "The simulation beats neither trivial floor: random answers or always giving the people's most common answer would match these people at least as well.";
  const part = (n: number, what: string) =>
    n === 2
      ? `beats both floors on ${what}`
      : n === 1
        ? `beats one floor of two on ${what}`
        : `beats neither floor on ${what}`;
  return `The simulation ${part(ks, "the distribution")} and ${part(mean, "the mean")}.`;
}

/** A mean difference in words: direction, size and whether the interval excludes 0. */
export function differenceWords(score: RaterScore): string {
  const size = Math.abs(score.meanDifference).toFixed(2);
  if (!score.holds)
    return `within ${size} points of the people's mean; the interval includes 0, so no difference is shown`;
  return `${size} points ${score.meanDifference > 0 ? "higher" : "lower"} than the people's mean (the interval excludes 0)`;
}
