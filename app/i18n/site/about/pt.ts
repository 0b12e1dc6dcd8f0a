// Portuguese copy of the public site's about area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
// Team members' names are proper nouns and live in app/modules/site/about/team-members.ts.
export const aboutPt = {
  meta: {
    title: "Sobre nós",
    description:
      "Conheça a equipe da Velox Labs: 47 projetos consecutivos entregues no prazo, mais de 500 mil usuários impactados e clientes em mais de 15 países.",
  },
  hero: {
    eyebrow: "Sobre a Velox Labs",
    title: "Uma equipe sênior que entrega software no prazo",
    subtitle:
      "Somos engenheiros, designers e gerentes de produto que transformam ideias em produtos em semanas, não em anos — com preço fixo e garantia de entrega.",
  },
  stats: {
    title: "Nossos números",
    projects: { label: "projetos consecutivos entregues no prazo" },
    users: { label: "usuários impactados" },
    revenue: { label: "em receita gerada para clientes" },
    countries: { label: "países atendidos" },
  },
  team: {
    eyebrow: "Equipe",
    title: "As pessoas por trás dos projetos",
    subtitle: "Você fala direto com quem constrói. Sem intermediários, sem equipes trocadas no meio do caminho.",
    members: {
      rafael: {
        role: "Fundador e CEO",
        bio: "Liderou engenharia em duas scale-ups antes de fundar a Velox Labs para provar que software pode sair no prazo e no orçamento.",
      },
      camila: {
        role: "CTO",
        bio: "Arquiteta de sistemas em nuvem há 12 anos; cuida para que cada entrega seja segura, escalável e fácil de manter.",
      },
      diego: {
        role: "Head de Design",
        bio: "Desenha produtos que as pessoas entendem no primeiro uso, com pesquisa com usuários desde a primeira semana.",
      },
      priya: {
        role: "Head de Entregas",
        bio: "Responsável pelo nosso histórico de prazos: planejamento semanal, riscos visíveis e nenhuma surpresa para o cliente.",
      },
    },
  },
  story: {
    eyebrow: "Nossa história",
    title: "Nascemos da frustração com projetos atrasados",
    p1: "Depois de anos vendo projetos de software levarem de 6 a 12 meses e estourarem o orçamento, nossos fundadores decidiram fazer diferente: equipes pequenas e sêniores, escopo claro e preço fixo.",
    p2: "Hoje entregamos em 90 dias, em média, produtos que já impactaram mais de {users} usuários e geraram mais de {revenue} em receita para nossos clientes, de startups a grandes empresas.",
    p3: "Nossa garantia é simples: no prazo, no orçamento, ou o mês seguinte é por nossa conta.",
  },
  values: {
    title: "Como trabalhamos",
    speed: { title: "Velocidade com método", text: "Ciclos semanais, demos toda sexta e decisões rápidas." },
    ownership: { title: "Dono do resultado", text: "Medimos sucesso pelo impacto no seu negócio, não por horas." },
    transparency: { title: "Transparência total", text: "Você acompanha prazo, custo e riscos em tempo real." },
  },
  cta: {
    title: "Vamos construir o seu próximo produto?",
    text: "Conte sua ideia e receba uma proposta de preço fixo em poucos dias.",
    contact: "Fale com a gente",
    planner: "Planejar meu projeto",
  },
} as const;
