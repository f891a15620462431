/**
 * The Request the tests' API client builds. openapi-fetch makes a Request for each call;
 * Node's rejects relative URLs ("/api/...") and sends jsdom's Files in a FormData body as
 * "blob" (their names lost). This one resolves the URL against the page and sends a FormData
 * body as the browser would, so a handler's `await request.formData()` sees each file's name.
 */
export class TestRequest extends Request {
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    super(
      typeof input === "string" ? new URL(input, window.location.href) : input,
      init.body instanceof FormData ? multipartInit(init, init.body) : init,
    );
  }
}

function multipartInit(init: RequestInit, form: FormData): RequestInit {
  const boundary = `----test-form-${Math.random().toString(16).slice(2)}`;
  const headers = new Headers(init.headers);
  headers.set("Content-Type", `multipart/form-data; boundary=${boundary}`);
  // Node sends a stream body only with duplex "half" (not in the DOM's RequestInit type).
  return { ...init, headers, body: multipartStream(form, boundary), duplex: "half" } as RequestInit;
}

function multipartStream(form: FormData, boundary: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const [name, value] of form) {
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
        if (typeof value === "string") {
          controller.enqueue(encoder.encode(`${head}\r\n\r\n${value}\r\n`));
          continue;
        }
        const type = value.type || "application/octet-stream";
        controller.enqueue(
          encoder.encode(`${head}; filename="${value.name}"\r\nContent-Type: ${type}\r\n\r\n`),
        );
        controller.enqueue(await bytesOf(value));
        controller.enqueue(encoder.encode("\r\n"));
      }
      controller.enqueue(encoder.encode(`--${boundary}--\r\n`));
      controller.close();
    },
  });
}

/** A jsdom Blob's bytes: jsdom's Blob has no arrayBuffer(), its FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("could not read the file"));
    reader.readAsArrayBuffer(blob);
  });
}
