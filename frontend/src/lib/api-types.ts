/**
 * Types of the Colloquy REST API (JSON, camelCase).
 *
 * Hand-written for now from the API contract; intended to be replaced by
 * openapi-typescript output generated from the server's OpenAPI schema.
 * Keep the exported names stable: Persona, PersonaInput, Traits, Enriched,
 * PersonaTemplate, Health.
 */

export type TraitKey =
  | "openness"
  | "conscientiousness"
  | "extraversion"
  | "agreeableness"
  | "neuroticism";

/** Big Five scores, each 0-100. */
export type Traits = Record<TraitKey, number>;

export type Gender = "Male" | "Female" | "Non-binary" | "Prefer not to say";
export type IncomeBand = "Under $30k" | "$30-60k" | "$60-100k" | "$100k+" | "$150k+";

/** Derived attributes computed by the server from traits and demographics. */
export interface Enriched {
  values?: Record<string, number>;
  motivationStyle?: {
    regulatoryFocus?: "prevention" | "promotion";
    focusStrength?: number;
    bis?: number;
    bas?: number;
    needForClosure?: number;
  };
  decisionStyle?: {
    type?: "maximizer" | "satisficer";
    needForCognition?: number;
    lossAversion?: number;
    riskAversion?: number;
    researchDepth?: number;
  };
  healthBeliefs?: {
    perceivedSusceptibility?: number;
    perceivedSeverity?: number;
    perceivedBenefits?: number;
    perceivedBarriers?: number;
    cuesRequired?: "high" | "moderate" | "low";
    selfEfficacy?: number;
  };
  socialIdentity?: {
    groupNorms?: string[];
    perceivedControl?: number;
    subjectiveNorm?: number;
  };
  language?: {
    region?: string;
    ageRegister?: string;
    hedgeFrequency?: string;
    emojiUsage?: boolean;
    fillerWords?: string[];
    formalityLevel?: string | number;
  };
  languageStyle?: { formality?: number; regionalSlang?: boolean };
  shopping?: {
    willingnessToPay?: number;
    brandLoyalty?: number;
    priceSensitivity?: number | string;
    preferredRetailers?: string[];
    bannedIngredients?: string[];
    researchIntensity?: string;
  };
  memory?: {
    brandTrust?: Record<string, number>;
    pastDecisions?: unknown[];
    priorExposure?: unknown[];
  };
  [key: string]: unknown;
}

/** Fields a client sends to create or replace a persona. */
export interface PersonaInput {
  name: string;
  age: number;
  gender: string;
  location: string;
  income: string;
  /** Older records may lack some traits; the UI treats a missing trait as 50. */
  traits: Partial<Traits>;
  interests: string[];
  generatedFrom?: string | null;
}

export interface Persona extends PersonaInput {
  id: string;
  generatedFrom: string | null;
  createdAt: string;
  updatedAt: string;
  enriched: Enriched;
}

export interface PersonaTemplate {
  id: string;
  name: string;
  description: string;
  data: {
    age: number;
    gender: string;
    location: string;
    income: string;
    traits: Traits;
    interests: string[];
  };
}

export type Diversity = "low" | "medium" | "high";

export interface GeneratePersonasRequest {
  description?: string;
  documentText?: string;
  count: number;
  diversity: Diversity;
}

export interface GeneratePersonasResponse {
  personas: Persona[];
}

export interface AnalyzeDocumentRequest {
  documentText: string;
}

export interface AnalyzeDocumentResponse {
  analysis: string;
  traits: Traits;
}

export interface ExtractDocumentResponse {
  text: string;
  filename: string;
}

export interface Health {
  status: "ok" | string;
  version: string;
  llm: { provider: string; model: string };
}

/** Error body of every response with status >= 400. */
export interface ErrorBody {
  error: string;
  errors?: string[];
}
