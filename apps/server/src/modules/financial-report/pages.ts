import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';

/**
 * The demo interim financial report: fifteen A4 pages drawn as SVG from their number (a title, a chart and text
 * lines), so the demo needs no binary files and nothing from the internet. A real report replaces them with its
 * scanned pages in the same place.
 */
export function reportPageSvg(page: number): string {
  const bars = Array.from({ length: 6 }, (_, i) => {
    const height = 40 + ((page * 37 + i * 53) % 140);
    return `<rect x="${90 + i * 70}" y="${560 - height}" width="44" height="${height}" fill="#2f6f4f" opacity="${0.55 + i * 0.07}"/>`;
  }).join('');
  const lines = Array.from({ length: 12 }, (_, i) => {
    const width = 360 + ((page * 29 + i * 71) % 200);
    return `<rect x="70" y="${640 + i * 26}" width="${width}" height="10" rx="5" fill="#ced4da"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="595" height="842" viewBox="0 0 595 842">
<rect width="595" height="842" fill="#ffffff"/>
<rect x="0" y="0" width="595" height="90" fill="#1f3d2f"/>
<text x="40" y="52" font-family="sans-serif" font-size="22" fill="#ffffff">Промежуточный финансовый отчёт · 2024</text>
<text x="40" y="78" font-family="sans-serif" font-size="13" fill="#c9e3d3">Interim financial report · 2024</text>
<text x="40" y="150" font-family="sans-serif" font-size="18" fill="#1f3d2f">Раздел ${Math.ceil(page / 3)} · Section ${Math.ceil(page / 3)}</text>
<line x1="70" y1="560" x2="525" y2="560" stroke="#868e96"/>${bars}${lines}
<text x="297" y="820" font-family="sans-serif" font-size="12" fill="#868e96" text-anchor="middle">${page} / ${FINANCIAL_REPORT_PAGES}</text>
</svg>`;
}
