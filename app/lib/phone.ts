// Phone numbers (issue 20): stored in E.164 ("+5511988887777"; a number without a country code
// is Brazilian), shown in the national format for Brazil ("(11) 98888-7777") and in the
// international one for any other country ("+1 415 555 0132"). Isomorphic and tiny: the leads
// screen's first load carries formatPhone, the server's writes normalizePhone.

const CPF = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;

/** DDD (11-99, no zero) then a landline (8 digits from 2-5) or a mobile (9 digits from 9). */
const isBrazilianNational = (digits: string) => /^[1-9][1-9](?:9\d{8}|[2-5]\d{7})$/.test(digits);

/**
 * The E.164 form of what someone typed: "+5511987654321" for a Brazilian number (with or
 * without +55, with a leading 0, with any of the separators people use), "+14155550132" for a
 * number written with "+". Null for anything else (a CPF, a number without its area code).
 */
export function normalizePhone(text: string): string | null {
  const raw = text.trim();
  if (CPF.test(raw) || !/^\+?[\d\s().-]+$/.test(raw)) return null;
  let digits = raw.replace(/\D/g, "");
  if (raw.startsWith("+")) {
    if (digits.startsWith("55")) return isBrazilianNational(digits.slice(2)) ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  if (digits.length >= 12 && digits.startsWith("55") && isBrazilianNational(digits.slice(2))) return `+${digits}`;
  if (digits.startsWith("0")) digits = digits.slice(1);
  return isBrazilianNational(digits) ? `+55${digits}` : null;
}

/** Country codes of one or two digits (ITU E.164 zones); every other one has three. */
const SHORT_COUNTRY_CODE = /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/**
 * A phone as staff read it: "(11) 98888-7777" for a Brazilian number, "+44 207 946 0958" for
 * another country (country code, then the number in groups of three), whatever way it was
 * stored. Text that is not a phone number is shown as it was typed.
 */
export function formatPhone(phone: string): string {
  const e164 = normalizePhone(phone);
  if (!e164) return phone.trim();
  const digits = e164.slice(1);
  if (digits.startsWith("55")) return digits.slice(2).replace(/^(\d\d)(\d+)(\d{4})$/, "($1) $2-$3");
  const code = SHORT_COUNTRY_CODE.exec(digits)?.[0].length ?? 3;
  const groups = [];
  let rest = digits.slice(code);
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  return `+${digits.slice(0, code)} ${[...groups, rest].join(" ")}`;
}
