/** Settings → Sistema: Importar Dados while and after it runs (issue 23, review fixes). (Portuguese: source of truth.) */
export const dataImportRunPt = {
  /** The notifications an import writes, one per person per import (stored in pt, like every notification). */
  notifications: {
    assignedOne: "{name} atribuiu a você o lead “{lead}” (importação de {file}).",
    assignedMany: "{name} atribuiu a você {count} leads de {file}.",
    movedOne: "{name} moveu o lead “{lead}” de {from} para {to} (importação de {file}).",
    movedMany: "{name} moveu {count} dos seus leads para {to} (importação de {file}).",
  },
  /** The Dados card's callout for an import left running (a reload, a closed tab). */
  resume: {
    title: "Importação não concluída",
    text: "{file}: {done} de {total} linhas processadas. As demais ainda não foram importadas.",
    by: "Iniciada por {name}",
    action: "Continuar",
    actionFor: "Continuar a importação de {file}",
    /** The toast when the import is interrupted with rows left. */
    interrupted: "{done} de {total} linhas processadas. Para importar as demais, use 'Continuar' no cartão Dados.",
  },
};
