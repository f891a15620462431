import { useEffect, useState } from "react";

/** `value` once it has not changed for `ms` (a search box asks the server once per pause,
 * not once per key). */
export function useDebounced<T>(value: T, ms = 200): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
