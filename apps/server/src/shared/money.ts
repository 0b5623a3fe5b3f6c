/** '1 845 300,00 ₽': rubles grouped by thousands, as the spec shows money. */
const formatter = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
});

export function formatRubles(amount: number): string {
  return formatter
    .format(amount)
    .replace(/\u00a0/g, ' ')
    .replace(/\u202f/g, ' ');
}
