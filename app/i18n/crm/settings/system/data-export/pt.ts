/** Settings → Sistema: Exportar Dados (issue 23). (Portuguese: source of truth.) */
export const dataExportPt = {
  title: "Exportar Dados",
};
