import type { Dictionary } from "../../../pt.ts";
import { dataImportEn } from "./data-import/en.ts";
import { dataImportRunEn } from "./data-import-run/en.ts";
import { dataExportEn } from "./data-export/en.ts";
import { backupsEn } from "./backups/en.ts";

export const settingsSystemEn: Dictionary["crm"]["settings"]["system"] = {
  tab: "System",
  title: "System settings",
  description:
    "They apply to the whole organisation: the company name in the CRM and in e-mails, and the time zone and currency of dates and amounts.",
  companyName: "Company name",
  timeZone: "Time zone",
  timeZoneHint: "The days, weeks and months of reports, e-mails and the dates shown follow this zone.",
  timeZones: {
    saoPaulo: "São Paulo (Brasília)",
    newYork: "New York (US Eastern)",
    london: "London (United Kingdom)",
  },
  currency: "Currency",
  currencyHint: "The default currency of new leads and of totals; amounts already entered are never converted.",
  currencies: {
    BRL: "Brazilian real (R$)",
    USD: "US dollar (US$)",
    EUR: "Euro (€)",
  },
  switches: "Operation",
  autoBackup: {
    label: "Automatic backup",
    hint: "A copy of all the data every day, from 03:00, kept for 14 days. Administrators can download each copy.",
  },
  maintenanceMode: {
    label: "Maintenance mode",
    hint: "The public site stops taking contact messages, sign-ups and chat leads and says we'll be back soon. The team keeps using the CRM.",
  },
  debugMode: {
    label: "Debug mode",
    hint: "Every response carries an id (X-Request-Id) and every request writes one log line, without passwords, tokens or content.",
  },
  maintenanceActive: "Maintenance mode is on: the public site accepts no submissions.",
  save: "Save",
  saving: "Saving...",
  saved: "System settings saved!",
  saveFailed: "The settings could not be saved",
  readOnly: "Only administrators can change the system settings.",
  updated: "Last changed by {name} on {date}.",
  cache: {
    title: "Data kept in this browser",
    description: "Clears what this browser keeps for the CRM: the dashboard's figures, the chosen leads view and the remembered filters.",
    button: "Clear cache",
    cleared: "Cache cleared",
    clearedDescription: "The dashboard's figures, the leads view and the remembered filters were cleared from this browser.",
  },
  data: {
    title: "Data",
    description: "Bring leads in from a spreadsheet or another CRM, and take all of the CRM's data out whenever you want.",
  },
  dataImport: dataImportEn,
  dataImportRun: dataImportRunEn,
  dataExport: dataExportEn,
  backups: backupsEn,
};
