/** Settings → Sistema: Exportar Dados (issue 23). */
export const dataExportEs = {
  title: "Exportar datos",
};
