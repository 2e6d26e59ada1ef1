/** A decimal string from the API in its currency: "68.00" USD → "$68.00". */
export function formatMoney(amount: string, currency: string): string {
  try {
    // The API writes the currency's own precision; a bare "0" (a day with nothing) takes the currency's default.
    const digits = amount.includes('.') ? amount.split('.')[1]!.length : undefined;
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}
