import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AttachmentDto } from "../../worker/services/crm-types.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let admin: Staff, manager: Staff, rep: Staff, otherRep: Staff;

beforeAll(async () => {
  [admin, manager, rep, otherRep] = await Promise.all([
    signedInUser("admin"),
    signedInUser("manager"),
    signedInUser("sales_rep"),
    signedInUser("sales_rep"),
  ]);
});

const auth = (who: Staff, headers: Record<string, string> = {}) => ({ ...bearer(who.session.access_token), ...headers });
const bytes = (...parts: (string | number[])[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** A small valid sample of each accepted type (only the signature matters to the server). */
const SAMPLES: Record<string, Uint8Array<ArrayBuffer>> = {
  pdf: bytes("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n"),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "word97"),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "excel97"),
  docx: bytes([0x50, 0x4b, 0x03, 0x04], "word/document.xml"),
  xlsx: bytes([0x50, 0x4b, 0x03, 0x04], "xl/workbook.xml"),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xdb], "data"),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "IHDR"),
  gif: bytes("GIF89a", [1, 0, 1, 0]),
  txt: bytes("Olá, João! Orçamento em anexo.\nLinha 2 — ção.\n"),
  csv: bytes([0xef, 0xbb, 0xbf], "nome;valor\nAção;1.500,00\n"),
};
const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  txt: "text/plain",
  csv: "text/csv",
};

function upload(
  who: Staff,
  leadId: string,
  name: string,
  content: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return request(`/api/leads/${leadId}/attachments`, { method: "POST", headers: auth(who, headers), body: form });
}
const uploaded = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ attachment: AttachmentDto }>()).attachment;
};
const storagePath = (id: string) =>
  env.DB.prepare("select storage_path from lead_attachments where id = ?")
    .bind(id)
    .first<{ storage_path: string }>()
    .then((r) => r?.storage_path ?? null);
