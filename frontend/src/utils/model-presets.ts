import type { ModelTest, ProviderName } from "@/lib/api-types";

export { EMBEDDED_MODEL } from "./embedded-model";

export interface ModelPreset {
  id: string;
  label: string;
  provider: ProviderName;
  baseUrl: string;
  model: string;
  needsKey: boolean;
}

/** Where the common servers listen by default; the model is a suggestion. */
export const PRESETS: readonly ModelPreset[] = [
  {
    id: "embedded",
    label: "Embedded (offline)",
    provider: "local",
    baseUrl: "",
    model: "",
    needsKey: false,
  },
  {
    id: "openai",
    label: "OpenAI",
    provider: "openai",
    baseUrl: "https://api.openai.com/v1",
    model: "gpt-4o-mini",
    needsKey: true,
  },
  {
    id: "anthropic",
    label: "Anthropic",
    provider: "anthropic",
    baseUrl: "",
    model: "claude-sonnet-4-5",
    needsKey: true,
  },
  {
    id: "ollama",
    label: "Ollama",
    provider: "openai",
    baseUrl: "http://127.0.0.1:11434/v1",
    model: "llama3.1",
    needsKey: false,
  },
  {
    id: "lmstudio",
    label: "LM Studio",
    provider: "openai",
    baseUrl: "http://127.0.0.1:1234/v1",
    model: "",
    needsKey: false,
  },
  {
    id: "vllm",
    label: "vLLM",
    provider: "openai",
    baseUrl: "http://127.0.0.1:8001/v1",
    model: "",
    needsKey: false,
  },
  {
    id: "llamacpp",
    label: "llama.cpp server",
    provider: "openai",
    baseUrl: "http://127.0.0.1:8080/v1",
    model: "",
    needsKey: false,
  },
  {
    id: "openrouter",
    label: "OpenRouter",
    provider: "openai",
    baseUrl: "https://openrouter.ai/api/v1",
    model: "",
    needsKey: true,
  },
];

export const PROVIDER_LABELS: Record<ProviderName, string> = {
  local: "Local GGUF model (in-process)",
  openai: "OpenAI-compatible endpoint",
  anthropic: "Anthropic",
};

export const SOURCE_LABELS: Record<string, string> = {
  saved: "Saved in the app",
  env: "From environment variables",
  default: "Built-in default",
};

const STRUCTURED: Record<string, string> = {
  json_schema: "JSON schema",
  json_object: "JSON mode (schema in the prompt)",
  prompt: "instructions in the prompt only",
};

/** A test result in a sentence. */
export function describeTest(test: ModelTest): string {
  if (!test.ok) return test.error ?? "The model did not answer.";
  const parts = [
    `Answered in ${test.latencyMs ?? "?"} ms${test.model ? ` as ${test.model}` : ""}.`,
    `Streaming: ${test.streaming ? "yes" : "no"}.`,
    `Structured output: ${STRUCTURED[test.structuredOutput ?? "prompt"] ?? test.structuredOutput}.`,
    `Images: ${test.vision ? "yes" : "no"}.`,
  ];
  if (test.parameterBillions != null) parts.push(`Size: ${describeSize(test.parameterBillions)}.`);
  return parts.join(" ");
}

/** Models under this many billion parameters are too small for research (the health report's rule). */
export const SMALL_MODEL_BILLIONS = 7;

/** 3.2 -> '3.2 billion parameters', 0.135 -> '135 million parameters (too small for research)'. */
export function describeSize(billions: number): string {
  const words =
    billions < 1
      ? `${Math.round(billions * 1000)} million`
      : `${Math.round(billions * 10) / 10} billion`;
  return `${words} parameters${billions < SMALL_MODEL_BILLIONS ? " (too small for research)" : ""}`;
}
