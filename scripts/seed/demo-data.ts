// Demo content for local development: realistic Brazilian leads, the three case studies of
// the specification (plus five more for the listing's filters), tasks, channels and
// notifications. Plain data; seed.ts inserts it.
import type { CaseStudyFigure, CaseStudyTranslation, LeadSource, LeadStatus, UserRole } from "../../worker/db/schema/index.ts";

export const DEMO_USERS: { key: string; email: string; name: string; role: UserRole; phone: string }[] = [
  { key: "admin", email: "admin@demo.test", name: "Ana Administradora", role: "admin", phone: "(11) 98888-1001" },
  { key: "manager", email: "manager@demo.test", name: "Marcos Gerente", role: "manager", phone: "(11) 98888-1002" },
  { key: "rep", email: "rep@demo.test", name: "Rita Vendedora", role: "sales_rep", phone: "(11) 98888-1003" },
];

type DemoCaseStudy = {
  slug: string;
  title: string;
  description: string;
  tag: string;
  industry: string;
  projectType: string;
  timelineWeeks: number;
  overview: string;
  keyFeatures: string[];
  figures: CaseStudyFigure[];
  translations: { pt: CaseStudyTranslation; es: CaseStudyTranslation };
  daysAgo: number;
};

export const DEMO_CASE_STUDIES: DemoCaseStudy[] = [
  {
    slug: "aura-health-mvp",
    title: "Aura Health: telehealth MVP to 500K users",
    description: "A HIPAA-ready telehealth MVP with video consultations, e-prescriptions and patient records, launched in 8 weeks.",
    tag: "Healthcare",
    industry: "healthcare",
    projectType: "mvp",
    timelineWeeks: 8,
    overview:
      "Aura Health needed to validate a virtual-care model before its Series A. We scoped a focused MVP, shipped it in 8 weeks and scaled it to half a million users in its first year.",
    keyFeatures: ["Video consultations", "E-prescriptions", "Patient records", "Appointment scheduling"],
    figures: [
      { value: "+340%", label: "ROI" },
      { value: "8", label: "weeks" },
      { value: "500K+", label: "users" },
    ],
    translations: {
      pt: {
        title: "Aura Health: MVP de telemedicina para 500 mil usuários",
        description:
          "Um MVP de telemedicina pronto para HIPAA, com consultas por vídeo, receitas digitais e prontuário, lançado em 8 semanas.",
        tag: "Saúde",
        overview:
          "A Aura Health precisava validar um modelo de atendimento virtual antes da rodada Série A. Definimos um MVP enxuto, entregamos em 8 semanas e escalamos para meio milhão de usuários no primeiro ano.",
        keyFeatures: ["Consultas por vídeo", "Receitas digitais", "Prontuário do paciente", "Agendamento de consultas"],
        figures: [
          { value: "+340%", label: "ROI" },
          { value: "8", label: "semanas" },
          { value: "500K+", label: "usuários" },
        ],
      },
      es: {
        title: "Aura Health: MVP de telemedicina para 500 mil usuarios",
        description:
          "Un MVP de telemedicina preparado para HIPAA, con consultas por video, recetas digitales e historias clínicas, lanzado en 8 semanas.",
        tag: "Salud",
        overview:
          "Aura Health necesitaba validar un modelo de atención virtual antes de su Serie A. Definimos un MVP enfocado, lo entregamos en 8 semanas y lo escalamos a medio millón de usuarios en su primer año.",
        keyFeatures: ["Consultas por video", "Recetas digitales", "Historia clínica", "Agenda de citas"],
        figures: [
          { value: "+340%", label: "ROI" },
          { value: "8", label: "semanas" },
          { value: "500K+", label: "usuarios" },
        ],
      },
    },
    daysAgo: 20,
  },
  {
    slug: "maple-leaf-logistics",
    title: "Maple Leaf Logistics: route optimization platform",
    description: "A fleet and route-optimization platform that cut fuel and overtime costs for a Canadian logistics operator in 12 weeks.",
    tag: "Logistics",
    industry: "logistics",
    projectType: "platform",
    timelineWeeks: 12,
    overview:
      "Maple Leaf Logistics ran 300 trucks on spreadsheets. We replaced them with a real-time dispatch and route-optimization platform that paid for itself within months.",
    keyFeatures: ["Real-time fleet tracking", "Route optimization", "Driver mobile app", "Operations dashboard"],
    figures: [
      { value: "+280%", label: "efficiency" },
      { value: "12", label: "weeks" },
      { value: "$460K", label: "saved" },
    ],
    translations: {
      pt: {
        title: "Maple Leaf Logistics: plataforma de otimização de rotas",
        description:
          "Uma plataforma de frota e otimização de rotas que reduziu custos de combustível e horas extras de uma transportadora canadense em 12 semanas.",
        tag: "Logística",
        overview:
          "A Maple Leaf Logistics operava 300 caminhões com planilhas. Substituímos tudo por uma plataforma de despacho em tempo real e otimização de rotas que se pagou em poucos meses.",
        keyFeatures: ["Rastreamento da frota em tempo real", "Otimização de rotas", "App para motoristas", "Painel de operações"],
        figures: [
          { value: "+280%", label: "eficiência" },
          { value: "12", label: "semanas" },
          { value: "US$ 460 mil", label: "economizados" },
        ],
      },
      es: {
        title: "Maple Leaf Logistics: plataforma de optimización de rutas",
        description:
          "Una plataforma de flota y optimización de rutas que redujo costos de combustible y horas extra de una operadora logística canadiense en 12 semanas.",
        tag: "Logística",
        overview:
          "Maple Leaf Logistics gestionaba 300 camiones con hojas de cálculo. Las reemplazamos por una plataforma de despacho en tiempo real y optimización de rutas que se pagó en pocos meses.",
        keyFeatures: ["Seguimiento de flota en tiempo real", "Optimización de rutas", "App para conductores", "Panel de operaciones"],
        figures: [
          { value: "+280%", label: "eficiencia" },
          { value: "12", label: "semanas" },
          { value: "US$ 460 mil", label: "ahorrados" },
        ],
      },
    },
    daysAgo: 45,
  },
  {
    slug: "artisans-collective",
    title: "Artisans Collective: marketplace for 10K makers",
    description: "A multi-vendor marketplace with payments, shipping and seller tools that brought 10,000 artisans online in 16 weeks.",
    tag: "E-commerce",
    industry: "ecommerce",
    projectType: "enterprise",
    timelineWeeks: 16,
    overview:
      "Artisans Collective wanted to take a network of independent makers online. We built a marketplace with onboarding, split payments and logistics, and sales grew 450% in the first season.",
    keyFeatures: ["Multi-vendor storefronts", "Split payments", "Shipping integration", "Seller analytics"],
    figures: [
      { value: "+450%", label: "sales" },
      { value: "16", label: "weeks" },
      { value: "10K+", label: "artisans" },
    ],
    translations: {
      pt: {
        title: "Artisans Collective: marketplace para 10 mil artesãos",
        description:
          "Um marketplace multivendedor com pagamentos, frete e ferramentas para vendedores que levou 10.000 artesãos para o online em 16 semanas.",
        tag: "E-commerce",
        overview:
          "A Artisans Collective queria levar uma rede de artesãos independentes para a internet. Construímos um marketplace com cadastro de vendedores, pagamentos divididos e logística, e as vendas cresceram 450% na primeira temporada.",
        keyFeatures: ["Lojas multivendedor", "Pagamentos divididos", "Integração de frete", "Análises para vendedores"],
        figures: [
          { value: "+450%", label: "vendas" },
          { value: "16", label: "semanas" },
          { value: "10K+", label: "artesãos" },
        ],
      },
      es: {
        title: "Artisans Collective: marketplace para 10 mil artesanos",
        description:
          "Un marketplace multivendedor con pagos, envíos y herramientas para vendedores que llevó a 10.000 artesanos al mundo online en 16 semanas.",
        tag: "E-commerce",
        overview:
          "Artisans Collective quería llevar una red de artesanos independientes a internet. Construimos un marketplace con alta de vendedores, pagos divididos y logística, y las ventas crecieron 450% en la primera temporada.",
        keyFeatures: ["Tiendas multivendedor", "Pagos divididos", "Integración de envíos", "Analítica para vendedores"],
        figures: [
          { value: "+450%", label: "ventas" },
          { value: "16", label: "semanas" },
          { value: "10K+", label: "artesanos" },
        ],
      },
    },
    daysAgo: 70,
  },
  // Five more case studies so the listing's filters, sorts and Load More (8 > 6) mean
  // something in the demo. They are all older than the three of the specification, so
  // "newest first" (the landing page's teaser too) still opens with the spec's studies.
  {
    slug: "pixflow-payments",
    title: "PixFlow: instant-payments wallet for small businesses",
    description:
      "A digital wallet and payments platform with instant transfers, QR checkout and automatic reconciliation for 40,000 small merchants.",
    tag: "Fintech",
    industry: "fintech",
    projectType: "platform",
    timelineWeeks: 14,
    overview:
      "PixFlow wanted small shops to accept instant payments without a card terminal. We built a wallet, a QR checkout and a reconciliation engine on a ledger designed for audits, and passed the central bank's certification on the first attempt.",
    keyFeatures: ["QR code checkout", "Instant transfers", "Double-entry ledger", "Automatic reconciliation", "Fraud scoring"],
    figures: [
      { value: "+190%", label: "transaction volume" },
      { value: "14", label: "weeks" },
      { value: "99.98%", label: "uptime" },
    ],
    translations: {
      pt: {
        title: "PixFlow: carteira de pagamentos instantâneos para pequenos negócios",
        description:
          "Uma carteira digital e plataforma de pagamentos com transferências instantâneas, checkout por QR e conciliação automática para 40 mil pequenos lojistas.",
        tag: "Fintech",
        overview:
          "A PixFlow queria que pequenas lojas aceitassem pagamentos instantâneos sem maquininha. Construímos a carteira, o checkout por QR e um motor de conciliação sobre um livro-razão pensado para auditoria, e a certificação do Banco Central saiu na primeira tentativa.",
        keyFeatures: [
          "Checkout por QR code",
          "Transferências instantâneas",
          "Livro-razão de partidas dobradas",
          "Conciliação automática",
          "Análise de fraude",
        ],
        figures: [
          { value: "+190%", label: "volume transacionado" },
          { value: "14", label: "semanas" },
          { value: "99,98%", label: "disponibilidade" },
        ],
      },
      es: {
        title: "PixFlow: billetera de pagos instantáneos para pequeños negocios",
        description:
          "Una billetera digital y plataforma de pagos con transferencias instantáneas, cobro por QR y conciliación automática para 40.000 pequeños comercios.",
        tag: "Fintech",
        overview:
          "PixFlow quería que los pequeños comercios aceptaran pagos instantáneos sin terminal de tarjetas. Construimos la billetera, el cobro por QR y un motor de conciliación sobre un libro mayor pensado para auditorías, y la certificación del banco central llegó al primer intento.",
        keyFeatures: [
          "Cobro con código QR",
          "Transferencias instantáneas",
          "Libro mayor de partida doble",
          "Conciliación automática",
          "Detección de fraude",
        ],
        figures: [
          { value: "+190%", label: "volumen transaccionado" },
          { value: "14", label: "semanas" },
          { value: "99,98%", label: "disponibilidad" },
        ],
      },
    },
    daysAgo: 95,
  },
  {
    slug: "brightpath-learning",
    title: "BrightPath: adaptive learning app for 120 schools",
    description:
      "A mobile-first learning app that adapts exercises to each student and gives teachers a live view of the class, piloted in 10 weeks.",
    tag: "Education",
    industry: "education",
    projectType: "mvp",
    timelineWeeks: 10,
    overview:
      "BrightPath had a proven teaching method on paper. We turned it into an adaptive app for students and a dashboard for teachers, piloted it in 12 schools and rolled it out to 120 by the end of the school year.",
    keyFeatures: ["Adaptive exercise engine", "Offline mode", "Teacher dashboard", "Parent progress reports"],
    figures: [
      { value: "+62%", label: "course completion" },
      { value: "10", label: "weeks" },
      { value: "120", label: "schools" },
    ],
    translations: {
      pt: {
        title: "BrightPath: app de aprendizagem adaptativa para 120 escolas",
        description:
          "Um app de aprendizagem pensado para o celular que adapta os exercícios a cada aluno e mostra ao professor a turma em tempo real, com piloto em 10 semanas.",
        tag: "Educação",
        overview:
          "A BrightPath tinha um método de ensino comprovado no papel. Transformamos o método em um app adaptativo para alunos e um painel para professores, fizemos o piloto em 12 escolas e chegamos a 120 até o fim do ano letivo.",
        keyFeatures: ["Motor de exercícios adaptativos", "Modo offline", "Painel do professor", "Relatórios de progresso para os pais"],
        figures: [
          { value: "+62%", label: "conclusão dos cursos" },
          { value: "10", label: "semanas" },
          { value: "120", label: "escolas" },
        ],
      },
      es: {
        title: "BrightPath: app de aprendizaje adaptativo para 120 escuelas",
        description:
          "Una app de aprendizaje pensada para el móvil que adapta los ejercicios a cada alumno y muestra al docente la clase en tiempo real, con piloto en 10 semanas.",
        tag: "Educación",
        overview:
          "BrightPath tenía un método de enseñanza probado en papel. Lo convertimos en una app adaptativa para alumnos y un panel para docentes, hicimos el piloto en 12 escuelas y llegamos a 120 antes de terminar el año escolar.",
        keyFeatures: [
          "Motor de ejercicios adaptativos",
          "Modo sin conexión",
          "Panel del docente",
          "Informes de progreso para las familias",
        ],
        figures: [
          { value: "+62%", label: "finalización de cursos" },
          { value: "10", label: "semanas" },
          { value: "120", label: "escuelas" },
        ],
      },
    },
    daysAgo: 120,
  },
  {
    slug: "nordic-home-retail",
    title: "Nordic Home: omnichannel commerce for 40 stores",
    description:
      "A headless e-commerce platform that unified online orders, store stock and click-and-collect for a home-goods retailer with 40 stores.",
    tag: "Retail",
    industry: "ecommerce",
    projectType: "enterprise",
    timelineWeeks: 20,
    overview:
      "Nordic Home's website and its stores ran on separate systems, so online customers often bought items that were out of stock. We built a headless storefront on a single inventory service, added click-and-collect, and migrated 15 years of orders without downtime.",
    keyFeatures: ["Headless storefront", "Unified inventory", "Click-and-collect", "ERP integration", "Zero-downtime migration"],
    figures: [
      { value: "+38%", label: "online revenue" },
      { value: "20", label: "weeks" },
      { value: "40", label: "stores connected" },
    ],
    translations: {
      pt: {
        title: "Nordic Home: comércio omnichannel para 40 lojas",
        description:
          "Uma plataforma de e-commerce headless que unificou pedidos online, estoque das lojas e retirada na loja para uma varejista de casa e decoração com 40 lojas.",
        tag: "Varejo",
        overview:
          "O site e as lojas da Nordic Home rodavam em sistemas separados, e clientes online muitas vezes compravam itens sem estoque. Construímos uma loja headless sobre um único serviço de estoque, adicionamos a retirada na loja e migramos 15 anos de pedidos sem parar a operação.",
        keyFeatures: ["Loja headless", "Estoque unificado", "Retirada na loja", "Integração com o ERP", "Migração sem indisponibilidade"],
        figures: [
          { value: "+38%", label: "receita online" },
          { value: "20", label: "semanas" },
          { value: "40", label: "lojas conectadas" },
        ],
      },
      es: {
        title: "Nordic Home: comercio omnicanal para 40 tiendas",
        description:
          "Una plataforma de e-commerce headless que unificó pedidos online, stock de tiendas y retiro en tienda para un minorista de hogar con 40 tiendas.",
        tag: "Retail",
        overview:
          "La web y las tiendas de Nordic Home funcionaban en sistemas separados, y los clientes online a menudo compraban artículos sin stock. Construimos una tienda headless sobre un único servicio de inventario, sumamos el retiro en tienda y migramos 15 años de pedidos sin interrumpir la operación.",
        keyFeatures: [
          "Tienda headless",
          "Inventario unificado",
          "Retiro en tienda",
          "Integración con el ERP",
          "Migración sin interrupciones",
        ],
        figures: [
          { value: "+38%", label: "ingresos online" },
          { value: "20", label: "semanas" },
          { value: "40", label: "tiendas conectadas" },
        ],
      },
    },
    daysAgo: 150,
  },
  {
    slug: "ledgerly-saas",
    title: "Ledgerly: bookkeeping SaaS for accounting firms",
    description:
      "A multi-tenant bookkeeping SaaS that lets small accounting firms close their clients' books together, from MVP to first paying customers in 6 weeks.",
    tag: "SaaS",
    industry: "saas",
    projectType: "mvp",
    timelineWeeks: 6,
    overview:
      "Ledgerly's founders knew accounting, not software. In six weeks we shipped a multi-tenant MVP with bank-statement import, a shared close checklist and role-based access, which they used to sign their first paying firms.",
    keyFeatures: ["Multi-tenant workspaces", "Bank statement import", "Month-end close checklist", "Role-based access"],
    // No headline figures yet: the card shows no hover overlay.
    figures: [],
    translations: {
      pt: {
        title: "Ledgerly: SaaS de escrituração para escritórios de contabilidade",
        description:
          "Um SaaS multiempresa de escrituração para pequenos escritórios fecharem a contabilidade dos clientes em equipe, do MVP aos primeiros clientes pagantes em 6 semanas.",
        tag: "SaaS",
        overview:
          "Os fundadores da Ledgerly entendiam de contabilidade, não de software. Em seis semanas entregamos um MVP multiempresa com importação de extratos, checklist de fechamento compartilhado e controle de acesso por perfil, com o qual eles fecharam os primeiros escritórios pagantes.",
        keyFeatures: ["Espaços multiempresa", "Importação de extratos bancários", "Checklist de fechamento mensal", "Acesso por perfil"],
      },
      es: {
        title: "Ledgerly: SaaS contable para estudios de contabilidad",
        description:
          "Un SaaS contable multiempresa para que los estudios pequeños cierren la contabilidad de sus clientes en equipo, del MVP a los primeros clientes de pago en 6 semanas.",
        tag: "SaaS",
        overview:
          "Los fundadores de Ledgerly sabían de contabilidad, no de software. En seis semanas entregamos un MVP multiempresa con importación de extractos, checklist de cierre compartido y acceso por roles, con el que cerraron sus primeros estudios de pago.",
        keyFeatures: ["Espacios multiempresa", "Importación de extractos bancarios", "Checklist de cierre mensual", "Acceso por roles"],
      },
    },
    daysAgo: 180,
  },
  {
    slug: "forgeline-manufacturing",
    title: "Forgeline: shop-floor monitoring across 3 plants",
    description:
      "An industrial IoT platform that streams machine data from three plants into live dashboards and predictive maintenance alerts.",
    tag: "Manufacturing",
    industry: "manufacturing",
    projectType: "enterprise",
    timelineWeeks: 24,
    overview:
      "Forgeline learned about machine failures when a production line stopped. We connected 600 machines across three plants, built live dashboards for each shift and trained maintenance alerts on two years of sensor history.",
    keyFeatures: ["Sensor data pipeline", "Live shift dashboards", "Predictive maintenance alerts", "OEE reporting"],
    figures: [
      { value: "-35%", label: "unplanned downtime" },
      { value: "24", label: "weeks" },
      { value: "$1.2M", label: "saved per year" },
    ],
    translations: {
      pt: {
        title: "Forgeline: monitoramento do chão de fábrica em 3 plantas",
        description:
          "Uma plataforma de IoT industrial que leva os dados das máquinas de três plantas para painéis ao vivo e alertas de manutenção preditiva.",
        tag: "Indústria",
        overview:
          "A Forgeline descobria falhas de máquina quando a linha de produção parava. Conectamos 600 máquinas em três plantas, criamos painéis ao vivo para cada turno e treinamos alertas de manutenção com dois anos de histórico dos sensores.",
        keyFeatures: ["Pipeline de dados de sensores", "Painéis ao vivo por turno", "Alertas de manutenção preditiva", "Relatórios de OEE"],
        figures: [
          { value: "-35%", label: "paradas não planejadas" },
          { value: "24", label: "semanas" },
          { value: "US$ 1,2 mi", label: "economizados por ano" },
        ],
      },
      es: {
        title: "Forgeline: monitoreo de planta en 3 fábricas",
        description:
          "Una plataforma de IoT industrial que lleva los datos de las máquinas de tres fábricas a paneles en vivo y alertas de mantenimiento predictivo.",
        tag: "Manufactura",
        overview:
          "Forgeline se enteraba de las fallas de las máquinas cuando se detenía la línea de producción. Conectamos 600 máquinas en tres fábricas, creamos paneles en vivo para cada turno y entrenamos alertas de mantenimiento con dos años de historial de sensores.",
        keyFeatures: [
          "Pipeline de datos de sensores",
          "Paneles en vivo por turno",
          "Alertas de mantenimiento predictivo",
          "Informes de OEE",
        ],
        figures: [
          { value: "-35%", label: "paradas no planificadas" },
          { value: "24", label: "semanas" },
          { value: "US$ 1,2 M", label: "ahorrados por año" },
        ],
      },
    },
    daysAgo: 210,
  },
];

