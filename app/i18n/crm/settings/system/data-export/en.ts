/** Settings → Sistema: Exportar Dados (issue 23). */
export const dataExportEn = {
  title: "Export data",
};
