import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Progress } from "./progress";

describe("Progress", () => {
  it("fills value of max and says the numbers", () => {
    render(<Progress label="Overall Progress" value={3} max={12} />);
    const bar = screen.getByRole("progressbar", { name: "Overall Progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "3");
    expect(bar).toHaveAttribute("aria-valuemax", "12");
    expect((bar.firstChild as HTMLElement).style.width).toBe("25%");
  });

  it("stays empty and silent while the value is unknown, and never overflows", () => {
    const { rerender } = render(<Progress label="Download" value={null} />);
    const bar = screen.getByRole("progressbar", { name: "Download" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect((bar.firstChild as HTMLElement).style.width).toBe("0%");
    rerender(<Progress label="Download" value={150} />);
    expect((bar.firstChild as HTMLElement).style.width).toBe("100%");
  });
});