type DemoLead = {
  name: string;
  company: string | null;
  status: LeadStatus;
  source: LeadSource;
  value: number | null;
  tags: string[];
  owner: "admin" | "manager" | "rep" | null;
  notes: string | null;
};

const LEAD_ROWS: [string, string | null, LeadStatus, LeadSource, number | null, string[], DemoLead["owner"]][] = [
  ["Carlos Eduardo Silva", "Padaria Pão Quente", "new", "website", 15000, ["Interessado"], "rep"],
  ["Fernanda Oliveira", "Clínica Sorriso Feliz", "new", "referral", 37500, ["Urgente", "Orçamento"], "rep"],
  ["João Pedro Santos", "Santos & Filhos Transportes", "new", "advertising", null, [], null],
  ["Mariana Costa", "Costa Imóveis", "new", "social_media", 75000, ["Interessado", "Retorno"], "manager"],
  ["Rafael Almeida", null, "new", "website", 15000, [], null],
  ["Juliana Pereira", "Escola Aprender Mais", "new", "other", 37500, ["Aguardando"], "rep"],
  ["Lucas Rodrigues", "AgroTech Cerrado", "new", "website", 150000, ["Urgente", "Qualificado", "Orçamento", "Proposta"], "admin"],
  ["Beatriz Lima", "Boutique Bela Moda", "qualified", "social_media", 37500, ["Qualificado"], "rep"],
  ["Gustavo Ferreira", "Ferreira Advocacia", "qualified", "referral", 75000, ["Qualificado", "Retorno"], "manager"],
  ["Camila Ribeiro", "Ribeiro Contabilidade", "qualified", "website", 15000, ["Qualificado"], "rep"],
  ["Thiago Carvalho", "FinPay Soluções", "qualified", "advertising", 150000, ["Qualificado", "Concorrente"], "admin"],
  ["Larissa Gomes", "Academia Corpo em Forma", "qualified", "website", null, ["Interessado"], null],
  ["Bruno Martins", "Martins Engenharia", "qualified", "referral", 75000, ["Qualificado", "Orçamento"], "rep"],
  ["Patrícia Souza", "Souza Odontologia", "contacted", "website", 37500, ["Retorno"], "rep"],
  ["Rodrigo Barbosa", "Barbosa Logística", "contacted", "advertising", 75000, ["Aguardando"], "manager"],
  ["Aline Araújo", "Doces da Vovó", "contacted", "social_media", 15000, [], "rep"],
  ["Felipe Cardoso", "Cardoso Seguros", "contacted", "referral", 150000, ["Interessado", "Proposta"], "admin"],
  ["Vanessa Rocha", "Rocha Turismo", "contacted", "website", 37500, ["Retorno", "Orçamento"], "rep"],
  ["Diego Nascimento", "EduTech Brasil", "contacted", "other", null, [], null],
  ["Tatiane Mendes", "Mendes Arquitetura", "contacted", "website", 37500, ["Aguardando"], "manager"],
  ["André Castro", "Castro Materiais de Construção", "negotiating", "referral", 75000, ["Proposta", "Orçamento"], "rep"],
  ["Renata Pinto", "Pinto Farmácias", "negotiating", "advertising", 150000, ["Urgente", "Proposta", "Concorrente"], "admin"],
  ["Marcelo Teixeira", "Teixeira Auto Peças", "negotiating", "website", 37500, ["Proposta"], "rep"],
  ["Gabriela Moreira", "Moreira Eventos", "negotiating", "social_media", 75000, ["Proposta", "Retorno"], "manager"],
  ["Leonardo Dias", "Dias Consultoria", "negotiating", "referral", 75000, ["Proposta"], "rep"],
  ["Isabela Correia", "Correia Cosméticos", "won", "website", 37500, ["Qualificado"], "rep"],
  ["Ricardo Monteiro", "Monteiro Agronegócios", "won", "referral", 150000, ["Qualificado", "Proposta"], "admin"],
  ["Amanda Freitas", "Freitas Pet Shop", "won", "social_media", 15000, [], "rep"],
  ["Eduardo Vieira", "Vieira Distribuidora", "won", "advertising", 75000, ["Proposta"], "manager"],
  ["Priscila Azevedo", "Azevedo Clínica Veterinária", "won", "website", 37500, ["Qualificado"], "rep"],
  ["Henrique Lopes", "Lopes Construtora", "won", "referral", 150000, ["Proposta", "Orçamento"], "manager"],
  ["Daniela Cunha", "Cunha Moda Praia", "lost", "website", 15000, ["Concorrente"], "rep"],
  ["Fábio Ramos", "Ramos Autoescola", "lost", "advertising", 37500, [], "rep"],
  ["Letícia Batista", "Batista Buffet", "lost", "social_media", null, ["Aguardando"], null],
  ["Sérgio Nogueira", "Nogueira Metalúrgica", "lost", "referral", 75000, ["Concorrente", "Orçamento"], "manager"],
  ["Natália Campos", "Campos Nutrição", "new", "social_media", 15000, ["Interessado"], "rep"],
  ["Paulo Henrique Moura", "Moura Tecnologia", "qualified", "website", 75000, ["Qualificado", "Urgente"], "admin"],
  ["Cristina Duarte", "Duarte Imobiliária", "contacted", "referral", 37500, ["Retorno"], "rep"],
  ["Vinícius Farias", "Farias Games", "negotiating", "other", 150000, ["Proposta", "Interessado"], "admin"],
  ["Simone Barros", "Barros Hotelaria", "won", "website", 75000, ["Qualificado", "Proposta"], "rep"],
];

