import {
  buildStimulus,
  capacityError,
  detectAudioPlatform,
  detectVideoPlatform,
  FILE_MAX_BYTES,
  planUploads,
  platformOf,
  titleFromFileName,
  uploadSizeMessage,
  youtubeEmbedUrl,
  youtubeId,
} from "./stimuli";

describe("detectVideoPlatform", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube"],
    ["https://vimeo.com/76979871", "vimeo"],
    ["https://cdn.example.com/ad.mp4", "direct"],
    ["https://cdn.example.com/ad.WEBM", "direct"],
    ["https://cdn.example.com/ad.mov?t=10", "direct"],
    ["https://example.com/page", null],
    ["https://cdn.example.com/song.mp3", null],
    ["", null],
  ])("%s -> %s", (url, platform) => {
    expect(detectVideoPlatform(url)).toBe(platform);
  });
});

describe("detectAudioPlatform", () => {
  it.each([
    ["https://soundcloud.com/artist/track", "soundcloud"],
    ["https://open.spotify.com/track/abc", "spotify"],
    ["https://cdn.example.com/jingle.mp3", "direct"],
    ["https://cdn.example.com/jingle.wav", "direct"],
    ["https://cdn.example.com/jingle.m4a", "direct"],
    ["https://cdn.example.com/jingle.ogg#x", "direct"],
    ["https://cdn.example.com/clip.mp4", null],
    ["https://example.com", null],
  ])("%s -> %s", (url, platform) => {
    expect(detectAudioPlatform(url)).toBe(platform);
  });
});

describe("capacityError", () => {
  const many = (type: "text" | "video" | "audio", n: number) =>
    Array.from({ length: n }, () => ({ type }));

  it("allows up to 10 stimuli, 2 videos and 4 audio files", () => {
    expect(capacityError(many("text", 9), "text")).toBeNull();
    expect(capacityError(many("text", 10), "text")).toBe("Maximum 10 stimuli allowed");
    expect(capacityError(many("video", 1), "video")).toBeNull();
    expect(capacityError(many("video", 2), "video")).toBe("Maximum 2 videos per session");
    expect(capacityError(many("video", 2), "audio")).toBeNull();
    expect(capacityError(many("audio", 4), "audio")).toBe("Maximum 4 audio files per session");
  });
});

describe("buildStimulus", () => {
  it("requires a title and content", () => {
    expect(buildStimulus({ type: "text", title: " ", content: "Body" }, [])).toEqual({
      ok: false,
      error: "Please fill in all fields",
    });
    expect(buildStimulus({ type: "url", title: "Site", content: "" }, [])).toEqual({
      ok: false,
      error: "Please fill in all fields",
    });
  });

  it("rejects unsupported media URLs with the product's messages", () => {
    expect(
      buildStimulus({ type: "video", title: "Ad", content: "https://example.com/page" }, []),
    ).toEqual({
      ok: false,
      error: "Unsupported video URL format",
    });
    expect(
      buildStimulus({ type: "audio", title: "Jingle", content: "https://example.com/x.mp4" }, []),
    ).toEqual({
      ok: false,
      error: "Unsupported audio URL format",
    });
  });

  it("rejects links that are not web addresses", () => {
    expect(
      buildStimulus({ type: "url", title: "Site", content: "javascript:alert(1)" }, []),
    ).toEqual({
      ok: false,
      error: "Links must start with http:// or https://",
    });
  });

  it("checks the limits before the fields", () => {
    const videos = [{ type: "video" as const }, { type: "video" as const }];
    expect(buildStimulus({ type: "video", title: "", content: "" }, videos)).toEqual({
      ok: false,
      error: "Maximum 2 videos per session",
    });
  });

  it("trims fields and adds the platform", () => {
    const result = buildStimulus(
      {
        type: "video",
        title: "  Launch ad ",
        content: " https://youtu.be/dQw4w9WgXcQ ",
        description: "",
      },
      [],
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stimulus).toMatchObject({
      type: "video",
      title: "Launch ad",
      content: "https://youtu.be/dQw4w9WgXcQ",
      platform: "youtube",
    });
    expect(result.stimulus.description).toBeUndefined();
    expect(result.stimulus.id).toMatch(/^st\d+/);
  });

  it("keeps text bodies as they are (no URL check)", () => {
    const result = buildStimulus(
      { type: "text", title: "Concept", content: "Refill pouch, 70% less plastic." },
      [],
    );
    expect(result).toMatchObject({
      ok: true,
      stimulus: { type: "text", content: "Refill pouch, 70% less plastic." },
    });
  });
});

describe("planUploads", () => {
  const file = (name: string, size = 1000) => {
    const f = new File(["x"], name, { type: "image/png" });
    Object.defineProperty(f, "size", { value: size });
    return f;
  };

  it("refuses more than 10 files per selection", () => {
    const files = Array.from({ length: 11 }, (_, i) => file(`${i}.png`));
    expect(planUploads(files, 0)).toEqual({ accepted: [], errors: ["Maximum 10 files allowed"] });
  });

  it("skips files over 10MB with a message prefixed by the file name", () => {
    const big = file("huge.png", FILE_MAX_BYTES + 1);
    const ok = file("ok.png", FILE_MAX_BYTES);
    const plan = planUploads([big, ok], 0);
    expect(plan.accepted).toEqual([ok]);
    expect(plan.errors).toEqual(["huge.png: File size must be less than 10MB"]);
    expect(uploadSizeMessage("a.png")).toBe("a.png: File size must be less than 10MB");
  });

  it("uploads no more than the room left under 10 stimuli", () => {
    const plan = planUploads([file("a.png"), file("b.png"), file("c.png")], 8);
    expect(plan.accepted.map((f) => f.name)).toEqual(["a.png", "b.png"]);
    expect(plan.errors).toEqual(["Maximum 10 stimuli allowed"]);
  });
});

describe("helpers", () => {
  it("titles an upload by its file name without the extension", () => {
    expect(titleFromFileName("Pack shot A.final.png")).toBe("Pack shot A.final");
    expect(titleFromFileName(".png")).toBe(".png");
  });

  it("finds YouTube ids and builds the privacy-enhanced embed URL", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
  });

  it("reads the stored platform, else detects it", () => {
    expect(platformOf({ type: "video", content: "https://x.test/a.mp4", platform: null })).toBe(
      "direct",
    );
    expect(platformOf({ type: "audio", content: "https://x.test/a", platform: "spotify" })).toBe(
      "spotify",
    );
    expect(platformOf({ type: "text", content: "youtube" })).toBeNull();
  });
});
