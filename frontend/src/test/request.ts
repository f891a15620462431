/**
 * The Request the tests' API client builds. openapi-fetch makes a Request for each call;
 * Node's rejects relative URLs ("/api/...") and drops jsdom's Files from a FormData body.
 * This one resolves the URL against the page and keeps the URL and RequestInit as given,
 * which `mockFetch` (test/render.tsx) hands to a test as `fetch(url, init)` was called before.
 */
export class TestRequest extends Request {
  readonly given: { url: string; init: RequestInit };

  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    super(typeof input === "string" ? new URL(input, window.location.href) : input, init);
    this.given = { url: typeof input === "string" ? input : this.url, init };
  }
}
