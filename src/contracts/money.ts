/**
 * Money is integer minor units with its currency (cents for USD, yen for JPY); the API writes it as a decimal
 * string in the currency's own precision (`"68.00"`, `"1200"`). Decimal strings from stores are read digit by
 * digit, never through a floating-point number.
 */
const digitsCache = new Map<string, number>();

/** The currency's minor-unit digits (ISO 4217 through Intl); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(code, digits);
  }
  return digits;
}

/**
 * A store's decimal string (`"68.00"`, `"-5.5"`, `"1200"`) as integer minor units of the currency; extra digits
 * beyond the currency's precision are rounded half away from zero. Null when the text is not a decimal number.
 */
export function parseMinorUnits(amount: string | number, currency: string): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = currencyDigits(currency);
  const kept = (fraction + '0'.repeat(digits)).slice(0, digits);
  let minor = Number(whole!) * 10 ** digits + (kept ? Number(kept) : 0);
  if ((fraction[digits] ?? '0') >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}

/** Integer minor units as the API's decimal string in the currency's precision: 6800 USD → "68.00". */
export function formatMinorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