const objectsUnder = async (leadId: string) => (await env.ATTACHMENTS.list({ prefix: `${leadId}/` })).objects.map((o) => o.key);
const rowsOf = (leadId: string) =>
  env.DB.prepare("select count(*) as n from lead_attachments where lead_id = ?")
    .bind(leadId)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("R2 round trip", () => {
  it("upload → listed → download the same bytes under the original name → delete → 404 and the object is gone", async () => {
    const lead = await createLead(db(), { name: "Anexos" });
    const name = 'Proposta comercial – Ótica "Visão" (v2).pdf';
    const attachment = await uploaded(await upload(rep, lead.id, name, SAMPLES.pdf!, {}, "text/html"));
    expect(attachment).toMatchObject({
      lead_id: lead.id,
      file_name: name,
      file_size: SAMPLES.pdf!.length,
      // The stored type comes from the checked extension, never from what the client claimed.
      file_type: "application/pdf",
      uploader: { id: rep.user.id, name: rep.user.name },
    });
    const key = (await storagePath(attachment.id))!;
    expect(key).toMatch(new RegExp(`^${lead.id}/\\d{13}\\.pdf$`));
    expect(await objectsUnder(lead.id)).toEqual([key]);

    const list = await (await request(`/api/leads/${lead.id}/attachments`, { headers: auth(otherRep) })).json<AttachmentDto[]>();
    expect(list).toEqual([attachment]);

    const download = await request(`/api/attachments/${attachment.id}`, { headers: auth(otherRep) });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(SAMPLES.pdf);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Content-Length")).toBe(String(SAMPLES.pdf!.length));
    const disposition = download.headers.get("Content-Disposition")!;
    expect(disposition).toBe(
      `attachment; filename="Proposta comercial _ _tica _Vis_o_ (v2).pdf"; filename*=UTF-8''Proposta%20comercial%20%E2%80%93%20%C3%93tica%20%22Vis%C3%A3o%22%20%28v2%29.pdf`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);

    const removed = await request(`/api/attachments/${attachment.id}`, { method: "DELETE", headers: auth(rep) });
    expect(removed.status).toBe(204);
    expect(await env.ATTACHMENTS.head(key)).toBeNull();
    expect(await rowsOf(lead.id)).toBe(0);
    expect((await request(`/api/attachments/${attachment.id}`, { headers: auth(rep) })).status).toBe(404);
    expect((await request(`/api/attachments/${attachment.id}`, { method: "DELETE", headers: auth(rep) })).status).toBe(404);
    expect(await (await request(`/api/leads/${lead.id}/attachments`, { headers: auth(rep) })).json()).toEqual([]);
  });

  it("every accepted type, with its MIME type (text served as UTF-8); listed newest first", async () => {
    const lead = await createLead(db(), { name: "Todos os tipos" });
    const ids: string[] = [];
    for (const [extension, content] of Object.entries(SAMPLES)) {
      const attachment = await uploaded(await upload(manager, lead.id, `arquivo.${extension.toUpperCase()}`, content));
      expect(attachment.file_type).toBe(TYPES[extension]);
      const download = await request(`/api/attachments/${attachment.id}`, { headers: auth(rep) });
      expect(download.headers.get("Content-Type")).toBe(
        TYPES[extension]!.startsWith("text/") ? `${TYPES[extension]}; charset=utf-8` : TYPES[extension],
      );
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
      ids.push(attachment.id);
    }
    const list = await (await request(`/api/leads/${lead.id}/attachments`, { headers: auth(rep) })).json<AttachmentDto[]>();
    expect(list.map((a) => a.created_at)).toEqual([...list.map((a) => a.created_at)].sort().reverse());
    expect(new Set(list.map((a) => a.id))).toEqual(new Set(ids));
    expect(new Set(await objectsUnder(lead.id)).size).toBe(Object.keys(SAMPLES).length);
  });

  it("the file name keeps only its last path segment, without control or direction characters", async () => {
    const lead = await createLead(db());
    const a = await uploaded(await upload(rep, lead.id, "C:\\fakepath\\rel\u0007at\u0085ório\u202e.pdf", SAMPLES.pdf!));
    expect(a.file_name).toBe("relatório.pdf");
    const b = await uploaded(await upload(rep, lead.id, "../../etc/passwd.txt", SAMPLES.txt!));
    expect(b.file_name).toBe("passwd.txt");
    const long = await uploaded(await upload(rep, lead.id, `${"a".repeat(300)}.png`, SAMPLES.png!));
    expect(long.file_name).toBe(`${"a".repeat(196)}.png`);
  });

  it("R2 refuses a put over an existing key under If-None-Match: * (what keeps uploads from overwriting)", async () => {
    const key = "probe/1.txt";
    expect(await env.ATTACHMENTS.put(key, "first", { onlyIf: new Headers({ "If-None-Match": "*" }) })).not.toBeNull();
    expect(await env.ATTACHMENTS.put(key, "second", { onlyIf: new Headers({ "If-None-Match": "*" }) })).toBeNull();
    expect(await (await env.ATTACHMENTS.get(key))!.text()).toBe("first");
    await env.ATTACHMENTS.delete(key);
  });

  it("simultaneous uploads to one lead never overwrite each other", async () => {
    const lead = await createLead(db());
    const contents = Array.from({ length: 6 }, (_, i) => bytes(`Arquivo número ${i}\n`));
    const attachments = await Promise.all(contents.map((content, i) => upload(rep, lead.id, `n${i}.txt`, content).then(uploaded)));
    const keys = await Promise.all(attachments.map((a) => storagePath(a.id)));
    expect(new Set(keys).size).toBe(6);
    for (const [i, a] of attachments.entries()) {
      const download = await request(`/api/attachments/${a.id}`, { headers: auth(rep) });
      expect(await download.text()).toBe(`Arquivo número ${i}\n`);
    }
  });
});

