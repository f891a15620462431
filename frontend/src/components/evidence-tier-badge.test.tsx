import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EvidenceTierBadge, tierLabel } from "./evidence-tier-badge";

describe("evidence tier", () => {
  it("labels the three tiers", () => {
    expect(tierLabel({ tier: "described", documents: 0, words: 0 })).toBe("described");
    expect(tierLabel({ tier: "generated", documents: 0, words: 0 })).toBe("generated");
    expect(tierLabel({ tier: "grounded", documents: 1, words: 5 })).toBe(
      "grounded (1 document, 5 words)",
    );
    expect(tierLabel({ tier: "grounded", documents: 3, words: 12000 })).toBe(
      "grounded (3 documents, 12,000 words)",
    );
  });

  it("shows nothing for a snapshot without a tier", () => {
    const { container } = render(<EvidenceTierBadge evidence={undefined} />);
    expect(container).toBeEmptyDOMElement();
    render(<EvidenceTierBadge evidence={{ tier: "grounded", documents: 2, words: 40 }} />);
    expect(screen.getByTestId("evidence-tier")).toHaveTextContent(
      "grounded (2 documents, 40 words)",
    );
  });
});
