// In the CRM's modules, not app/lib: app/lib goes into the chunk every public page loads (vite.config.ts).
/**
 * Saves bytes the page holds (a CSV it made, a download it fetched) as a file with this name,
 * as a link with `download` would. The object URL is let go once the browser has taken it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
