import { describe, expect, it } from "vitest";
import { extractContact, guessName, normalizePhone } from "../../app/modules/chat/contact-extraction.ts";

describe("extractContact: e-mail", () => {
  it.each([
    ["meu email é joao.silva@gmail.com", "joao.silva@gmail.com"],
    ["escribeme a Pedro.M@Gmail.COM por favor", "pedro.m@gmail.com"],
    ["contato: carlos@techbr.com.br.", "carlos@techbr.com.br"],
    ["mike+chat@blue-fin.io, thanks", "mike+chat@blue-fin.io"],
  ])("%s → %s", (text, email) => {
    expect(extractContact(text).email).toBe(email);
  });

  it("finds none where there is none", () => {
    for (const text of ["meu email é joao arroba gmail", "@acme", "ana@localhost", "quanto custa?"]) {
      expect(extractContact(text).email, text).toBeNull();
    }
  });
});

describe("extractContact: phone", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["meu zap 21 99876 5432 ok?", "+5521998765432"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["+55 (48) 9 9123-4567", "+5548991234567"],
    ["+55(11)987654321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["liga no 011 98765-4321", "+5511987654321"],
    ["fixo (31) 3222-1100", "+553132221100"],
    ["call me at +1 (415) 555-0132", "+14155550132"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+34 612 345 678", "+34612345678"],
  ])("%s → %s", (text, phone) => {
    expect(extractContact(text).phone).toBe(phone);
  });

  it("refuses numbers that are not phones", () => {
    for (const text of [
      "tenho 15000 de orçamento",
      "R$ 150.000,00",
      "meu cpf 123.456.789-09",
      "de 2024-2025",
      "(01) 98765-4321",
      "11 88765-4321",
      "+55 11 1234",
      "612 345 678",
    ]) {
      expect(extractContact(text).phone, text).toBeNull();
    }
  });

  it("normalizePhone keeps a + number as digits and gives +55 to a Brazilian one", () => {
    expect(normalizePhone("+52 55 1234 5678")).toBe("+525512345678");
    expect(normalizePhone("(19) 3456-7890")).toBe("+551934567890");
    expect(normalizePhone("123")).toBeNull();
  });
});

