import type { Dictionary } from "../../pt.ts";

export const insightsEs: Dictionary["site"]["insights"] = {
  meta: {
    title: "Insights",
    description: "Artículos del equipo de Velox Labs sobre ingeniería, estrategia de producto, negocios, sistemas corporativos y diseño.",
  },
  hero: {
    eyebrow: "Insights",
    title: "Ideas de un equipo que entrega software a tiempo",
    intro: "Lo que aprendimos entregando 47 proyectos seguidos a tiempo: ingeniería, estrategia de producto, precios y diseño, sin jerga.",
  },
  filters: {
    label: "Filtrar por categoría",
    all: "Todos",
  },
  categories: {
    engineering: "Ingeniería",
    strategy: "Estrategia",
    business: "Negocios",
    enterprise: "Empresas",
    design: "Diseño",
  },
  featured: {
    badge: "Destacado",
    heading: "Artículo destacado",
  },
  latest: {
    heading: "Más artículos",
    headingIn: "Artículos de {category}",
  },
  card: {
    readTime: "{minutes} min de lectura",
    publishedOn: "Publicado el",
    tags: "Etiquetas",
  },
  empty: {
    title: "Todavía no hay artículos en esta categoría",
    body: "Estamos escribiendo. Mientras tanto, echa un vistazo a las otras categorías.",
    action: "Ver todos los artículos",
  },
  newsletter: {
    title: "Recibe los próximos artículos",
    body: "Únete a más de {readers} lectores que reciben un artículo práctico al mes. Sin spam; date de baja cuando quieras.",
    email: "Tu correo electrónico",
    emailPlaceholder: "tu@empresa.com",
    submit: "Suscribirme",
    submitting: "Suscribiendo...",
    subscribed: {
      title: "¡Suscripción confirmada!",
      body: "Los próximos artículos llegarán a {email}.",
    },
    already: {
      title: "¡Ya estás en la lista!",
      body: "{email} ya recibe nuestros artículos. Gracias por leernos.",
    },
    another: "Suscribir otro correo",
    failed: "No pudimos completar tu suscripción. Inténtalo de nuevo más tarde.",
    errors: {
      invalidBody: "Envía tu correo electrónico.",
      unknownIntent: "Acción desconocida.",
      rateLimited: "Demasiadas suscripciones desde esta red. Inténtalo de nuevo más tarde.",
    },
  },
  tags: {
    mvp: "MVP",
    productStrategy: "Estrategia de producto",
    roadmap: "Roadmap",
    architecture: "Arquitectura",
    performance: "Rendimiento",
    cloud: "Cloud",
    pricing: "Precio fijo",
    projectManagement: "Gestión de proyectos",
    legacy: "Sistemas heredados",
    integration: "Integraciones",
    security: "Seguridad",
    designSystems: "Design system",
    ux: "UX",
    accessibility: "Accesibilidad",
    automation: "Automatización",
    roi: "ROI",
  },
  // Authors are the about page's team; each role equals site.about.team.members.<id>.role.
  authorRoles: {
    rafael: "Fundador y CEO",
    camila: "CTO",
    diego: "Head de Diseño",
    priya: "Head de Entregas",
  },
  articles: {
    mvpIn90Days: {
      title: "De la idea al lanzamiento en 90 días: cómo planificamos un MVP",
      excerpt:
        "El MVP correcto no es el producto más pequeño posible, es el más pequeño que demuestra el negocio. Cómo recortamos alcance sin recortar valor y por qué un plazo fijo ayuda a decidir.",
    },
    edgeArchitecture: {
      title: "Por qué construimos en el edge: apps rápidas sin servidores que cuidar",
      excerpt:
        "Ejecutar cerca del usuario reduce la latencia y elimina toda una clase de problemas de operación. Cuándo tiene sentido, cuándo no y qué cambia en el día a día del equipo.",
    },
    fixedPrice: {
      title: "Precio fijo sin sorpresas: cómo estimamos y cumplimos",
      excerpt:
        "El precio fijo solo funciona con un buen descubrimiento y un alcance negociable. Abrimos nuestro método de estimación y lo que hacemos cuando surge lo imprevisto.",
    },
    legacyModernization: {
      title: "Modernizar sistemas heredados sin detener la empresa",
      excerpt:
        "Reescribirlo todo de una vez es el camino más caro. El patrón strangler, integraciones bien definidas y una migración de datos por etapas mantienen la operación en marcha.",
    },
    designSystems: {
      title: "Design systems que aceleran cada entrega",
      excerpt:
        "Componentes documentados y accesibles desde el primer día ahorran semanas al final del proyecto. Cómo empezamos en pequeño y crecemos con el producto.",
    },
    automationRoi: {
      title: "Automatización que se paga sola: medir el ROI antes de construir",
      excerpt:
        "Antes de automatizar un proceso, medimos cuánto cuesta hoy. Una guía sencilla para estimar retorno, plazo de recuperación y prioridades.",
    },
  },
};
