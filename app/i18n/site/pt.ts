import { aboutPt } from "./about/pt.ts";
import { caseStudiesPt } from "./caseStudies/pt.ts";
import { contactPt } from "./contact/pt.ts";
import { insightsPt } from "./insights/pt.ts";
import { chatAssistantPt } from "./chatAssistant/pt.ts";
import { landingPt } from "./landing/pt.ts";
import { legalPt } from "./legal/pt.ts";
import { plannerPt } from "./planner/pt.ts";

/** The public site: shared chrome (header, footer, switcher) plus one part per page. */
export const sitePt = {
  nav: {
    home: "Velox Labs — página inicial",
    caseStudies: "Cases",
    planner: "Planejador",
    blog: "Blog",
    about: "Sobre",
    contact: "Contato",
    login: "Login CRM",
    getStarted: "Começar projeto",
    menu: "Menu",
    mainNavigation: "Navegação principal",
    skipToContent: "Pular para o conteúdo",
  },
  switcher: {
    label: "Idioma",
  },
  footer: {
    tagline: "Software sob medida, entregue em 90 dias, no prazo e no orçamento.",
    company: "Empresa",
    explore: "Explore",
    legal: "Legal",
    privacy: "Política de Privacidade",
    terms: "Termos de Uso",
    contact: "Contato",
    rights: "© {year} Velox Labs. Todos os direitos reservados.",
  },
  chat: {
    open: "Fale com a gente",
    close: "Fechar o chat",
    loading: "Abrindo o chat…",
  },
  forms: {
    /** Settings → Sistema, maintenance mode: the public forms' 503 (apiErrors.maintenance's words). */
    maintenance: "Estamos em manutenção e voltamos em breve. Tente novamente em alguns minutos.",
    errors: {
      emailRequired: "Informe o seu e-mail.",
      emailInvalid: "Informe um e-mail válido, como nome@empresa.com.",
      emailTooLong: "O e-mail pode ter no máximo 254 caracteres.",
    },
    offline: {
      title: "Sem conexão",
      description: "Não conseguimos falar com o servidor. Verifique sua conexão e tente novamente; o que você digitou continua aqui.",
    },
  },
  seo: {
    ogSiteName: "Velox Labs",
  },
  landing: landingPt,
  chatAssistant: chatAssistantPt,
  caseStudies: caseStudiesPt,
  contact: contactPt,
  insights: insightsPt,
  about: aboutPt,
  planner: plannerPt,
  legal: legalPt,
} as const;
