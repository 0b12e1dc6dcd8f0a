/** Settings → Sistema: Importar Dados while and after it runs (issue 23, review fixes). */
export const dataImportRunEn = {
  notifications: {
    assignedOne: "{name} assigned you the lead “{lead}” (import of {file}).",
    assignedMany: "{name} assigned you {count} leads from {file}.",
    movedOne: "{name} moved the lead “{lead}” from {from} to {to} (import of {file}).",
    movedMany: "{name} moved {count} of your leads to {to} (import of {file}).",
  },
  resume: {
    title: "Unfinished import",
    text: "{file}: {done} of {total} rows processed. The rest have not been imported yet.",
    by: "Started by {name}",
    action: "Continue",
    actionFor: "Continue importing {file}",
    interrupted: "{done} of {total} rows processed. To import the rest, use 'Continue' on the Data card.",
  },
};
