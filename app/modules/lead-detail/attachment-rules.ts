// What the attachment picker accepts (crm.md §5) and the size limit (10 MB), checked
// in the browser before sending; the server checks both again, plus the content signature.

const ATTACHMENT_EXTENSIONS = ["pdf", "doc", "docx", "jpg", "jpeg", "png", "gif", "txt", "csv", "xlsx", "xls"] as const;

/** The file input's `accept`. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

type AttachmentProblem = "type" | "size" | "empty";

/** Why a picked file cannot be sent, or null when it may go. */
export function attachmentProblem(file: { name: string; size: number }): AttachmentProblem | null {
  const dot = file.name.lastIndexOf(".");
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return "type";
  if (file.size > ATTACHMENT_MAX_BYTES) return "size";
  if (file.size === 0) return "empty";
  return null;
}
