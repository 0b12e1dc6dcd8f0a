import type { Dictionary } from "../pt.ts";
import { aboutEs } from "./about/es.ts";
import { caseStudiesEs } from "./caseStudies/es.ts";
import { contactEs } from "./contact/es.ts";
import { insightsEs } from "./insights/es.ts";
import { chatAssistantEs } from "./chatAssistant/es.ts";
import { landingEs } from "./landing/es.ts";
import { legalEs } from "./legal/es.ts";
import { plannerEs } from "./planner/es.ts";

export const siteEs: Dictionary["site"] = {
  nav: {
    home: "Velox Labs — inicio",
    caseStudies: "Casos",
    planner: "Planificador",
    blog: "Blog",
    about: "Nosotros",
    contact: "Contacto",
    login: "Acceso CRM",
    getStarted: "Iniciar proyecto",
    menu: "Menú",
    mainNavigation: "Navegación principal",
    skipToContent: "Saltar al contenido",
  },
  switcher: {
    label: "Idioma",
  },
  footer: {
    tagline: "Software a medida, entregado en 90 días, a tiempo y dentro del presupuesto.",
    company: "Empresa",
    explore: "Explorar",
    legal: "Legal",
    privacy: "Política de Privacidad",
    terms: "Términos de Uso",
    contact: "Contacto",
    rights: "© {year} Velox Labs. Todos los derechos reservados.",
  },
  chat: {
    open: "Habla con nosotros",
    close: "Cerrar el chat",
    loading: "Abriendo el chat…",
  },
  forms: {
    /** Settings → Sistema, maintenance mode: the public forms' 503 (apiErrors.maintenance's words). */
    maintenance: "Estamos en mantenimiento y volvemos pronto. Inténtalo de nuevo en unos minutos.",
    errors: {
      emailRequired: "Escribe tu correo electrónico.",
      emailInvalid: "Escribe un correo válido, como nombre@empresa.com.",
      emailTooLong: "El correo puede tener como máximo 254 caracteres.",
    },
    offline: {
      title: "Sin conexión",
      description: "No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo; lo que escribiste sigue aquí.",
    },
  },
  seo: {
    ogSiteName: "Velox Labs",
  },
  landing: landingEs,
  chatAssistant: chatAssistantEs,
  caseStudies: caseStudiesEs,
  contact: contactEs,
  insights: insightsEs,
  about: aboutEs,
  planner: plannerEs,
  legal: legalEs,
};
