// Portuguese copy of the public site's planner area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
// Money ranges ("$10K-30K") are not here: they are the agency's USD pricing, written the
// same in every language by app/modules/site/planner/project-planner.ts.
export const plannerPt = {
  meta: {
    title: "Planejador de Projetos",
    description:
      "Escolha o tipo de projeto, o setor, a urgência e o tamanho da equipe e receba na hora um plano com prazo, investimento, equipe e próximos passos.",
  },
  hero: {
    eyebrow: "Planejador de projetos",
    title: "Planeje seu projeto em 1 minuto",
    subtitle:
      "Conte o que você quer construir e veja prazo, faixa de investimento, equipe e notas de conformidade do seu setor — sem cadastro.",
  },
  form: {
    title: "Suas escolhas",
    required: "Obrigatório",
    optional: "Opcional",
    projectType: "Tipo de projeto",
    industry: "Setor",
    industryPlaceholder: "Escolha um setor",
    urgency: "Urgência",
    teamSize: "Tamanho da equipe",
    budget: "Orçamento",
    budgetPlaceholder: "Ainda não sei",
    generate: "Gerar plano",
    disabledHint: "Escolha o tipo de projeto, o setor e o tamanho da equipe para gerar o plano.",
    readyHint: "Tudo pronto: gere seu plano.",
  },
  missing: {
    title: "Falta pouco para gerar seu plano",
    text: "Escolha também:",
  },
  types: {
    mvp: {
      title: "MVP",
      description: "Valide sua ideia rápido com um produto enxuto e funcional.",
      idealCustomer: "Startups e novos negócios que precisam validar uma ideia com usuários reais ou investidores.",
      features: {
        coreFlows: "Os 3 a 5 fluxos principais do produto",
        auth: "Cadastro e login de usuários",
        admin: "Painel administrativo básico",
        analytics: "Métricas de uso desde o primeiro dia",
        launch: "Publicação na nuvem e suporte no lançamento",
      },
    },
    saas: {
      title: "Plataforma SaaS",
      description: "Um produto por assinatura pronto para crescer com seus clientes.",
      idealCustomer: "Empresas que querem transformar um processo comprovado em um produto de receita recorrente.",
      features: {
        multiTenant: "Arquitetura multi-inquilino (multi-tenant)",
        billing: "Planos e cobrança recorrente",
        roles: "Perfis de acesso e permissões",
        dashboard: "Painel com métricas para seus clientes",
        integrations: "API e integrações com outras ferramentas",
        onboarding: "Onboarding self-service",
      },
    },
    marketplace: {
      title: "Marketplace",
      description: "Conecte compradores e vendedores com pagamentos e confiança.",
      idealCustomer: "Negócios que querem conectar oferta e demanda em um nicho de mercado.",
      features: {
        twoSided: "Experiências para compradores e vendedores",
        search: "Anúncios, busca e filtros",
        payments: "Pagamentos divididos e repasses",
        reviews: "Avaliações e reputação",
        messaging: "Mensagens dentro da plataforma",
        moderation: "Ferramentas de moderação e disputas",
      },
    },
    enterprise: {
      title: "Enterprise",
      description: "Sistemas críticos integrados ao que sua empresa já usa.",
      idealCustomer: "Médias e grandes empresas modernizando operações críticas e sistemas legados.",
      features: {
        sso: "Login único (SSO) e controle de acesso avançado",
        legacy: "Integração com sistemas legados (ERP, CRM)",
        workflows: "Fluxos de trabalho e aprovações sob medida",
        audit: "Trilhas de auditoria e relatórios de conformidade",
        scale: "Alta disponibilidade e escalabilidade",
        support: "Suporte com SLA",
      },
    },
  },
  industries: {
    healthcare: "Saúde",
    fintech: "Fintech",
    ecommerce: "E-commerce",
    education: "Educação",
    "real-estate": "Imobiliário",
    manufacturing: "Indústria",
    logistics: "Logística",
    media: "Mídia",
    other: "Outro",
  },
  urgency: {
    asap: "O quanto antes",
    normal: "Normal",
    flexible: "Flexível",
    noEffect: "Prazo e custo padrão",
  },
  teamSize: {
    startup: { label: "Startup", hint: "Fundadores e um time pequeno" },
    medium: { label: "Média", hint: "Time estabelecido e em crescimento" },
    large: { label: "Grande", hint: "Várias áreas e partes interessadas" },
  },
  budget: {
    under50k: "Até {amount}",
    "50k-100k": "{amount}",
    "100k-200k": "{amount}",
    "200k+": "{amount}",
  },
  roles: {
    productManager: "Gerente de produto",
    designer: "Designer de UX/UI",
    fullStack: "Desenvolvedores full-stack",
    frontend: "Desenvolvedores front-end",
    backend: "Desenvolvedores back-end",
    mobile: "Desenvolvedor mobile",
    architect: "Arquiteto de soluções",
    devops: "Engenheiro de DevOps",
    qa: "Engenheiro de QA",
  },
  plan: {
    emptyTitle: "Seu plano aparece aqui",
    emptyText: "Escolha o tipo de projeto, o setor e o tamanho da equipe e clique em Gerar plano.",
    title: "Seu plano de projeto",
    summary: "{industry} · {teamSize}",
    budgetChosen: "Orçamento informado: {budget}",
    timeline: "Prazo",
    timelineValue: "{min}-{max} semanas",
    investment: "Investimento",
    developers: "Desenvolvedores",
    developersValue: "{min}-{max} desenvolvedores",
    features: "O que está incluído",
    team: "Sua equipe",
    idealCustomer: "Cliente ideal",
    urgencyTitle: "Urgência: {urgency}",
    urgencyFaster: "{cost} no custo, {speed} mais rápido",
    urgencyLonger: "{cost} no custo, {speed} mais longo",
    totalEstimate: "Estimativa total",
    totalEstimateNote: "Faixa base do plano. O efeito da urgência entra na proposta de preço fixo, depois da chamada de descoberta.",
    complianceTitle: "Conformidade em {industry}",
    nextStepsTitle: "Próximos passos",
    cta: "Agendar chamada gratuita",
    ctaNote: "Proposta de preço fixo, sem compromisso.",
  },
  compliance: {
    healthcare:
      "Dados de saúde são dados pessoais sensíveis. Nos EUA, a HIPAA exige controles de acesso, registros de auditoria, criptografia e contratos (BAA) com cada fornecedor que trata esses dados; no Brasil, a LGPD exige base legal específica para dados de saúde, minimização e relatório de impacto quando o risco é alto.",
    fintech:
      "Se houver dados de cartão, o projeto segue o PCI DSS (de preferência com um provedor de pagamentos que tokeniza os cartões, reduzindo o escopo). Também prevemos verificação de identidade KYC e monitoramento antilavagem (AML), autenticação forte e, quando aplicável, as APIs de open banking (Open Finance Brasil, PSD2 na Europa).",
    ecommerce:
      "O checkout usa um provedor de pagamentos certificado PCI DSS. Respeitamos o direito do consumidor (preço total claro, direito de arrependimento de 7 dias no CDC, 14 dias na União Europeia) e a LGPD/GDPR para dados de clientes, consentimento de marketing e cookies.",
    education:
      "Para escolas nos EUA, seguimos a FERPA nos registros de estudantes e a COPPA para menores de 13 anos (consentimento verificável dos pais). Construímos com acessibilidade WCAG 2.1 AA e aplicamos as regras da LGPD/GDPR para dados de crianças e adolescentes.",
  },
  nextSteps: {
    discovery: {
      title: "Chamada de descoberta gratuita de 30 minutos",
      text: "Entendemos seus objetivos, usuários e restrições.",
    },
    proposal: {
      title: "Proposta de preço fixo",
      text: "Escopo, prazo e investimento fechados, sem surpresas.",
    },
    kickoff: {
      title: "Início em até 1 semana",
      text: "Sua equipe começa a trabalhar logo após a aprovação.",
    },
  },
} as const;