const EMAIL_DOMAIN = (company: string | null, name: string) =>
  (company ?? name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "e")
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 24);

export const DEMO_LEADS = LEAD_ROWS.map(([name, company, status, source, value, tags, owner], index) => {
  const first = name
    .split(" ")[0]!
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const ddd = [11, 21, 31, 41, 51, 61, 71, 81][index % 8];
  return {
    key: `lead-${index + 1}`,
    name,
    company,
    status,
    source,
    value,
    tags,
    owner,
    email: `${first}@${EMAIL_DOMAIN(company, name)}.com.br`,
    // Every fifth lead has no phone, so the UI's "no WhatsApp button" case shows up. Stored in
    // E.164 like the CRM stores them ("+5511981001000", shown as "(11) 98100-1000").
    phone: index % 5 === 4 ? null : `+55${ddd}9${String(8100 + index * 37).padStart(4, "0")}${String(1000 + index * 53).slice(-4)}`,
    notes:
      index % 4 === 0
        ? `Projeto: ${["aplicativo web", "app mobile", "e-commerce", "automação"][index % 4]}. Prazo desejado: ${[1, 3, 6][index % 3]} meses.`
        : null,
    daysAgo: Math.round((index * 89) / LEAD_ROWS.length) % 90,
  } satisfies DemoLead & { key: string; email: string; phone: string | null; daysAgo: number };
});

