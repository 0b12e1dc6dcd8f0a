/** Settings → Sistema → 'Importar Dados' (issue 23): admins and managers. Not built yet. */
export function ImportDataButton() {
  return null;
}
