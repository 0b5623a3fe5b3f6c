/**
 * Demo photos of media reports: construction-site pictures drawn on request from their name, so the demo needs
 * no binary files and nothing from the internet. Real reports carry the file store's URLs.
 */
const SKIES = ['#74c0fc', '#a5d8ff', '#ffd8a8', '#b2f2bb', '#d0bfff', '#99e9f2'];

export const REPORT_PICTURE_NAME = /^report-(\d{1,9})-(\d{1,2})$/;

export function reportPictureSvg(report: number, index: number): string {
  const sky = SKIES[(report + index) % SKIES.length];
  // The building grows with the report number: later reports show more floors.
  const floors = 1 + ((report + index) % 5);
  const blocks = Array.from(
    { length: floors },
    (_, f) =>
      `<rect x="260" y="${470 - (f + 1) * 60}" width="280" height="56" fill="#868e96" stroke="#495057" stroke-width="3"/>` +
      `<rect x="290" y="${485 - (f + 1) * 60}" width="40" height="26" fill="#e9ecef"/>` +
      `<rect x="380" y="${485 - (f + 1) * 60}" width="40" height="26" fill="#e9ecef"/>` +
      `<rect x="470" y="${485 - (f + 1) * 60}" width="40" height="26" fill="#e9ecef"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<rect width="800" height="600" fill="${sky}"/>
<circle cx="680" cy="110" r="50" fill="#fff3bf"/>
<rect y="470" width="800" height="130" fill="#8c6d46"/>
<path d="M0 470 L120 330 L240 470 Z M560 470 L700 300 L800 420 L800 470 Z" fill="#2b8a3e" opacity="0.8"/>
${blocks}
<path d="M600 470 V120 H760 M600 140 H700" stroke="#f59f00" stroke-width="10" fill="none"/>
<line x1="700" y1="140" x2="700" y2="230" stroke="#495057" stroke-width="3"/>
<text x="40" y="70" font-family="sans-serif" font-size="40" fill="#212529">№ ${report} · ${index}</text>
</svg>`;
}