export const DEMO_ACTIVITY_TEMPLATES: {
  type: "whatsapp" | "email" | "call" | "meeting" | "internal_note";
  subject: string | null;
  content: string;
}[] = [
  { type: "email", subject: "Apresentação da Velox Labs", content: "Enviado e-mail com portfólio e cases de sucesso." },
  { type: "call", subject: null, content: "Ligação de descoberta: entendemos o problema e o orçamento disponível." },
  { type: "whatsapp", subject: null, content: "Cliente respondeu pelo WhatsApp pedindo uma proposta até sexta." },
  { type: "meeting", subject: "Reunião de escopo", content: "Reunião por vídeo com o sócio e o gerente de TI para detalhar o escopo." },
  { type: "internal_note", subject: null, content: "Concorrente ofereceu prazo maior; destacar nossa garantia de prazo." },
];

export const DEMO_TASKS: {
  key: string;
  title: string;
  description: string | null;
  due: "overdue" | "today" | "in2days" | "later" | null;
  done: boolean;
  owner: "admin" | "manager" | "rep" | null;
  lead: number | null;
}[] = [
  {
    key: "task-1",
    title: "Enviar proposta para Pinto Farmácias",
    description: "Proposta com duas opções de escopo.",
    due: "overdue",
    done: false,
    owner: "admin",
    lead: 22,
  },
  {
    key: "task-2",
    title: "Retornar ligação da Clínica Sorriso Feliz",
    description: null,
    due: "overdue",
    done: false,
    owner: "rep",
    lead: 2,
  },
  {
    key: "task-3",
    title: "Reunião de alinhamento com Castro Materiais",
    description: "Validar cronograma e forma de pagamento.",
    due: "today",
    done: false,
    owner: "rep",
    lead: 21,
  },
  {
    key: "task-4",
    title: "Preparar demo para FinPay Soluções",
    description: "Demo do painel financeiro.",
    due: "today",
    done: false,
    owner: "admin",
    lead: 11,
  },
  {
    key: "task-5",
    title: "Revisar contrato da Moreira Eventos",
    description: null,
    due: "in2days",
    done: false,
    owner: "manager",
    lead: 24,
  },
  {
    key: "task-6",
    title: "Follow-up com Souza Odontologia",
    description: "Perguntar se receberam o orçamento.",
    due: "in2days",
    done: false,
    owner: "rep",
    lead: 14,
  },
  {
    key: "task-7",
    title: "Planejar workshop de descoberta da AgroTech",
    description: null,
    due: "later",
    done: false,
    owner: "admin",
    lead: 7,
  },
  {
    key: "task-8",
    title: "Atualizar apresentação comercial",
    description: "Incluir o case da Artisans Collective.",
    due: "later",
    done: false,
    owner: "manager",
    lead: null,
  },
  {
    key: "task-9",
    title: "Enviar boas-vindas à Correia Cosméticos",
    description: null,
    due: "overdue",
    done: true,
    owner: "rep",
    lead: 26,
  },
  {
    key: "task-10",
    title: "Registrar motivo da perda da Cunha Moda Praia",
    description: null,
    due: null,
    done: true,
    owner: "rep",
    lead: 32,
  },
  {
    key: "task-11",
    title: "Organizar a pasta de propostas",
    description: "Sem prazo definido.",
    due: null,
    done: false,
    owner: null,
    lead: null,
  },
  { key: "task-12", title: "Ligar para Teixeira Auto Peças", description: null, due: "in2days", done: false, owner: "rep", lead: 23 },
];

