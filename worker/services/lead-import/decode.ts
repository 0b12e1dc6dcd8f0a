// A CSV file's bytes as text (issue 23): UTF-8 with or without its byte-order mark, else
// Windows-1252 (what Excel in Brazil saves), or UTF-16 when it starts with that BOM (Excel's
// "Unicode text"). A file with NUL bytes or many control characters is not text (a binary
// renamed .csv): refused before any parsing.
import { ImportFileError } from "./errors.ts";

/** Windows-1252's 0x80–0x9F (the rest of the byte range is Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  const units: number[] = [];
  for (let i = 2; i + 1 < bytes.length; i += 2) {
    units.push(view.getUint16(i, littleEndian));
    if (units.length === 8192) parts.push(String.fromCharCode(...units.splice(0)));
  }
  parts.push(String.fromCharCode(...units));
  return parts.join("");
}

export type DecodedText = { text: string; encoding: "utf-8" | "windows-1252" | "utf-16" };

/** Share of control characters (other than tab, CR, LF) above which a "text" is binary. */
const CONTROL_SHARE = 0.01;

/** The file's text; ImportFileError import_binary_file when it is not text at all. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedText {
  let decoded: DecodedText;
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    decoded = { text: decodeUtf16(bytes, bytes[0] === 0xff), encoding: "utf-16" };
  } else {
    if (bytes.includes(0)) throw new ImportFileError("import_binary_file");
    try {
      decoded = { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes), encoding: "utf-8" };
    } catch {
      decoded = { text: decodeWindows1252(bytes), encoding: "windows-1252" };
    }
  }
  // A BOM anywhere (the file's own, or one pasted in the middle by joining two files) is dropped.
  const text = decoded.text.replaceAll("\uFEFF", "");
  // eslint-disable-next-line no-control-regex
  const controls = text.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)?.length ?? 0;
  if (text.includes("\u0000") || controls > Math.max(8, text.length * CONTROL_SHARE)) throw new ImportFileError("import_binary_file");
  return { ...decoded, text };
}
