import { describe, expect, it } from "vitest";
import { checkContact } from "../../app/modules/site/contact/contact-check.ts";
import { CONTACT_FIELDS, contactSchema } from "../../app/modules/site/contact/contact-schema.ts";
import { checkEmail } from "../../app/modules/site/forms/email-check.ts";
import { fieldErrorKeys } from "../../app/modules/site/forms/form-issues.ts";
import { newsletterSchema } from "../../app/modules/site/insights/newsletter-schema.ts";

// The public forms check their input twice: in the browser with a few plain lines (no zod in
// the page's JavaScript) and on the server with the zod schema (route actions, /api). Both
// must give the visitor the same answer: the same dictionary key for the same field.

const serverContact = (values: Record<string, string>) => {
  const parsed = contactSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorKeys(parsed.error, CONTACT_FIELDS);
};
const serverEmail = (email: string) => {
  const parsed = newsletterSchema.safeParse({ email });
  return parsed.success ? null : (fieldErrorKeys(parsed.error, ["email"]).email ?? "unexpected");
};

const EMAILS: [label: string, value: string][] = [
  ["valid", "ana@empresa.com"],
  ["valid, capitals and spaces around", "  ANA.Souza@Empresa.COM.br  "],
  ["valid, plus and apostrophe", "o'neil+crm@example.co"],
  ["valid, 254 characters", `${"a".repeat(242)}@example.com`],
  ["valid, tabs around (trimmed)", "\tana@empresa.com\n"],
  ["empty", ""],
  ["whitespace only", "   \t  "],
  ["too long (255)", `${"a".repeat(243)}@example.com`],
  ["no domain dot", "ana@localhost"],
  ["no at sign", "ana.empresa.com"],
  ["two at signs", "ana@@empresa.com"],
  ["leading dot", ".ana@empresa.com"],
  ["dot before at", "ana.@empresa.com"],
  ["double dot", "an..a@empresa.com"],
  ["one-letter top-level domain", "ana@empresa.c"],
  ["space inside", "ana souza@empresa.com"],
  ["accented local part", "joão@empresa.com"],
  ["domain starting with a hyphen", "ana@-empresa.com"],
  ["CR LF header injection", "ana@empresa.com\r\nBcc: evil@example.com"],
  ["NUL inside", "ana\u0000@empresa.com"],
  ["DEL inside", "ana\u007f@empresa.com"],
  ["NUL at the end (not trimmed)", "ana@empresa.com\u0000"],
];

const NAMES: [string, string][] = [
  ["valid", "Paula Ferreira"],
  ["valid, two letters", "Li"],
  ["valid, 100 characters", "x".repeat(100)],
  ["valid, spaces around", "   Ana   "],
  ["empty", ""],
  ["whitespace only", "  \t\n "],
  ["no-break spaces only", "\u00a0\u00a0"],
  ["one letter", "A"],
  ["one letter with spaces", "  A  "],
  ["too long (101)", "x".repeat(101)],
  ["line break inside", "Ana\nBcc: x"],
  ["tab inside", "Ana\tSouza"],
  ["NUL inside", "Ana\u0000Souza"],
  ["control character at the end", "Ana Souza\u0001"],
];

const MESSAGES: [string, string][] = [
  ["valid", "We need a booking app for 12 clinics."],
  ["valid, exactly 10", "0123456789"],
  ["valid, 5000", "m".repeat(5000)],
  ["valid, line breaks inside", "First line\nSecond line\r\nThird"],
  ["empty", ""],
  ["whitespace only", " \n\t \r\n "],
  ["too short", "Too short"],
  ["too short after trimming", "   123456789   "],
  ["too long (5001)", "m".repeat(5001)],
];

const VALID = { name: "Paula Ferreira", email: "paula@example.com", message: "We need a booking app for 12 clinics." };

describe("the browser's e-mail check and the server's schema", () => {
  it.each(EMAILS)("agree on %s", (_label, email) => {
    expect(checkEmail(email)).toBe(serverEmail(email));
  });

  it("say what is wrong, with the dictionary's keys", () => {
    expect(checkEmail("")).toBe("site.forms.errors.emailRequired");
    expect(checkEmail(`${"a".repeat(243)}@example.com`)).toBe("site.forms.errors.emailTooLong");
    expect(checkEmail("ana@localhost")).toBe("site.forms.errors.emailInvalid");
    expect(checkEmail("ana@empresa.com\r\nBcc: evil@example.com")).toBe("site.forms.errors.emailInvalid");
    expect(checkEmail(" Ana@Empresa.com ")).toBeNull();
  });
});

describe("the browser's contact check and the server's schema", () => {
  const rows: [string, typeof VALID][] = [
    ...NAMES.map(([label, name]): [string, typeof VALID] => [`name: ${label}`, { ...VALID, name }]),
    ...EMAILS.map(([label, email]): [string, typeof VALID] => [`email: ${label}`, { ...VALID, email }]),
    ...MESSAGES.map(([label, message]): [string, typeof VALID] => [`message: ${label}`, { ...VALID, message }]),
    ["everything empty", { name: "", email: "", message: "" }],
    ["everything whitespace", { name: "  ", email: " \t ", message: "\n\n" }],
    ["everything too long", { name: "n".repeat(101), email: `${"e".repeat(250)}@x.com`, message: "m".repeat(5001) }],
    ["everything with control characters", { name: "A\u0000B", email: "a\u0000@b.com", message: "\u0000\u0001\u0002" }],
  ];

  it.each(rows)("agree on %s", (_label, values) => {
    expect(checkContact(values)).toEqual(serverContact(values));
  });

  it("say what is wrong per field, with the dictionary's keys", () => {
    expect(checkContact(VALID)).toEqual({});
    expect(checkContact({ name: " A ", email: "a@b", message: "  short  " })).toEqual({
      name: "site.contact.form.errors.nameTooShort",
      email: "site.forms.errors.emailInvalid",
      message: "site.contact.form.errors.messageTooShort",
    });
    expect(checkContact({ ...VALID, name: "Ana\r\nBcc: x" })).toEqual({ name: "site.contact.form.errors.nameInvalid" });
    expect(checkContact({ name: "   ", email: "", message: "\n" })).toEqual({
      name: "site.contact.form.errors.nameRequired",
      email: "site.forms.errors.emailRequired",
      message: "site.contact.form.errors.messageRequired",
    });
  });
});