export const DEMO_CHANNELS: {
  key: string;
  name: string;
  description: string | null;
  isPrivate: boolean;
  members: ("admin" | "manager" | "rep")[];
  messages: ["admin" | "manager" | "rep", string][];
}[] = [
  {
    key: "channel-geral",
    name: "geral",
    description: "Avisos e conversas de toda a equipe",
    isPrivate: false,
    members: ["admin", "manager", "rep"],
    messages: [
      ["admin", "Bom dia, equipe! Lembrando da reunião geral às 10h."],
      ["manager", "Bom dia! Vou levar os números do mês."],
      ["rep", "Perfeito, até lá.\nVou chegar uns minutos antes para testar o projetor."],
    ],
  },
  {
    key: "channel-vendas",
    name: "vendas",
    description: "Pipeline, propostas e negociações",
    isPrivate: false,
    members: ["admin", "manager", "rep"],
    messages: [
      ["rep", "Fechamos a Barros Hotelaria! 🎉"],
      ["manager", "Excelente, Rita! Registra o valor final no CRM, por favor."],
      ["admin", "Parabéns! Vamos usar esse case na próxima apresentação."],
    ],
  },
  {
    key: "channel-diretoria",
    name: "diretoria",
    description: "Canal privado da gestão",
    isPrivate: true,
    members: ["admin", "manager"],
    messages: [["admin", "Precisamos revisar as metas do trimestre na sexta."]],
  },
];

