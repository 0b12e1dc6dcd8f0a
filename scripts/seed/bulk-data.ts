// Word lists for the bulk seed (`npm run db:seed -- --leads N`): Brazilian first names,
// surnames, company words, towns and texts. Plain data; bulk-seed.ts combines them.

export const FIRST_NAMES = [
  "João", "José", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos",
  "Luís", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Raimundo", "Rodrigo",
  "Sérgio", "Fábio", "Márcio", "Vinícius", "Otávio", "Caio", "Thiago", "Mateus", "Gustavo", "Leonardo",
  "André", "Júlio", "César", "Rogério", "Cláudio", "Flávio", "Hélio", "Ícaro", "Ênio", "Álvaro",
  "Maria", "Ana", "Francisca", "Antônia", "Adriana", "Juliana", "Márcia", "Fernanda", "Patrícia", "Aline",
  "Sandra", "Camila", "Amanda", "Bruna", "Jéssica", "Letícia", "Júlia", "Luciana", "Vanessa", "Mariana",
  "Gabriela", "Larissa", "Cláudia", "Beatriz", "Lúcia", "Vitória", "Natália", "Débora", "Cecília", "Conceição",
  "Inês", "Mônica", "Sônia", "Rosângela", "Tânia", "Fabíola", "Flávia", "Lívia", "Helena", "Isadora",
] as const;

export const SURNAMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
  "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
  "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
  "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Conceição", "Magalhães", "Brandão", "Falcão",
  "Simões", "Guimarães", "Damasceno", "Assunção", "Calixto", "Sá", "Amaral", "Peixoto", "Monteiro", "Estêvão",
  "Coelho", "Batista", "Campos", "Azevedo", "Correia", "Cunha", "Nogueira", "Pinto", "Leão", "Frazão",
] as const;

/** Sectors that read well before a surname or a place: "Oliveira Advocacia", "Padaria Bela Vista". */
export const SECTORS = [
  "Advocacia", "Arquitetura", "Construtora", "Contabilidade", "Consultoria", "Distribuidora", "Engenharia", "Farmácia",
  "Imobiliária", "Logística", "Metalúrgica", "Odontologia", "Padaria", "Papelaria", "Pet Shop", "Restaurante",
  "Clínica Médica", "Clínica Veterinária", "Auto Peças", "Autoescola", "Academia", "Escola de Idiomas", "Hotelaria",
  "Turismo", "Transportes", "Seguros", "Móveis", "Confecções", "Cosméticos", "Ótica", "Materiais de Construção", "Eventos",
] as const;

export const PLACES = [
  "São Paulo", "Paulista", "Bela Vista", "Ipanema", "Pampulha", "Jardins", "Moinhos", "Boa Viagem", "Itaim", "Savassi",
  "Horizonte", "Ipiranga", "Mooca", "Tijuca", "Batel", "Água Verde", "São José", "Santa Cecília", "Três Rios", "Maracanã",
  "Nordeste", "Cerrado", "Pantanal", "Serra Gaúcha", "Litoral", "Amazônia", "Planalto", "Vale do Paraíba", "Sertão", "Paraná",
] as const;

/** Brand-like words: "NovaTech Soluções", "Ágil Sistemas". */
export const BRANDS = [
  "NovaTech", "Ágil", "Fênix", "Aurora", "Ômega", "Vértice", "Prisma", "Nexo", "Órbita", "Trilha",
  "Ponte", "Raiz", "Colméia", "Farol", "Âncora", "Atlântica", "Ipê", "Jequitibá", "Sabiá", "Tucano",
] as const;

export const BRAND_SUFFIXES = ["Soluções", "Sistemas", "Digital", "Tecnologia", "Serviços", "Comércio", "Indústria", "Foods", "Saúde", "Educação"] as const;

export const LEGAL_SUFFIXES = ["", "", "", "", " Ltda", " Ltda.", " S.A.", " ME", " EIRELI"] as const;

export const FREE_EMAIL_DOMAINS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "bol.com.br", "terra.com.br", "icloud.com"] as const;

/** Area codes of the larger Brazilian cities. */
export const AREA_CODES = [11, 11, 11, 21, 21, 31, 41, 47, 48, 51, 61, 62, 71, 81, 85, 91, 92, 27, 19, 16] as const;

/** Tags that are not in PREDEFINED_TAGS (crm.md §3: "others are free text"). */
export const FREE_TAGS = ["Black Friday", "Indicação VIP", "Evento SP", "E-commerce", "Licitação", "Franquia", "Exportação", "Recorrente", "Pós-venda", "Inbound"] as const;

export const NOTE_TEMPLATES = [
  "Projeto: aplicativo mobile para clientes. Prazo desejado: 3 meses.",
  "Quer integrar o ERP atual com a loja virtual.",
  "Pediu orçamento para um site institucional com blog.",
  "Decisor é o sócio; preferem contato pela manhã.",
  "Já trabalhou com outra agência e não ficou satisfeito com os prazos.",
  "Interesse em automação do atendimento via WhatsApp.",
  "Orçamento aprovado para o próximo trimestre.",
  "Precisa de um painel de indicadores para a diretoria.",
] as const;

export const TASK_TEMPLATES = [
  { title: "Ligar para {first}", description: "Confirmar interesse e próximos passos." },
  { title: "Enviar proposta para {company}", description: "Proposta com duas opções de escopo." },
  { title: "Follow-up com {name}", description: null },
  { title: "Agendar reunião com {company}", description: "Reunião por vídeo com o decisor." },
  { title: "Revisar orçamento de {company}", description: "Conferir horas e forma de pagamento." },
  { title: "Responder e-mail de {first}", description: null },
] as const;
