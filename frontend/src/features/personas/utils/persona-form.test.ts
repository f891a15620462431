import type { Persona, PersonaTemplate } from "@/lib/api-types";
import { makePersona } from "@/test/render";
import {
  addInterest,
  applyTemplate,
  canSavePersona,
  defaultFormValues,
  filterPersonas,
  formValuesFromPersona,
  generateInputError,
  removeInterest,
  toPersonaInput,
} from "./persona-form";

describe("defaultFormValues", () => {
  it("uses the product's new-persona defaults", () => {
    expect(defaultFormValues()).toEqual({
      name: "",
      age: 30,
      gender: "Male",
      location: "",
      income: "$60-100k",
      traits: {
        openness: 50,
        conscientiousness: 50,
        extraversion: 50,
        agreeableness: 50,
        neuroticism: 50,
      },
      interests: [],
      generatedFrom: null,
      tags: "",
    });
  });
});

describe("canSavePersona", () => {
  const ok = { name: "Sarah", location: "Portland", interests: ["Yoga"] };
  it("allows saving a complete form", () => {
    expect(canSavePersona(ok)).toBe(true);
  });
  it.each([
    ["blank name", { ...ok, name: "   " }],
    ["blank location", { ...ok, location: "" }],
    ["no interests", { ...ok, interests: [] }],
  ])("is disabled with %s", (_label, values) => {
    expect(canSavePersona(values)).toBe(false);
  });
});

describe("addInterest", () => {
  it("adds a trimmed interest", () => {
    expect(addInterest(["Yoga"], "  Hiking ")).toEqual({
      added: true,
      interests: ["Yoga", "Hiking"],
    });
  });
  it("ignores blank entries", () => {
    expect(addInterest(["Yoga"], "   ")).toEqual({
      added: false,
      interests: ["Yoga"],
      reason: "blank",
    });
  });
  it("stops at 5", () => {
    const five = ["a", "b", "c", "d", "e"];
    expect(addInterest(five, "f")).toEqual({ added: false, interests: five, reason: "limit" });
    expect(addInterest(five.slice(0, 4), "f")).toMatchObject({ added: true });
  });
  it("does not repeat an interest", () => {
    expect(addInterest(["Yoga"], "yoga")).toMatchObject({ added: false, reason: "duplicate" });
  });
  it("removes by index", () => {
    expect(removeInterest(["a", "b", "c"], 1)).toEqual(["a", "c"]);
  });
});

describe("filterPersonas", () => {
  const list = [{ name: "Sarah Chen" }, { name: "Marcus Johnson" }, { name: "Priya Sharma" }];
  it("matches names case-insensitively", () => {
    expect(filterPersonas(list, "SAR")).toEqual([{ name: "Sarah Chen" }]);
    expect(filterPersonas(list, "a")).toHaveLength(3);
  });
  it("returns everything for an empty query and nothing for no match", () => {
    expect(filterPersonas(list, "")).toHaveLength(3);
    expect(filterPersonas(list, "zzz")).toEqual([]);
  });
});

describe("form conversions", () => {
  it("round-trips a persona into a PersonaInput, filling missing traits with 50", () => {
    // An older record lacking four traits (the API's schema now promises all five).
    const persona = makePersona({
      traits: { openness: 90 } as Persona["traits"],
      generatedFrom: "eco shoppers",
    });
    const input = toPersonaInput(formValuesFromPersona(persona));
    expect(input).toEqual({
      name: "Sarah Chen",
      age: 34,
      gender: "Female",
      location: "Portland, OR",
      income: "$60-100k",
      traits: {
        openness: 90,
        conscientiousness: 50,
        extraversion: 50,
        agreeableness: 50,
        neuroticism: 50,
      },
      interests: ["Sustainability", "Yoga"],
      generatedFrom: "eco shoppers",
      tags: [],
    });
  });

  it("trims text and sends an empty age as null", () => {
    const input = toPersonaInput({ ...defaultFormValues(), name: " A ", location: " B ", age: "" });
    expect(input.name).toBe("A");
    expect(input.location).toBe("B");
    expect(input.age).toBeNull();
  });

  it("fills the form from a template and keeps the typed name", () => {
    const template: PersonaTemplate = {
      id: "pain-sufferer",
      name: "Pain Sufferer",
      description: "Chronic pain",
      data: {
        age: 52,
        gender: "Female",
        location: "Phoenix, AZ",
        income: "$60-100k",
        traits: {
          openness: 45,
          conscientiousness: 60,
          extraversion: 35,
          agreeableness: 65,
          neuroticism: 70,
        },
        interests: ["Pain relief", "Gardening", "Cooking", "Reading", "Family"],
      },
    };
    const filled = applyTemplate({ ...defaultFormValues(), name: "Linda" }, template);
    expect(filled).toMatchObject({
      name: "Linda",
      age: 52,
      location: "Phoenix, AZ",
      gender: "Female",
    });
    expect(filled.interests).toHaveLength(5);
    expect(applyTemplate(filled, null)).toEqual({ ...defaultFormValues(), name: "Linda" });
  });
});

describe("generateInputError", () => {
  it("uses the product's messages", () => {
    expect(generateInputError("text", "  ")).toBe("Please enter a description");
    expect(generateInputError("document", "")).toBe("Please upload a document");
    expect(generateInputError("text", "too short")).toBe(
      "Input is too short. Please provide more details.",
    );
    expect(generateInputError("text", "Young urban parents")).toBeNull();
  });
});
