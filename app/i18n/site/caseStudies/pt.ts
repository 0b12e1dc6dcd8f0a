// Portuguese copy of the public site's caseStudies area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
// Counts that need a plural come as { one, other } and are picked with Intl.PluralRules.
export const caseStudiesPt = {
  meta: {
    title: "Cases de sucesso",
    description:
      "Projetos reais da Velox Labs: MVPs, plataformas e sistemas corporativos entregues no prazo, com os resultados que geraram.",
  },
  hero: {
    eyebrow: "Portfólio",
    title: "Cases de sucesso",
    subtitle:
      "Produtos reais que entregamos para startups e empresas: do MVP validado em semanas às plataformas que sustentam operações inteiras.",
  },
  stats: {
    onTime: "projetos seguidos no prazo",
    roi: "de aumento médio de ROI",
    retention: "de retenção de clientes",
    countries: "países atendidos",
    countriesValue: "{count}+",
  },
  filters: {
    label: "Filtrar cases",
    search: "Buscar",
    searchPlaceholder: "Busque por nome ou setor",
    industry: "Setor",
    allIndustries: "Todos",
    type: "Tipo de projeto",
    allTypes: "Todos",
    timeline: "Prazo",
    allTimelines: "Qualquer um",
    timelines: {
      short: "Até 8 semanas",
      medium: "9 a 16 semanas",
      long: "Mais de 16 semanas",
    },
    sort: "Ordenar por",
    sorts: {
      newest: "Mais recentes",
      oldest: "Mais antigos",
      shortest: "Menor prazo",
      longest: "Maior prazo",
      title: "Título (A-Z)",
    },
    apply: "Filtrar",
    clear: "Limpar filtros",
  },
  results: {
    showing: {
      one: "Exibindo {count} projeto de sucesso",
      other: "Exibindo {count} projetos de sucesso",
    },
    showingFiltered: {
      one: "Exibindo {count} de {all} projetos de sucesso",
      other: "Exibindo {count} de {all} projetos de sucesso",
    },
    progress: "{shown} de {total} exibidos",
    loadMore: "Carregar mais",
  },
  states: {
    loading: "Carregando cases...",
    error: {
      title: "Não foi possível carregar os cases",
      message: "Estamos com dificuldades técnicas. Tente novamente.",
      retry: "Tentar novamente",
    },
    empty: {
      title: "Nenhum case disponível",
      message: "Nosso portfólio está sendo atualizado com projetos recentes. Volte em breve.",
    },
    offline: {
      title: "Sem conexão",
      message: "A lista não foi atualizada. Verifique sua conexão e tente novamente.",
    },
    noMatch: {
      title: "Nenhum case corresponde à sua busca",
      message: "Tente outras palavras ou remova alguns filtros para ver mais projetos.",
    },
  },
  card: {
    view: "Ver case",
    figures: "Resultados",
    loading: "Carregando case...",
  },
  industries: {
    healthcare: "Saúde",
    logistics: "Logística",
    ecommerce: "E-commerce e varejo",
    retail: "Varejo",
    fintech: "Fintech",
    saas: "SaaS",
    education: "Educação",
    manufacturing: "Indústria",
  },
  projectTypes: {
    mvp: "MVP",
    platform: "Plataforma",
    enterprise: "Corporativo",
    marketplace: "Marketplace",
    saas: "SaaS",
  },
  detail: {
    back: "Voltar às soluções",
    start: "Começar seu projeto",
    more: "Ver mais cases",
    loading: "Carregando case...",
    industry: "Setor",
    type: "Tipo de projeto",
    timeline: "Prazo",
    weeks: {
      one: "{count} semana",
      other: "{count} semanas",
    },
    results: "Resultados",
    overview: "Visão geral",
    overviewFallback:
      "Trabalhamos lado a lado com o cliente da descoberta ao lançamento: definimos o escopo que mais gerava valor, desenhamos e validamos a experiência com usuários reais e entregamos em ciclos curtos, com preço fechado e prazo garantido.",
    features: "Principais funcionalidades",
    cta: {
      title: "Vamos construir o seu próximo case?",
      text: "Conte sua ideia e receba um plano com escopo, prazo e investimento em até 24 horas.",
    },
    related: "Mais cases",
    notFound: {
      title: "Case não encontrado",
      message: "Não encontramos um case neste endereço. Ele pode ter sido removido ou o link está incorreto.",
      back: "Voltar",
    },
  },
} as const;
