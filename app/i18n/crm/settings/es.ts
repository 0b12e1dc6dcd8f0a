import { settingsUsersEs } from "./users/es.ts";
import { settingsSystemEs } from "./system/es.ts";
import type { Dictionary } from "../../pt.ts";

export const settingsEs: Dictionary["crm"]["settings"] = {
  sections: "Secciones de la configuración",
  profile: {
    tab: "Perfil",
    title: "Perfil",
    description: "Tus datos en el CRM. El equipo ve tu nombre en los leads, las tareas y el chat.",
    name: "Nombre completo",
    phone: "Teléfono",
    email: "Correo",
    role: "Función",
    readOnly: "El correo y la función los define un administrador.",
    save: "Guardar cambios",
    saving: "Guardando...",
    saved: "¡Perfil actualizado correctamente!",
    saveFailed: "No se pudo actualizar el perfil",
  },
  notifications: {
    tab: "Notificaciones",
    title: "Notificaciones",
    description: "Elige de qué te avisa el CRM. Las preferencias valen para tu cuenta en cualquier dispositivo.",
    kinds: "Tipos de notificación",
    channels: "Canales e informes",
    newLeads: { label: "Nuevos Leads", hint: "Cuando llega un lead nuevo por el sitio (gerentes y administradores)." },
    statusChanges: { label: "Cambios de Estado", hint: "Cuando alguien cambia el estado de un lead asignado a ti." },
    taskReminders: { label: "Recordatorios de Tareas", hint: "Cuando una tarea tuya vence en las próximas 24 horas." },
    meetingReminders: { label: "Recordatorios de Reuniones", hint: "Antes de las reuniones programadas." },
    emailNotifications: { label: "Notificaciones por Email", hint: "Recibir los avisos también por correo electrónico." },
    pushNotifications: { label: "Notificaciones Push", hint: "Recibir los avisos en el navegador, incluso con el CRM cerrado." },
    weeklyReports: {
      label: "Informes Semanales",
      hint: "Por correo, el lunes a las 08:00: las cifras y los mejores vendedores de la semana anterior.",
    },
    monthlyReports: {
      label: "Informes Mensuales",
      hint: "Por correo, el día 1 a las 08:00: las cifras y los mejores vendedores del mes anterior.",
    },
    note: "Las tareas y los leads asignados a ti siempre generan una notificación. Los recordatorios de reuniones, el email y las push quedan guardados para cuando esos envíos estén disponibles.",
    save: "Guardar Configuración",
    saving: "Guardando...",
    saved: "¡Configuración de notificaciones guardada!",
    saveFailed: "No se pudo guardar la configuración",
  },
  users: settingsUsersEs,
  system: settingsSystemEs,
};