describe("extractContact: name and company", () => {
  it.each([
    ["meu nome é Ana Paula, trabalho na Padaria Central", "Ana Paula", "Padaria Central"],
    ["me chamo joão da silva", "João da Silva", null],
    ["sou o carlos da empresa techbr, email carlos@techbr.com.br", "Carlos", "techbr"],
    ["sou a juliana da clinica sorriso, queremos um app", "Juliana", "clinica sorriso"],
    ["aqui é o Rodrigo da Ferreira Transportes", "Rodrigo", "Ferreira Transportes"],
    ["soy Juan Pérez de la empresa Logistica Andina", "Juan Pérez", "Logistica Andina"],
    ["me llamo sofia, mi whatsapp +52 55 1234 5678", "Sofia", null],
    ["Soy Ana Torres, CTO de Finlatam.", "Ana Torres", "Finlatam"],
    ["I'm John from Acme, reach me at john@acme.com", "John", "Acme"],
    ["name's sarah connor, work at skynet inc", "Sarah Connor", "skynet inc"],
    ["Kate Liu, kate@liu.dev, building a crm", "Kate Liu", null],
  ])("%s → %s / %s", (text, name, company) => {
    const found = extractContact(text);
    expect(found.name).toBe(name);
    expect(found.company).toBe(company);
  });

  it.each([
    // pt
    ["sou da Duarte Cosméticos", "Duarte Cosméticos"],
    ["trabalho na Andes Logística", "Andes Logística"],
    ["Oi! Sou da Duarte Cosméticos e quero um app", "Duarte Cosméticos"],
    ["somos da Andes Logística, precisamos de um sistema", "Andes Logística"],
    ["sou da empresa Duarte Cosméticos", "Duarte Cosméticos"],
    ["minha empresa é a Duarte Cosméticos", "Duarte Cosméticos"],
    ["trabalho na Duarte Cosméticos há 5 anos", "Duarte Cosméticos"],
    ["trabalho na Andes Logística que é uma transportadora", "Andes Logística"],
    ["trabalho no Banco do Brasil", "Banco do Brasil"],
    ["trabalho na Silva & Filhos Ltda", "Silva & Filhos Ltda"],
    // es
    ["trabajo en Andes Logística", "Andes Logística"],
    ["trabajo en Grupo Bimbo y necesitamos una app", "Grupo Bimbo"],
    ["trabajo en Mercado Libre desde 2020", "Mercado Libre"],
    ["mi empresa es Panadería Dulce", "Panadería Dulce"],
    // en
    ["I work at Acme Inc", "Acme Inc"],
    ["from Acme Inc", "Acme Inc"],
    ["hi from Acme Corp, we need an app", "Acme Corp"],
    ["I'm from Acme Inc.", "Acme Inc"],
    ["we're from Zenith Labs", "Zenith Labs"],
    ["I work for Globex Corporation and we need a CRM", "Globex Corporation"],
    ["I work for Acme Inc. since 2019", "Acme Inc"],
  ])("company: %s → %s", (text, company) => {
    expect(extractContact(text).company).toBe(company);
  });

  it("takes no place, department, greeting, generic noun or sentence tail for a company", () => {
    for (const text of [
      "trabalho na área de vendas",
      "trabalho em casa",
      "trabalho em São Paulo",
      "trabalho no banco",
      "trabalho numa padaria",
      "trabalho com vendas",
      "sou da área de TI",
      "sou do Rio",
      "sou da Bahia",
      "sou de São Paulo",
      "sou do time de vendas",
      "sou dono de uma padaria",
      "minha empresa é uma startup",
      "Oi, bom dia! Tudo bem?",
      "trabajo en una startup",
      "trabajo en casa",
      "soy de México",
      "I work at a bank",
      "I work at home",
      "I'm from Brazil",
      "I'm from the marketing team",
      "from New York",
      "I need an app that reads orders from WhatsApp",
      "my company is a startup",
    ]) {
      expect(extractContact(text).company, text).toBeNull();
      expect(guessName(text), text).toBeNull();
    }
    expect(extractContact("I'm John from London")).toMatchObject({ name: "John", company: null });
    expect(extractContact("sou o Carlos do Rio")).toMatchObject({ name: "Carlos", company: null });
  });

  it("does not take ordinary words after 'I'm' / 'sou' / 'soy' for a name", () => {
    for (const text of [
      "i'm in são paulo",
      "i'm interested in an app",
      "I am looking for a dev team",
      "sou dono de uma padaria",
      "soy el dueño de una tienda",
      "this is urgent",
      "Oi, meu email é ana@x.com",
    ]) {
      expect(extractContact(text).name, text).toBeNull();
    }
  });
});

describe("guessName (spec §5: a short answer with nothing else in it is the name)", () => {
  it.each([
    ["Maria Fernanda", "Maria Fernanda"],
    ["maria fernanda", "Maria Fernanda"],
    ["  João  ", "João"],
    ["Ana da Silva", "Ana da Silva"],
    ["Carlos Ramírez.", "Carlos Ramírez"],
    ["meu nome é Ana", "Ana"],
  ])("%s → %s", (text, name) => {
    expect(guessName(text)).toBe(name);
  });

  it("is null for words that are not names, numbers, questions, details and long texts", () => {
    for (const text of [
      "ok",
      "sim",
      "Yes",
      "hola",
      "oi",
      "obrigado!",
      "thanks",
      "123",
      "quanto custa?",
      "quero um app",
      "ana@x.com",
      "11 98765-4321",
      "ana maria da silva souza",
      "da silva",
      "",
    ]) {
      expect(guessName(text), text).toBeNull();
    }
  });
});
