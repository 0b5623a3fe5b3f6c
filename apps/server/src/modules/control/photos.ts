/**
 * Demo photos of checklist checks: small SVG pictures drawn on request from their name, so the demo data needs
 * no binary files and nothing from the internet. Real photos would come through the uploads file store.
 */
const PALETTE = ['#5c7cfa', '#20c997', '#fab005', '#fa5252', '#7950f2', '#15aabf'];

export const DEMO_PHOTO_NAME = /^check-(\d{1,9})-(\d)$/;

export function demoPhotoSvg(checkId: number, index: number): string {
  const color = PALETTE[(checkId + index) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<rect width="800" height="600" fill="${color}"/>
<rect x="60" y="300" width="680" height="240" fill="#ffffff" opacity="0.25"/>
<circle cx="640" cy="140" r="70" fill="#ffffff" opacity="0.5"/>
<path d="M60 540 L260 280 L420 460 L540 340 L740 540 Z" fill="#000000" opacity="0.2"/>
<text x="60" y="110" font-family="sans-serif" font-size="48" fill="#ffffff">№ ${checkId} · ${index}</text>
</svg>`;
}