describe("rejected files (nothing reaches R2 or the table)", () => {
  it("type by extension, size, emptiness and content signature, with translated messages", async () => {
    const lead = await createLead(db(), { name: "Rejeições" });
    const cases: { name: string; content: Uint8Array<ArrayBuffer>; status: number; error: string; pt: string }[] = [
      {
        name: "virus.exe",
        content: bytes("MZ"),
        status: 400,
        error: "unsupported_file_type",
        pt: "Tipo de arquivo não permitido. Envie pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx ou xls.",
      },
      {
        name: "page.html",
        content: bytes("<script>alert(1)</script>"),
        status: 400,
        error: "unsupported_file_type",
        pt: "Tipo de arquivo não permitido. Envie pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx ou xls.",
      },
      {
        name: "sem-extensao",
        content: SAMPLES.pdf!,
        status: 400,
        error: "unsupported_file_type",
        pt: "Tipo de arquivo não permitido. Envie pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx ou xls.",
      },
      {
        name: ".pdf",
        content: SAMPLES.pdf!,
        status: 400,
        error: "unsupported_file_type",
        pt: "Tipo de arquivo não permitido. Envie pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx ou xls.",
      },
      {
        name: "grande.pdf",
        content: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25),
        status: 413,
        error: "file_too_large",
        pt: "O arquivo passa do limite de 10 MB.",
      },
      { name: "vazio.txt", content: new Uint8Array(0), status: 400, error: "file_empty", pt: "O arquivo está vazio." },
      {
        name: "foto.png",
        content: SAMPLES.pdf!,
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .png.",
      },
      {
        name: "doc.pdf",
        content: bytes("<html>%PDF-</html>"),
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .pdf.",
      },
      {
        name: "planilha.xlsx",
        content: SAMPLES.doc!,
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .xlsx.",
      },
      {
        name: "antigo.doc",
        content: SAMPLES.docx!,
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .doc.",
      },
      {
        name: "imagem.gif",
        content: bytes("GIF90a"),
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .gif.",
      },
      {
        name: "foto.jpg",
        content: SAMPLES.png!,
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .jpg.",
      },
      {
        name: "binario.txt",
        content: bytes("texto", [0], "mais"),
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .txt.",
      },
      {
        name: "latin1.csv",
        content: bytes("nome;valor\n", [0x41, 0xe7, 0xe3, 0x6f], "\n"),
        status: 400,
        error: "file_signature_mismatch",
        pt: "O conteúdo do arquivo não corresponde à extensão .csv.",
      },
    ];
    for (const c of cases) {
      const response = await upload(rep, lead.id, c.name, c.content);
      expect(response.status, c.name).toBe(c.status);
      expect(await response.json(), c.name).toEqual({ error: c.error, message: c.pt });
    }
    expect(await rowsOf(lead.id)).toBe(0);
    expect(await objectsUnder(lead.id)).toEqual([]);
  });

  it("messages in en and es", async () => {
    const lead = await createLead(db());
    const en = await upload(rep, lead.id, "big.png", new Uint8Array(10 * 1024 * 1024 + 10), { "Accept-Language": "en" });
    expect(await en.json()).toEqual({ error: "file_too_large", message: "The file is over the 10 MB limit." });
    const es = await upload(rep, lead.id, "x.exe", bytes("MZ"), { "Accept-Language": "es" });
    expect(await es.json()).toEqual({
      error: "unsupported_file_type",
      message: "Tipo de archivo no permitido. Envía pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx o xls.",
    });
    const mismatch = await upload(rep, lead.id, "x.pdf", SAMPLES.png!, { "Accept-Language": "en" });
    expect(await mismatch.json()).toEqual({
      error: "file_signature_mismatch",
      message: "The file's content does not match its .pdf extension.",
    });
  });

  it("exactly 10 MB is accepted", async () => {
    const lead = await createLead(db());
    const content = new Uint8Array(10 * 1024 * 1024).fill(0x41);
    content.set(SAMPLES.pdf!.subarray(0, 5));
    const attachment = await uploaded(await upload(manager, lead.id, "limite.pdf", content));
    expect(attachment.file_size).toBe(10 * 1024 * 1024);
  });

  it("400 on the field 'file' when the form has none", async () => {
    const lead = await createLead(db());
    const form = new FormData();
    form.append("other", "x");
    const response = await request(`/api/leads/${lead.id}/attachments`, { method: "POST", headers: auth(rep), body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "validation_failed",
      message: "Alguns campos são inválidos: file.",
      issues: [{ path: "file", message: "Campo obrigatório." }],
    });
    const jsonBody = await request(`/api/leads/${lead.id}/attachments`, {
      method: "POST",
      headers: auth(rep, { "Content-Type": "application/json" }),
      body: "{}",
    });
    expect(jsonBody.status).toBe(400);
  });
});

