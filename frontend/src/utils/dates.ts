/**
 * The one place dates and times are written for people. Every formatter takes an ISO
 * string (or nothing) and returns `fallback` when there is no usable time.
 */

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** A session's or survey's date, e.g. 'Nov 21, 2026'. */
export function formatDate(
  value: string | null | undefined,
  locale?: string,
  fallback = "—",
): string {
  const t = time(value);
  if (t === null) return fallback;
  return new Date(t).toLocaleDateString(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

/** A message's time of day, e.g. '5:14 PM'. */
export function formatTime(
  value: string | null | undefined,
  locale?: string,
  fallback = "",
): string {
  const t = time(value);
  if (t === null) return fallback;
  return new Date(t).toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
}

/** Date and time, e.g. 'Nov 21, 2026, 5:14 PM'. */
export function formatDateTime(
  value: string | null | undefined,
  locale?: string,
  fallback = "",
): string {
  const t = time(value);
  if (t === null) return fallback;
  return new Date(t).toLocaleString(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
