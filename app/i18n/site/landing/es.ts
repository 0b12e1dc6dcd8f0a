import type { Dictionary } from "../../pt.ts";

export const landingEs: Dictionary["site"]["landing"] = {
  meta: {
    title: "Velox Labs — software a medida entregado en 90 días",
    description:
      "Software a medida, apps web y móviles, e-commerce y automatización entregados en 90 días a precio fijo. 47 proyectos consecutivos a tiempo. Calcula el ROI de tu proyecto.",
    keywords:
      "desarrollo de software a medida, agencia de software, desarrollo de aplicaciones, MVP en 90 días, precio fijo, e-commerce, automatización, calculadora de ROI",
  },
  hero: {
    badge: "47 proyectos consecutivos entregados a tiempo",
    title: "Software a medida entregado en 90 días",
    subtitle:
      "Apps web y móviles, e-commerce y automatización para startups y empresas. Precio fijo, plazo garantizado y calidad asegurada, mientras otros siguen contratando.",
    primaryCta: "Empezar mi proyecto",
    secondaryCta: "Ver casos de éxito",
    points: {
      fixedPrice: "Precio fijo",
      onTime: "100% a tiempo y dentro del presupuesto",
      guarantee: "O el próximo mes es gratis",
    },
    panel: {
      title: "Del briefing al lanzamiento",
      velox: "Velox Labs",
      veloxValue: "90 días de media",
      traditional: "Desarrollo tradicional",
      traditionalValue: "6 a 12 meses",
      onTime: "Tasa de entrega a tiempo",
      onTimeValue: "100%",
    },
  },
  caseStudies: {
    eyebrow: "Casos de éxito",
    title: "Resultados reales para clientes reales",
    subtitle: "Algunos de los proyectos más recientes que lanzamos a tiempo y dentro del presupuesto.",
    viewAll: "Ver todos los casos",
    empty: "Pronto habrá nuevos casos: estamos actualizando nuestro portafolio.",
    error: "No pudimos cargar los casos ahora. Abre la página de casos para intentarlo de nuevo.",
  },
  trackRecord: {
    eyebrow: "Trayectoria comprobada",
    title: "Cifras que hablan por nosotros",
    subtitle: "Proyectos entregados en todo el mundo, con clientes que vuelven.",
    featured: {
      value: "47",
      label: "proyectos consecutivos entregados a tiempo",
      text: "Ni un solo retraso desde nuestro primer proyecto. Cada entrega con alcance, plazo e inversión cerrados.",
    },
    stats: {
      revenue: { label: "en ingresos generados para clientes" },
      users: { label: "usuarios impactados" },
      countries: { label: "países atendidos" },
      retention: { label: "de retención de clientes" },
      roi: { label: "de aumento medio del ROI" },
    },
  },
  comparison: {
    title: "Velox Labs vs. el camino tradicional",
    caption: "Comparación entre Velox Labs y el desarrollo tradicional",
    criterion: "Criterio",
    traditional: "Tradicional",
    velox: "Velox Labs",
    rows: {
      delivery: { label: "Tiempo de entrega", traditional: "6 a 12 meses", velox: "90 días de media" },
      scaling: { label: "Escalado del equipo", traditional: "3 a 6 meses de contratación", velox: "Escalado instantáneo" },
      onTime: { label: "A tiempo y dentro del presupuesto", traditional: "50% (media del sector)", velox: "100%" },
      cost: { label: "Coste", traditional: "Equipo interno", velox: "60% menor, a precio fijo" },
    },
  },
  cost: {
    title: "¿Cuánto cuesta construirlo internamente?",
    inHouse: {
      label: "Equipo interno",
      amount: "{amount} al año",
      text: "Salarios, beneficios, contratación y herramientas de un equipo completo durante un año.",
    },
    velox: {
      label: "Velox Labs",
      amount: "{amount} en 90 días",
      text: "Un equipo sénior completo a precio fijo, con tu software en producción en 90 días.",
    },
    savings: "Ahorra más de {amount} y 12 meses",
  },
  roi: {
    eyebrow: "Calculadora de ROI",
    title: "¿Cuánto puede rendir tu proyecto?",
    subtitle: "Indica tus ingresos anuales, el sector y el tipo de proyecto para ver la inversión, el plazo y el retorno estimados.",
    revenue: "Ingresos anuales (US$)",
    revenueHint: "Solo se leen los dígitos; los símbolos y separadores se ignoran.",
    industry: "Sector",
    projectType: "Tipo de proyecto",
    industries: {
      healthcare: "Salud",
      fintech: "Fintech",
      ecommerce: "E-commerce",
      saas: "SaaS",
      other: "Otro",
    },
    projectTypes: {
      mvp: "MVP",
      platform: "Plataforma",
      enterprise: "Enterprise",
    },
    submit: "Calcular ROI",
    resultTitle: "Tu estimación",
    empty: "Introduce tus ingresos anuales y pulsa Calcular ROI para ver los resultados.",
    stale: "Has cambiado los datos. Pulsa Calcular ROI para actualizar la estimación.",
    results: {
      cost: "Inversión",
      weeks: "Plazo",
      weeksValue: "{weeks} semanas",
      projectedRevenue: "Ingresos proyectados",
      roiPercent: "ROI",
      totalGain: "Ganancia total",
      monthlyIncrease: "Aumento mensual",
      payback: "Recuperación de la inversión",
      paybackOne: "{count} mes",
      paybackOther: "{count} meses",
      paybackNone: "Sin retorno proyectado",
      paybackNoneHint: "Con ingresos cero no hay aumento mensual que recupere la inversión.",
    },
    disclaimer: "Estimación basada en medias del sector. Tu propuesta final tiene precio fijo.",
    cta: "Hablar de mi proyecto",
  },
  process: {
    eyebrow: "Cómo trabajamos",
    title: "De cero al lanzamiento en 3 pasos",
    subtitle: "Un proceso simple y transparente, con avances visibles cada semana.",
    step: "Paso {number}",
    steps: {
      discovery: {
        title: "Descubrimiento y Estrategia",
        text: "Entendemos tu negocio, tus usuarios y tus metas, y fijamos alcance, plazo e inversión.",
      },
      design: {
        title: "Diseño y Prototipo",
        text: "Diseñamos la experiencia y validamos contigo un prototipo navegable antes de escribir código.",
      },
      development: {
        title: "Desarrollo y Lanzamiento",
        text: "Construimos, probamos y ponemos tu software en producción, con acompañamiento tras el lanzamiento.",
      },
    },
  },
  guarantee: {
    eyebrow: "Nuestra garantía",
    title: "A tiempo, dentro del presupuesto, o el próximo mes es gratis",
    subtitle: "Asumimos el riesgo de la entrega para que tú te centres en tu negocio.",
    points: {
      onTime: {
        title: "Entrega a tiempo",
        text: "Si nos retrasamos, el próximo mes de trabajo corre de nuestra cuenta.",
      },
      fixed: {
        title: "Inversión fija",
        text: "El precio acordado es el precio que pagas. Sin horas extra ni facturas sorpresa.",
      },
      quality: {
        title: "Calidad asegurada",
        text: "Código revisado y probado, con estándares de calidad definidos desde el primer día.",
      },
    },
  },
  finalCta: {
    title: "¿Listo para lanzar tu software en 90 días?",
    text: "Cuéntanos tu idea. Respondemos en 24 horas con los próximos pasos.",
    button: "Empezar mi proyecto",
  },
};
