// A ZIP archive written while it is read (fflate's streaming Zip), for downloads too big to
// build in memory: 'Exportar Dados' (issue 23), and anything else that packs several files.
//
// Pull-based: the ReadableStream asks for more only as the client reads, and each pull takes
// the next chunk of the current entry's bytes (an async iterable: a page of rows read from D1,
// a file from R2, ...), deflates it and hands on what fflate produced. So at any time the
// Worker holds one input chunk, the deflater's window and the archive's directory (a few
// dozen bytes per entry), never the archive. Entries come one after another from an iterable
// too, so a later entry (a manifest with the counts of the earlier ones) can be made once the
// earlier ones are written.
//
// Limits of the format fflate writes: no ZIP64, so each entry and the archive stay under 4 GiB
// and 65,535 entries. Names are UTF-8 (flagged as such when they are not ASCII).
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export type ZipEntry = {
  /** The path inside the archive ("leads.csv", "2026-11-27/users.ndjson.gz"): forward slashes. */
  name: string;
  /** The entry's bytes, read only when the archive reaches it. Chunks must not change once yielded. */
  data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Deflate the bytes (default); false stores them as they are (already compressed data: gzip, images). */
  compress?: boolean;
  /** The entry's modification time (default: now). */
  modified?: Date;
};

export type ZipStreamOptions = {
  /** Deflate level, 1 (fastest) … 9 (smallest); default 6. */
  level?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /** Output chunks are gathered up to about this many bytes before they are handed on (default 64 KiB). */
  chunkBytes?: number;
};

type Output = { chunks: Uint8Array[]; bytes: number; error: Error | null };

/** The archive's bytes as they are made (an async generator: nothing runs until it is read). */
export async function* zipBytes(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  { level = 6, chunkBytes = 64 * 1024 }: ZipStreamOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  const out: Output = { chunks: [], bytes: 0, error: null };
  const zip = new Zip((error, chunk) => {
    if (error) out.error ??= error;
    else if (chunk.length > 0) {
      out.chunks.push(chunk);
      out.bytes += chunk.length;
    }
  });
  // What fflate produced so far, as one chunk (null when nothing, or not `enough` yet).
  const take = (enough: number): Uint8Array | null => {
    if (out.error) throw out.error;
    if (out.bytes === 0 || out.bytes < enough) return null;
    const joined = out.chunks.length === 1 ? out.chunks[0]! : concat(out.chunks, out.bytes);
    out.chunks = [];
    out.bytes = 0;
    return joined;
  };
  try {
    for await (const entry of entries) {
      const file = entry.compress === false ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level });
      file.mtime = entry.modified ?? new Date();
      zip.add(file);
      for await (const chunk of entry.data) {
        if (chunk.length === 0) continue;
        file.push(chunk);
        const ready = take(chunkBytes);
        if (ready) yield ready;
      }
      file.push(new Uint8Array(0), true);
      const ready = take(chunkBytes);
      if (ready) yield ready;
    }
    zip.end();
    const rest = take(1);
    if (rest) yield rest;
  } catch (error) {
    zip.terminate();
    throw error;
  }
}

/** The archive as a ReadableStream of bytes (a Response body): one pull, one step of zipBytes. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, options?: ZipStreamOptions): ReadableStream<Uint8Array> {
  const bytes = zipBytes(entries, options);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await bytes.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          // The response has started: the client sees a download cut short, the log says why.
          console.error("zip-stream: the archive failed while being sent", error);
          controller.error(error);
        }
      },
      // The client went away: stop reading the entries (their generators' finally blocks run).
      async cancel() {
        await bytes.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const joined = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}
