/** Settings → Sistema → 'Exportar Dados' (issue 23): admins and managers. Not built yet. */
export function ExportDataButton() {
  return null;
}
