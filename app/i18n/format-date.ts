import { cachedIntl } from "./intl-cache.ts";
import { LOCALES, type Language } from "./languages.ts";

// Dates and times through Intl in the interface language's locale, in São Paulo time by
// default. Apart from format.ts so the public pages' shared chunk does not carry them (only
// the CRM shows dates).

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

function dateFormat(kind: string, options: Intl.DateTimeFormatOptions, language: Language, timeZone: string) {
  return cachedIntl(`date:${kind}:${language}:${timeZone}`, () => new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone }));
}

/** dd/mm/yyyy in pt, the locale's short date elsewhere. */
export function formatDate(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return dateFormat("date", DATE, language, timeZone).format(toDate(value));
}

/** The date as formatDate (four-digit year in every language) and the time as HH:mm. */
export function formatDateTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return dateFormat("date-time", DATE_TIME, language, timeZone).format(toDate(value));
}

/** HH:mm (24 h), as the chat shows message times. */
export function formatTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return dateFormat("time", TIME, language, timeZone).format(toDate(value));
}
