import { describe, expect, it } from "vitest";
import { formatFileSize } from "../../app/modules/crm/format-file-size.ts";

describe("formatFileSize (attachments list, crm.md §9)", () => {
  it("writes bytes below 1 KB as Bytes", () => {
    expect(formatFileSize(0, "pt")).toBe("0 Bytes");
    expect(formatFileSize(1, "pt")).toBe("1 Bytes");
    expect(formatFileSize(1023, "en")).toBe("1,023 Bytes");
  });

  it("uses KB, MB and GB with at most 2 decimals in the language's style", () => {
    expect(formatFileSize(1024, "pt")).toBe("1 KB");
    expect(formatFileSize(1536, "pt")).toBe("1,5 KB");
    expect(formatFileSize(1536, "en")).toBe("1.5 KB");
    expect(formatFileSize(1234567, "pt")).toBe("1,18 MB");
    expect(formatFileSize(10 * 1024 * 1024, "es")).toBe("10 MB");
    expect(formatFileSize(3.456 * 1024 ** 3, "en")).toBe("3.46 GB");
  });

  it("moves to the next unit when the value rounds up to 1024", () => {
    expect(formatFileSize(1024 * 1024 - 1, "en")).toBe("1 MB");
    expect(formatFileSize(1024 ** 3 - 1, "en")).toBe("1 GB");
  });

  it("stays in GB above 1024 GB", () => {
    expect(formatFileSize(2048 * 1024 ** 3, "en")).toBe("2,048 GB");
  });

  it("reads anything that is not a size as 0 Bytes", () => {
    expect(formatFileSize(-5, "pt")).toBe("0 Bytes");
    expect(formatFileSize(Number.NaN, "pt")).toBe("0 Bytes");
  });
});
