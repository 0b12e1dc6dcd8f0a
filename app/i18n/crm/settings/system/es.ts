import type { Dictionary } from "../../../pt.ts";
import { dataImportEs } from "./data-import/es.ts";
import { dataImportRunEs } from "./data-import-run/es.ts";
import { dataExportEs } from "./data-export/es.ts";
import { backupsEs } from "./backups/es.ts";

export const settingsSystemEs: Dictionary["crm"]["settings"]["system"] = {
  tab: "Sistema",
  title: "Configuración del sistema",
  description:
    "Rige para toda la organización: el nombre de la empresa en el CRM y en los correos, la zona horaria y la moneda de fechas y valores.",
  companyName: "Nombre de la empresa",
  timeZone: "Zona horaria",
  timeZoneHint: "Los días, semanas y meses de los informes, correos y fechas mostradas siguen esta zona.",
  timeZones: {
    saoPaulo: "São Paulo (Brasilia)",
    newYork: "Nueva York (este de EE. UU.)",
    london: "Londres (Reino Unido)",
  },
  currency: "Moneda",
  currencyHint: "Moneda predeterminada de los nuevos leads y de los totales; los valores ya registrados nunca se convierten.",
  currencies: {
    BRL: "Real brasileño (R$)",
    USD: "Dólar estadounidense (US$)",
    EUR: "Euro (€)",
  },
  switches: "Funcionamiento",
  autoBackup: {
    label: "Copia de seguridad automática",
    hint: "Una copia de todos los datos por día, a partir de las 03:00, guardada durante 14 días. Los administradores pueden descargar cada copia.",
  },
  maintenanceMode: {
    label: "Modo mantenimiento",
    hint: "El sitio público deja de recibir contactos, suscripciones y leads del chat y avisa que volvemos pronto. El equipo sigue usando el CRM.",
  },
  debugMode: {
    label: "Modo depuración",
    hint: "Cada respuesta lleva un identificador (X-Request-Id) y cada solicitud genera una línea de registro, sin contraseñas, tokens ni contenido.",
  },
  maintenanceActive: "El modo mantenimiento está activo: el sitio público no acepta envíos.",
  save: "Guardar",
  saving: "Guardando...",
  saved: "¡Configuración del sistema guardada!",
  saveFailed: "No se pudo guardar la configuración",
  readOnly: "Solo los administradores pueden cambiar la configuración del sistema.",
  updated: "Último cambio de {name} el {date}.",
  cache: {
    title: "Datos guardados en este navegador",
    description:
      "Borra lo que este navegador guarda del CRM: las cifras del panel, la vista elegida de los leads y los filtros recordados.",
    button: "Limpiar caché",
    cleared: "Caché limpiada",
    clearedDescription: "Las cifras del panel, la vista de los leads y los filtros recordados se borraron de este navegador.",
  },
  data: {
    title: "Datos",
    description: "Trae leads desde una hoja de cálculo u otro CRM, y llévate todos los datos del CRM cuando quieras.",
  },
  dataImport: dataImportEs,
  dataImportRun: dataImportRunEs,
  dataExport: dataExportEs,
  backups: backupsEs,
};
