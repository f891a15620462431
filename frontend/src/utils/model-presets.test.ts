import type { ModelTest } from "@/lib/api-types";
import { describeSize, describeTest } from "./model-presets";

const test: ModelTest = {
  ok: true,
  latencyMs: 120,
  streaming: true,
  structuredOutput: "json_schema",
  vision: false,
  model: "llama3.2",
  error: null,
};

describe("describeTest", () => {
  it("adds the size the model reports", () => {
    expect(describeTest({ ...test, parameterBillions: 3.212749888 })).toBe(
      "Answered in 120 ms as llama3.2. Streaming: yes. Structured output: JSON schema. Images: no. " +
        "Size: 3.2 billion parameters (too small for research).",
    );
  });

  it("says nothing of the size when it is unknown", () => {
    expect(describeTest({ ...test, parameterBillions: null })).not.toContain("Size");
  });

  it("words sizes in millions and billions", () => {
    expect(describeSize(0.135)).toBe("135 million parameters (too small for research)");
    expect(describeSize(7.6)).toBe("7.6 billion parameters");
    expect(describeSize(70)).toBe("70 billion parameters");
  });
});
