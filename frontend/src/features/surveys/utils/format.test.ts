import { fmt, groupBy, interval, pct, percentDone } from "./format";

test("formats numbers, shares and intervals", () => {
  expect(fmt(3.456)).toBe("3.46");
  expect(fmt(undefined)).toBe("–");
  expect(pct(0.456)).toBe("46%");
  expect(interval([3.1, 3.9])).toBe("[3.10, 3.90]");
  expect(interval([])).toBe("–");
});

test("groups in first-seen order and computes progress", () => {
  expect(groupBy(["b1", "a1", "b2"], (s) => s[0])).toEqual([
    ["b", ["b1", "b2"]],
    ["a", ["a1"]],
  ]);
  expect(percentDone({ done: 3, total: 12 })).toBe(25);
  expect(percentDone({ done: 0, total: 0 })).toBe(0);
});
