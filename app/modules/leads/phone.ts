// Phone numbers as people type them (issue 20), stored in E.164 ("+5511988887777"; a number
// without a country code is Brazilian). The server's writes and the chat's extraction use
// this; screens show the stored number with phone-format.ts.

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