const NATALIA = DEMO_LEADS.find((lead) => lead.name === "Natália Campos")!;

/**
 * Each user's demo notifications: a kind and its params (worker/services/notification-text.ts),
 * so every reader sees them in their own language; title and message are the pt text, the
 * fallback every notification row keeps (tests/db/seed.test.ts checks they match).
 */
export const DEMO_NOTIFICATIONS: {
  type: "new_lead" | "status_change" | "task_due" | "meeting_reminder" | "system";
  kind: string;
  params: Record<string, string | number>;
  title: string;
  message: string;
  read: boolean;
  hoursAgo: number;
}[] = [
  {
    type: "new_lead",
    kind: "newLead",
    params: { name: "Natália Campos", email: NATALIA.email },
    title: "Novo lead do site",
    message: `Natália Campos (${NATALIA.email}) deixou o contato no assistente do site.`,
    read: false,
    hoursAgo: 1,
  },
  {
    type: "status_change",
    kind: "leadStatusChanged",
    params: { name: "Ana Administradora", lead: "Simone Barros", from: "negotiating", to: "won" },
    title: "Status do lead alterado",
    message: "Ana Administradora moveu o lead “Simone Barros” de Negociando para Ganho.",
    read: false,
    hoursAgo: 5,
  },
  {
    type: "task_due",
    kind: "taskDueAt",
    params: { title: "Reunião de alinhamento com Castro Materiais", time: "17:00" },
    title: "Tarefa vence em breve",
    message: "A tarefa “Reunião de alinhamento com Castro Materiais” vence às 17:00.",
    read: false,
    hoursAgo: 8,
  },
  {
    type: "meeting_reminder",
    kind: "meetingReminder",
    params: { title: "Reunião de escopo", lead: "Thiago Carvalho", time: "14:00" },
    title: "Lembrete de reunião",
    message: "A reunião “Reunião de escopo” com o lead “Thiago Carvalho” começa às 14:00.",
    read: true,
    hoursAgo: 26,
  },
  {
    type: "system",
    kind: "welcome",
    params: {},
    title: "Bem-vindo ao CRM",
    message: "Seu acesso foi configurado. Bons negócios!",
    read: true,
    hoursAgo: 72,
  },
];
