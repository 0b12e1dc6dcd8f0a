import { LOCALES, type Language } from "./languages.ts";

// Dates and times through Intl in the interface language's locale, in São Paulo time by
// default. Apart from format.ts so the public pages' shared chunk does not carry them (only
// the CRM shows dates).

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** dd/mm/yyyy in pt, the locale's short date elsewhere. */
export function formatDate(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone,
  }).format(toDate(value));
}

/** The date as formatDate (four-digit year in every language) and the time as HH:mm. */
export function formatDateTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(toDate(value));
}

/** HH:mm (24 h), as the chat shows message times. */
export function formatTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(toDate(value));
}