describe("who may upload, download and remove", () => {
  it("upload: anyone who may edit the lead; 403 on another rep's lead and 404 for an unknown lead, nothing stored", async () => {
    const own = await createLead(db(), { assignedTo: rep.user.id });
    const free = await createLead(db());
    const others = await createLead(db(), { assignedTo: otherRep.user.id });
    await uploaded(await upload(rep, own.id, "a.txt", SAMPLES.txt!));
    await uploaded(await upload(rep, free.id, "a.txt", SAMPLES.txt!));
    const refused = await upload(rep, others.id, "a.txt", SAMPLES.txt!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "forbidden", message: "Você não tem permissão para esta ação." });
    expect(await objectsUnder(others.id)).toEqual([]);
    for (const who of [manager, admin]) await uploaded(await upload(who, others.id, "b.txt", SAMPLES.txt!));
    expect((await upload(rep, "nope", "a.txt", SAMPLES.txt!)).status).toBe(404);
    expect(await objectsUnder("nope")).toEqual([]);
    // Everyone reads and downloads.
    const list = await (await request(`/api/leads/${others.id}/attachments`, { headers: auth(rep) })).json<AttachmentDto[]>();
    expect(list).toHaveLength(2);
    expect((await request(`/api/attachments/${list[0]!.id}`, { headers: auth(rep) })).status).toBe(200);
    expect((await request("/api/leads/nope/attachments", { headers: auth(rep) })).status).toBe(404);
  });

  it("remove: the uploader (even after the lead moved to someone else), anyone who may edit the lead, managers and admins; not another rep", async () => {
    const lead = await createLead(db(), { assignedTo: rep.user.id });
    const first = await uploaded(await upload(rep, lead.id, "1.txt", SAMPLES.txt!));
    const second = await uploaded(await upload(rep, lead.id, "2.txt", SAMPLES.txt!));
    const third = await uploaded(await upload(manager, lead.id, "3.txt", SAMPLES.txt!));
    const fourth = await uploaded(await upload(manager, lead.id, "4.txt", SAMPLES.txt!));
    // otherRep may not edit rep's lead and uploaded nothing.
    const refused = await request(`/api/attachments/${first.id}`, { method: "DELETE", headers: auth(otherRep) });
    expect(refused.status).toBe(403);
    expect(await env.ATTACHMENTS.head((await storagePath(first.id))!)).not.toBeNull();
    // rep may edit the lead: removes the manager's upload.
    expect((await request(`/api/attachments/${third.id}`, { method: "DELETE", headers: auth(rep) })).status).toBe(204);
    // The lead moves to otherRep: rep still removes their own upload, otherRep now may edit.
    await env.DB.prepare("update leads set assigned_to = ? where id = ?").bind(otherRep.user.id, lead.id).run();
    expect((await request(`/api/attachments/${first.id}`, { method: "DELETE", headers: auth(rep) })).status).toBe(204);
    expect((await request(`/api/attachments/${fourth.id}`, { method: "DELETE", headers: auth(rep) })).status).toBe(403);
    expect((await request(`/api/attachments/${fourth.id}`, { method: "DELETE", headers: auth(otherRep) })).status).toBe(204);
    expect((await request(`/api/attachments/${second.id}`, { method: "DELETE", headers: auth(admin) })).status).toBe(204);
    expect(await objectsUnder(lead.id)).toEqual([]);
    expect(await rowsOf(lead.id)).toBe(0);
  });

  it("deleting a lead removes its files from R2", async () => {
    const lead = await createLead(db());
    await uploaded(await upload(rep, lead.id, "a.pdf", SAMPLES.pdf!));
    await uploaded(await upload(rep, lead.id, "b.png", SAMPLES.png!));
    expect(await objectsUnder(lead.id)).toHaveLength(2);
    expect((await request(`/api/leads/${lead.id}`, { method: "DELETE", headers: auth(manager) })).status).toBe(204);
    expect(await objectsUnder(lead.id)).toEqual([]);
    expect(await rowsOf(lead.id)).toBe(0);
  });

  it("a missing R2 object is a 404, not a broken download", async () => {
    const lead = await createLead(db());
    const attachment = await uploaded(await upload(rep, lead.id, "a.txt", SAMPLES.txt!));
    await env.ATTACHMENTS.delete((await storagePath(attachment.id))!);
    const response = await request(`/api/attachments/${attachment.id}`, { headers: auth(rep) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });
});
