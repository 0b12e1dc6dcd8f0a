import type { Dictionary } from "../../pt.ts";

export const plannerEs: Dictionary["site"]["planner"] = {
  meta: {
    title: "Planificador de Proyectos",
    description:
      "Elige el tipo de proyecto, el sector, la urgencia y el tamaño del equipo y obtén al instante un plan con plazo, inversión, equipo y próximos pasos.",
  },
  hero: {
    eyebrow: "Planificador de proyectos",
    title: "Planifica tu proyecto en 1 minuto",
    subtitle:
      "Cuéntanos qué quieres construir y ve el plazo, el rango de inversión, el equipo y las notas de cumplimiento de tu sector, sin registrarte.",
  },
  form: {
    title: "Tus elecciones",
    required: "Obligatorio",
    optional: "Opcional",
    projectType: "Tipo de proyecto",
    industry: "Sector",
    industryPlaceholder: "Elige un sector",
    urgency: "Urgencia",
    teamSize: "Tamaño del equipo",
    budget: "Presupuesto",
    budgetPlaceholder: "Aún no lo sé",
    generate: "Generar plan",
    disabledHint: "Elige el tipo de proyecto, el sector y el tamaño del equipo para generar el plan.",
    readyHint: "Todo listo: genera tu plan.",
  },
  missing: {
    title: "Ya casi está",
    text: "Para generar tu plan, elige también:",
  },
  types: {
    mvp: {
      title: "MVP",
      description: "Valida tu idea rápido con un producto ágil y funcional.",
      idealCustomer: "Startups y nuevos negocios que necesitan validar una idea con usuarios reales o inversores.",
      features: {
        coreFlows: "Los 3 a 5 flujos principales del producto",
        auth: "Registro e inicio de sesión de usuarios",
        admin: "Panel de administración básico",
        analytics: "Métricas de uso desde el primer día",
        launch: "Despliegue en la nube y soporte en el lanzamiento",
      },
    },
    saas: {
      title: "Plataforma SaaS",
      description: "Un producto por suscripción listo para crecer con tus clientes.",
      idealCustomer: "Empresas que quieren convertir un proceso probado en un producto de ingresos recurrentes.",
      features: {
        multiTenant: "Arquitectura multi-inquilino (multi-tenant)",
        billing: "Planes y facturación recurrente",
        roles: "Roles y permisos",
        dashboard: "Panel de métricas para tus clientes",
        integrations: "API e integraciones con otras herramientas",
        onboarding: "Onboarding self-service",
      },
    },
    marketplace: {
      title: "Marketplace",
      description: "Conecta compradores y vendedores con pagos y confianza integrados.",
      idealCustomer: "Negocios que conectan oferta y demanda en un nicho de mercado.",
      features: {
        twoSided: "Experiencias para compradores y vendedores",
        search: "Anuncios, búsqueda y filtros",
        payments: "Pagos divididos y liquidaciones",
        reviews: "Valoraciones y reseñas",
        messaging: "Mensajería dentro de la plataforma",
        moderation: "Herramientas de moderación y disputas",
      },
    },
    enterprise: {
      title: "Enterprise",
      description: "Sistemas críticos integrados con lo que tu empresa ya utiliza.",
      idealCustomer: "Medianas y grandes empresas que modernizan operaciones críticas y sistemas heredados.",
      features: {
        sso: "Inicio de sesión único (SSO) y control de acceso avanzado",
        legacy: "Integración con sistemas heredados (ERP, CRM)",
        workflows: "Flujos de trabajo y aprobaciones a medida",
        audit: "Registros de auditoría e informes de cumplimiento",
        scale: "Alta disponibilidad y escalabilidad",
        support: "Soporte con SLA",
      },
    },
  },
  industries: {
    healthcare: "Salud",
    fintech: "Fintech",
    ecommerce: "E-commerce",
    education: "Educación",
    "real-estate": "Inmobiliario",
    manufacturing: "Manufactura",
    logistics: "Logística",
    media: "Medios",
    other: "Otro",
  },
  urgency: {
    asap: "Lo antes posible",
    normal: "Normal",
    flexible: "Flexible",
    noEffect: "Plazo y costo estándar",
  },
  teamSize: {
    startup: { label: "Startup", hint: "Fundadores y un equipo pequeño" },
    medium: { label: "Mediana", hint: "Un equipo establecido y en crecimiento" },
    large: { label: "Grande", hint: "Varias áreas y partes interesadas" },
  },
  budget: {
    under50k: "Menos de {amount}",
    "50k-100k": "{amount}",
    "100k-200k": "{amount}",
    "200k+": "{amount}",
  },
  roles: {
    productManager: "Gerente de producto",
    designer: "Diseñador UX/UI",
    fullStack: "Desarrolladores full-stack",
    frontend: "Desarrolladores front-end",
    backend: "Desarrolladores back-end",
    mobile: "Desarrollador móvil",
    architect: "Arquitecto de soluciones",
    devops: "Ingeniero DevOps",
    qa: "Ingeniero de QA",
  },
  plan: {
    emptyTitle: "Tu plan aparece aquí",
    emptyText: "Elige el tipo de proyecto, el sector y el tamaño del equipo y pulsa Generar plan.",
    title: "Tu plan de proyecto",
    summary: "{industry} · {teamSize}",
    budgetChosen: "Presupuesto indicado: {budget}",
    timeline: "Plazo",
    timelineValue: "{min}-{max} semanas",
    investment: "Inversión",
    developers: "Desarrolladores",
    developersValue: "{min}-{max} desarrolladores",
    features: "Qué incluye",
    team: "Tu equipo",
    idealCustomer: "Cliente ideal",
    urgencyTitle: "Urgencia: {urgency}",
    urgencyFaster: "{cost} en el costo, {speed} más rápido",
    urgencyLonger: "{cost} en el costo, {speed} más largo",
    totalEstimate: "Estimación total",
    totalEstimateNote:
      "El rango base del plan. El efecto de la urgencia se incluye en la propuesta de precio fijo, después de la llamada de descubrimiento.",
    complianceTitle: "Cumplimiento en {industry}",
    nextStepsTitle: "Próximos pasos",
    cta: "Reserva tu llamada gratuita",
    ctaNote: "Propuesta de precio fijo, sin compromiso.",
  },
  compliance: {
    healthcare:
      "Los datos de salud son datos personales sensibles. En EE. UU., la HIPAA exige controles de acceso, registros de auditoría, cifrado y un acuerdo BAA con cada proveedor que los trate; en Brasil, la LGPD exige una base legal específica para datos de salud, minimización y una evaluación de impacto cuando el riesgo es alto.",
    fintech:
      "Si hay datos de tarjetas, el proyecto sigue PCI DSS (idealmente con un proveedor de pagos que tokeniza las tarjetas, lo que reduce el alcance). También prevemos verificación de identidad KYC y monitoreo antilavado (AML), autenticación reforzada y, cuando aplica, las API de open banking (Open Finance Brasil, PSD2 en Europa).",
    ecommerce:
      "El checkout usa un proveedor de pagos certificado PCI DSS. Respetamos la protección al consumidor (precio total claro, derecho de desistimiento de 7 días en el CDC de Brasil, 14 días en la UE) y la LGPD y el RGPD para los datos de clientes, el consentimiento de marketing y las cookies.",
    education:
      "Para escuelas en EE. UU. seguimos FERPA en los expedientes de estudiantes y COPPA para menores de 13 años (consentimiento verificable de los padres). Construimos con accesibilidad WCAG 2.1 AA y aplicamos las reglas de la LGPD y el RGPD para datos de niños y adolescentes.",
  },
  nextSteps: {
    discovery: {
      title: "Llamada de descubrimiento gratuita de 30 minutos",
      text: "Conocemos tus objetivos, usuarios y restricciones.",
    },
    proposal: {
      title: "Propuesta de precio fijo",
      text: "Alcance, plazo e inversión cerrados, sin sorpresas.",
    },
    kickoff: {
      title: "Inicio en 1 semana",
      text: "Tu equipo empieza justo después de tu aprobación.",
    },
  },
};
