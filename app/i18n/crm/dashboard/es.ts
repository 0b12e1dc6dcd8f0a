import type { Dictionary } from "../../pt.ts";

export const dashboardEs: Dictionary["crm"]["dashboard"] = {
  title: "Panel",
  welcome: "¡Bienvenido de nuevo, {name}! Este es el resumen de tus ventas.",
  loading: "Cargando datos...",
  refresh: "Actualizar datos",
  refreshing: "Actualizando...",
  updatedAt: "Actualizado a las {time}",
  loadError: "Error inesperado al cargar los datos",
  newAction: "Nueva acción",
  newLead: "Nuevo lead",
  newTask: "Nueva tarea",
  cards: {
    totalLeads: "Total de leads",
    totalLeadsHint: "Todos los leads registrados",
    newLeads: "Leads nuevos",
    newLeadsHint: "Esperando el primer contacto",
    converted: "Leads convertidos",
    convertedHint: "Leads con estado Ganado",
    revenue: "Ingresos generados",
    revenueHint: "Leads ganados en los últimos 30 días",
    trend: "{value} respecto a los {days} días anteriores",
    trendDetail: {
      total: "Total de leads ahora: {now}; hace {days} días: {before}",
      created: "Leads creados en los últimos {days} días: {now}; en los {days} días anteriores: {before}",
      won: "Leads ganados en los últimos {days} días: {now}; en los {days} días anteriores: {before}",
      revenue: "Ingresos de los ganados en los últimos {days} días: {now}; en los {days} días anteriores: {before}",
    },
  },
  pipeline: {
    title: "Pipeline de ventas",
    description: "Cantidad de leads en cada etapa",
  },
  recent: {
    title: "Leads recientes",
    description: "Los últimos leads registrados",
    viewAll: "Ver todos",
    empty: "Aún no hay leads registrados",
    add: "Agregar lead",
  },
  quick: {
    title: "Acciones rápidas",
    newLead: "Nuevo lead",
    viewTasks: "Ver tareas",
    chat: "Chat interno",
  },
};
