/**
 * The data of a Server-Sent Event (EventSource), parsed and checked for the keys its type
 * must have; null when the event has no data (a connection error), is not JSON or lacks a key.
 * The one place a live event's JSON becomes a typed value.
 */
export function eventData<T extends object>(
  event: Event,
  keys: readonly (keyof T & string)[],
): T | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== "string" || event.data === "")
    return null;
  let value: unknown;
  try {
    value = JSON.parse(event.data);
  } catch {
    return null;
  }
  return hasKeys<T>(value, keys) ? value : null;
}

function hasKeys<T extends object>(
  value: unknown,
  keys: readonly (keyof T & string)[],
): value is T {
  return typeof value === "object" && value !== null && keys.every((key) => key in value);
}
