// Portuguese copy of the public site's insights area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
// The articles' structure (date, read time, category, tags, featured) lives in
// app/modules/site/insights/articles.ts; their words live here.
export const insightsPt = {
  meta: {
    title: "Insights",
    description: "Artigos da equipe da Velox Labs sobre engenharia, estratégia de produto, negócios, sistemas corporativos e design.",
  },
  hero: {
    eyebrow: "Insights",
    title: "Ideias de quem entrega software no prazo",
    intro: "O que aprendemos entregando 47 projetos seguidos no prazo: engenharia, estratégia de produto, preço e design, sem jargão.",
  },
  filters: {
    label: "Filtrar por categoria",
    all: "Todos",
  },
  categories: {
    engineering: "Engenharia",
    strategy: "Estratégia",
    business: "Negócios",
    enterprise: "Corporativo",
    design: "Design",
  },
  featured: {
    badge: "Destaque",
    heading: "Artigo em destaque",
  },
  latest: {
    heading: "Mais artigos",
    headingIn: "Artigos de {category}",
  },
  card: {
    readTime: "{minutes} min de leitura",
    publishedOn: "Publicado em",
    tags: "Tags",
  },
  empty: {
    title: "Ainda não há artigos nesta categoria",
    body: "Estamos escrevendo. Enquanto isso, veja os artigos das outras categorias.",
    action: "Ver todos os artigos",
  },
  newsletter: {
    title: "Receba os próximos artigos",
    body: "Junte-se a mais de {readers} leitores que recebem um artigo prático por mês. Sem spam; cancele quando quiser.",
    email: "Seu e-mail",
    emailPlaceholder: "voce@empresa.com",
    submit: "Inscrever-se",
    submitting: "Inscrevendo...",
    subscribed: {
      title: "Inscrição confirmada!",
      body: "Os próximos artigos chegam em {email}.",
    },
    already: {
      title: "Você já está na lista!",
      body: "{email} já recebe nossos artigos. Obrigado por acompanhar.",
    },
    another: "Inscrever outro e-mail",
    failed: "Não foi possível concluir a inscrição. Tente novamente mais tarde.",
    errors: {
      invalidBody: "Envie o seu e-mail.",
      unknownIntent: "Ação desconhecida.",
      rateLimited: "Muitas inscrições deste endereço de rede. Tente novamente mais tarde.",
    },
  },
  tags: {
    mvp: "MVP",
    productStrategy: "Estratégia de produto",
    roadmap: "Roadmap",
    architecture: "Arquitetura",
    performance: "Performance",
    cloud: "Cloud",
    pricing: "Preço fixo",
    projectManagement: "Gestão de projetos",
    legacy: "Sistemas legados",
    integration: "Integrações",
    security: "Segurança",
    designSystems: "Design system",
    ux: "UX",
    accessibility: "Acessibilidade",
    automation: "Automação",
    roi: "ROI",
  },
  // Authors are the about page's team; each role equals site.about.team.members.<id>.role.
  authorRoles: {
    rafael: "Fundador e CEO",
    camila: "CTO",
    diego: "Head de Design",
    priya: "Head de Entregas",
  },
  articles: {
    mvpIn90Days: {
      title: "Da ideia ao lançamento em 90 dias: como planejamos um MVP",
      excerpt:
        "O MVP certo não é o menor produto possível, é o menor produto que prova o negócio. Mostramos como cortamos escopo sem cortar valor e por que o prazo fixo ajuda a decidir.",
    },
    edgeArchitecture: {
      title: "Por que construímos na edge: apps rápidos sem servidores para cuidar",
      excerpt:
        "Rodar perto do usuário reduz a latência e elimina uma classe inteira de problemas de operação. Quando faz sentido, quando não faz e o que muda no dia a dia da equipe.",
    },
    fixedPrice: {
      title: "Preço fixo sem surpresas: como estimamos e cumprimos",
      excerpt:
        "Preço fixo só funciona com descoberta bem feita e escopo negociável. Abrimos o nosso método de estimativa e o que fazemos quando o imprevisto aparece.",
    },
    legacyModernization: {
      title: "Modernizar sistemas legados sem parar a empresa",
      excerpt:
        "Reescrever tudo de uma vez é o caminho mais caro. O padrão strangler, integrações bem definidas e migração de dados por etapas mantêm a operação rodando.",
    },
    designSystems: {
      title: "Design systems que aceleram cada entrega",
      excerpt:
        "Componentes documentados e acessíveis desde o primeiro dia poupam semanas no fim do projeto. Como começamos pequeno e crescemos com o produto.",
    },
    automationRoi: {
      title: "Automação que se paga: medindo o ROI antes de construir",
      excerpt:
        "Antes de automatizar um processo, medimos quanto ele custa hoje. Um roteiro simples para estimar retorno, prazo de payback e prioridades.",
    },
  },
} as const;
