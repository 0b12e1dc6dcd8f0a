import type { Dictionary } from "../../pt.ts";

export const caseStudiesEs: Dictionary["site"]["caseStudies"] = {
  meta: {
    title: "Casos de éxito",
    description:
      "Proyectos reales de Velox Labs: MVPs, plataformas y sistemas empresariales entregados a tiempo, con los resultados que lograron.",
  },
  hero: {
    eyebrow: "Portafolio",
    title: "Casos de éxito",
    subtitle:
      "Productos reales que entregamos a startups y empresas: desde MVPs validados en semanas hasta plataformas que sostienen operaciones enteras.",
  },
  stats: {
    onTime: "proyectos seguidos a tiempo",
    roi: "de aumento medio del ROI",
    retention: "de retención de clientes",
    countries: "países atendidos",
    countriesValue: "{count}+",
  },
  filters: {
    label: "Filtrar casos",
    search: "Buscar",
    searchPlaceholder: "Busca por nombre o sector",
    industry: "Sector",
    allIndustries: "Todos",
    type: "Tipo de proyecto",
    allTypes: "Todos",
    timeline: "Plazo",
    allTimelines: "Cualquiera",
    timelines: {
      short: "Hasta 8 semanas",
      medium: "De 9 a 16 semanas",
      long: "Más de 16 semanas",
    },
    sort: "Ordenar por",
    sorts: {
      newest: "Más recientes",
      oldest: "Más antiguos",
      shortest: "Menor plazo",
      longest: "Mayor plazo",
      title: "Título (A-Z)",
    },
    apply: "Filtrar",
    clear: "Borrar filtros",
  },
  results: {
    showing: {
      one: "Mostrando {count} proyecto exitoso",
      other: "Mostrando {count} proyectos exitosos",
    },
    showingFiltered: {
      one: "Mostrando {count} de {all} proyectos exitosos",
      other: "Mostrando {count} de {all} proyectos exitosos",
    },
    progress: "{shown} de {total} mostrados",
    loadMore: "Cargar más",
  },
  states: {
    loading: "Cargando casos de éxito...",
    error: {
      title: "No se pudieron cargar los casos de éxito",
      message: "Estamos teniendo dificultades técnicas. Inténtalo de nuevo.",
      retry: "Intentar de nuevo",
    },
    empty: {
      title: "No hay casos de éxito disponibles",
      message: "Estamos actualizando nuestro portafolio con proyectos recientes. Vuelve pronto.",
    },
    offline: {
      title: "Sin conexión",
      message: "La lista no se actualizó. Revisa tu conexión e inténtalo de nuevo.",
    },
    noMatch: {
      title: "Ningún caso coincide con tu búsqueda",
      message: "Prueba con otras palabras o quita algunos filtros para ver más proyectos.",
    },
  },
  card: {
    view: "Ver caso de éxito",
    figures: "Resultados",
    loading: "Cargando caso de éxito...",
  },
  industries: {
    healthcare: "Salud",
    logistics: "Logística",
    ecommerce: "E-commerce y retail",
    retail: "Retail",
    fintech: "Fintech",
    saas: "SaaS",
    education: "Educación",
    manufacturing: "Manufactura",
  },
  projectTypes: {
    mvp: "MVP",
    platform: "Plataforma",
    enterprise: "Empresarial",
    marketplace: "Marketplace",
    saas: "SaaS",
  },
  detail: {
    back: "Volver a soluciones",
    start: "Inicia tu proyecto",
    more: "Ver más casos",
    loading: "Cargando caso de éxito...",
    industry: "Sector",
    type: "Tipo de proyecto",
    timeline: "Plazo",
    weeks: {
      one: "{count} semana",
      other: "{count} semanas",
    },
    results: "Resultados",
    overview: "Visión general",
    overviewFallback:
      "Trabajamos codo a codo con el cliente desde el descubrimiento hasta el lanzamiento: definimos el alcance que más valor aportaba, diseñamos y validamos la experiencia con usuarios reales y entregamos en ciclos cortos, con precio cerrado y plazo garantizado.",
    features: "Funcionalidades clave",
    cta: {
      title: "¿Construimos tu próximo caso de éxito?",
      text: "Cuéntanos tu idea y recibe un plan con alcance, plazo e inversión en menos de 24 horas.",
    },
    related: "Más casos",
    notFound: {
      title: "Caso de éxito no encontrado",
      message: "No encontramos un caso de éxito en esta dirección. Puede que se haya eliminado o que el enlace sea incorrecto.",
      back: "Volver",
    },
  },
};
