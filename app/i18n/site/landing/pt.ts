// Portuguese copy of the public site's landing area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
export const landingPt = {
  meta: {
    title: "Velox Labs — software sob medida entregue em 90 dias",
    description:
      "Software sob medida, apps web e mobile, e-commerce e automação entregues em 90 dias, com preço fixo. 47 projetos consecutivos no prazo. Calcule o ROI do seu projeto.",
    keywords:
      "desenvolvimento de software sob medida, software house, desenvolvimento de aplicativos, MVP em 90 dias, preço fixo, e-commerce, automação, calculadora de ROI",
  },
  hero: {
    badge: "47 projetos consecutivos entregues no prazo",
    title: "Software sob medida entregue em 90 dias",
    subtitle:
      "Apps web e mobile, e-commerce e automação para startups e empresas. Preço fixo, prazo garantido e qualidade assegurada, enquanto o mercado ainda está contratando.",
    primaryCta: "Começar meu projeto",
    secondaryCta: "Ver cases de sucesso",
    points: {
      fixedPrice: "Preço fixo",
      onTime: "100% no prazo e no orçamento",
      guarantee: "Ou o próximo mês é grátis",
    },
    panel: {
      title: "Do briefing ao lançamento",
      velox: "Velox Labs",
      veloxValue: "90 dias em média",
      traditional: "Desenvolvimento tradicional",
      traditionalValue: "6 a 12 meses",
      onTime: "Taxa de entrega no prazo",
      onTimeValue: "100%",
    },
  },
  caseStudies: {
    eyebrow: "Cases",
    title: "Resultados reais para clientes reais",
    subtitle: "Alguns dos projetos mais recentes que lançamos no prazo e no orçamento.",
    viewAll: "Ver todos os cases",
    empty: "Novos cases em breve: nosso portfólio está sendo atualizado.",
    error: "Não foi possível carregar os cases agora. Veja a página de cases para tentar novamente.",
  },
  trackRecord: {
    eyebrow: "Histórico comprovado",
    title: "Números que falam por nós",
    subtitle: "Projetos entregues em todo o mundo, com clientes que voltam.",
    featured: {
      value: "47",
      label: "projetos consecutivos entregues no prazo",
      text: "Nenhum atraso desde o primeiro projeto. Cada entrega com escopo, prazo e investimento fechados.",
    },
    stats: {
      revenue: { label: "em receita gerada para clientes" },
      users: { label: "usuários impactados" },
      countries: { label: "países atendidos" },
      retention: { label: "de retenção de clientes" },
      roi: { label: "de aumento médio de ROI" },
    },
  },
  comparison: {
    title: "Velox Labs vs. o caminho tradicional",
    caption: "Comparação entre a Velox Labs e o desenvolvimento tradicional",
    criterion: "Critério",
    traditional: "Tradicional",
    velox: "Velox Labs",
    rows: {
      delivery: { label: "Tempo de entrega", traditional: "6 a 12 meses", velox: "90 dias em média" },
      scaling: { label: "Escala da equipe", traditional: "3 a 6 meses de contratação", velox: "Escala instantânea" },
      onTime: { label: "No prazo e no orçamento", traditional: "50% (média do setor)", velox: "100%" },
      cost: { label: "Custo", traditional: "Equipe interna", velox: "60% menor, com preço fixo" },
    },
  },
  cost: {
    title: "Quanto custa construir em casa?",
    inHouse: {
      label: "Equipe interna",
      amount: "{amount} por ano",
      text: "Salários, benefícios, recrutamento e ferramentas de um time completo durante um ano.",
    },
    velox: {
      label: "Velox Labs",
      amount: "{amount} em 90 dias",
      text: "Um time sênior completo, com preço fixo e o software em produção em 90 dias.",
    },
    savings: "Economize mais de {amount} e 12 meses",
  },
  roi: {
    eyebrow: "Calculadora de ROI",
    title: "Quanto seu projeto pode render?",
    subtitle: "Informe sua receita anual, o setor e o tipo de projeto para ver investimento, prazo e retorno estimados.",
    revenue: "Receita anual (US$)",
    revenueHint: "Apenas os dígitos são lidos; símbolos e separadores são ignorados.",
    industry: "Setor",
    projectType: "Tipo de projeto",
    industries: {
      healthcare: "Saúde",
      fintech: "Fintech",
      ecommerce: "E-commerce",
      saas: "SaaS",
      other: "Outro",
    },
    projectTypes: {
      mvp: "MVP",
      platform: "Plataforma",
      enterprise: "Enterprise",
    },
    submit: "Calcular ROI",
    resultTitle: "Sua estimativa",
    empty: "Preencha sua receita anual e clique em Calcular ROI para ver os resultados.",
    stale: "Você alterou os dados. Clique em Calcular ROI para atualizar a estimativa.",
    results: {
      cost: "Investimento",
      weeks: "Prazo",
      weeksValue: "{weeks} semanas",
      projectedRevenue: "Receita projetada",
      roiPercent: "ROI",
      totalGain: "Ganho total",
      monthlyIncrease: "Aumento mensal",
      payback: "Retorno do investimento",
      paybackOne: "{count} mês",
      paybackOther: "{count} meses",
      paybackNone: "Sem retorno projetado",
      paybackNoneHint: "Com receita zero não há aumento mensal para pagar o investimento.",
    },
    disclaimer: "Estimativa com base em médias do setor. Sua proposta final tem preço fixo.",
    cta: "Falar sobre meu projeto",
  },
  process: {
    eyebrow: "Como trabalhamos",
    title: "Do zero ao lançamento em 3 etapas",
    subtitle: "Um processo simples e transparente, com entregas visíveis a cada semana.",
    step: "Etapa {number}",
    steps: {
      discovery: {
        title: "Descoberta e Estratégia",
        text: "Entendemos seu negócio, seus usuários e suas metas, e definimos escopo, prazo e investimento fixos.",
      },
      design: {
        title: "Design e Protótipo",
        text: "Desenhamos a experiência e validamos um protótipo clicável com você antes de escrever o código.",
      },
      development: {
        title: "Desenvolvimento e Lançamento",
        text: "Construímos, testamos e colocamos seu software em produção, com acompanhamento após o lançamento.",
      },
    },
  },
  guarantee: {
    eyebrow: "Nossa garantia",
    title: "No prazo, no orçamento, ou o próximo mês é grátis",
    subtitle: "Assumimos o risco da entrega para que você possa focar no seu negócio.",
    points: {
      onTime: {
        title: "Entrega no prazo",
        text: "Se atrasarmos, o próximo mês de trabalho é por nossa conta.",
      },
      fixed: {
        title: "Investimento fixo",
        text: "O valor combinado é o valor pago. Sem horas extras nem surpresas na fatura.",
      },
      quality: {
        title: "Qualidade assegurada",
        text: "Código revisado e testado, com padrões de qualidade definidos desde o primeiro dia.",
      },
    },
  },
  finalCta: {
    title: "Pronto para lançar seu software em 90 dias?",
    text: "Conte sua ideia. Respondemos em até 24 horas com os próximos passos.",
    button: "Começar meu projeto",
  },
} as const;
