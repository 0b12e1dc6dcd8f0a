// 'Importar Dados' (issue 23): a CSV file's bytes as text, and its delimiter — one set of rules
// for the browser (which refuses a file before uploading it and fills the mapping step) and the
// server (which reads the same bytes again and never trusts the browser), so both agree on what
// a file holds. UTF-8 with or without its byte-order mark, else Windows-1252 (what Excel in
// Brazil saves), or UTF-16 when it starts with that BOM (Excel's "Unicode text"). Excel
// workbooks, NUL bytes or many control characters are not a CSV. Plain functions, no imports
// (.dependency-cruiser.cjs CLIENT_SAFE); no TextDecoder label but utf-8, which every runtime has.

/** Windows-1252's 0x80–0x9F (the rest of the byte range is Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];
const CHUNK = 8192;

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

/** The text after a UTF-16 byte-order mark. */
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  const units: number[] = [];
  for (let i = 2; i + 1 < bytes.length; i += 2) {
    units.push(view.getUint16(i, littleEndian));
    if (units.length === CHUNK) parts.push(String.fromCharCode(...units.splice(0)));
  }
  parts.push(String.fromCharCode(...units));
  return parts.join("");
}

export type CsvEncoding = "utf-8" | "windows-1252" | "utf-16";
export type CsvText = { text: string; encoding: CsvEncoding };
/** Why bytes are not a CSV: an Excel workbook (.xlsx/.ods ZIP, .xls OLE2), or not text at all. */
export type CsvTextRefusal = { refused: "spreadsheet" | "binary" };

/** Files that are certainly not text: Excel workbooks, which people often send as they are. */
const SPREADSHEET_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04], // .xlsx, .ods (ZIP)
  [0xd0, 0xcf, 0x11, 0xe0], // .xls (OLE2)
];

/** Share of control characters (other than tab, CR, LF) above which a "text" is binary. */
const CONTROL_SHARE = 0.01;

/** The file's text (a BOM anywhere dropped: the file's own, or one pasted in the middle), or why it is not a CSV. */
export function decodeCsvText(bytes: Uint8Array): CsvText | CsvTextRefusal {
  if (SPREADSHEET_MAGIC.some((magic) => magic.every((byte, index) => bytes[index] === byte))) return { refused: "spreadsheet" };
  let decoded: CsvText;
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    decoded = { text: decodeUtf16(bytes, bytes[0] === 0xff), encoding: "utf-16" };
  } else {
    if (bytes.includes(0)) return { refused: "binary" };
    try {
      decoded = { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes), encoding: "utf-8" };
    } catch {
      decoded = { text: decodeWindows1252(bytes), encoding: "windows-1252" };
    }
  }
  const text = decoded.text.replaceAll("\uFEFF", "");
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return { refused: "binary" };
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) controls += 1;
  }
  if (controls > Math.max(8, text.length * CONTROL_SHARE)) return { refused: "binary" };
  return { ...decoded, text };
}

export type CsvDelimiter = "," | ";" | "\t";

/** The delimiter of the header line: the most common of , ; and tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "\n") break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","] && counts["\t"] > counts[";"]) return "\t";
  return ",";
}
