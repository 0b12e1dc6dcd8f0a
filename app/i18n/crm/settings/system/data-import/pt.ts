/** Settings → Sistema: Importar Dados (issue 23). (Portuguese: source of truth.) */
export const dataImportPt = {
  title: "Importar Dados",
};
