/**
 * Demo pictures of the news page, drawn as SVG on request, so the demo needs no binary files and nothing from the
 * internet: `title-{desktop|tablet|mobile}.svg` (the page's title image in its three shapes) and `news-{n}.svg`
 * (a card's picture). Real pictures would come through the uploads file store.
 */
const TITLE_SIZES = { desktop: [1200, 280], tablet: [900, 260], mobile: [600, 300] } as const;
const PALETTES = [
  ['#d3f9d8', '#2b8a3e', '#69db7c'],
  ['#d0ebff', '#1864ab', '#74c0fc'],
  ['#fff3bf', '#e67700', '#ffd43b'],
  ['#f3d9fa', '#862e9c', '#da77f2'],
  ['#ffe3e3', '#c92a2a', '#ff8787'],
  ['#e3fafc', '#0b7285', '#66d9e8'],
] as const;

export function newsPictureSvg(name: string): string | null {
  const title = /^title-(desktop|tablet|mobile)\.svg$/.exec(name);
  if (title) {
    const [width, height] = TITLE_SIZES[title[1] as keyof typeof TITLE_SIZES];
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c7ed6"/><stop offset="1" stop-color="#2b8a3e"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<path d="M0 ${height * 0.75} Q ${width * 0.25} ${height * 0.55} ${width * 0.5} ${height * 0.72} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="#ffffff" opacity="0.18"/>
<path d="M0 ${height * 0.88} Q ${width * 0.3} ${height * 0.7} ${width * 0.62} ${height * 0.86} T ${width} ${height * 0.8} V ${height} H 0 Z" fill="#ffffff" opacity="0.22"/>
<circle cx="${width * 0.85}" cy="${height * 0.3}" r="${height * 0.14}" fill="#ffe066" opacity="0.9"/>
</svg>`;
  }
  const card = /^news-([1-9][0-9]?)\.svg$/.exec(name);
  if (!card) return null;
  const n = Number(card[1]);
  const [background, dark, light] = PALETTES[n % PALETTES.length] ?? PALETTES[0];
  const shift = (n * 67) % 300;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<rect width="800" height="450" fill="${background}"/>
<circle cx="${150 + shift}" cy="120" r="56" fill="${light}"/>
<path d="M0 330 L${120 + shift / 3} 210 L${300 + shift / 2} 310 L${480 + shift / 4} 190 L800 320 V450 H0 Z" fill="${dark}" opacity="0.75"/>
<rect x="${420 - shift / 5}" y="250" width="150" height="120" fill="#ffffff" opacity="0.9"/>
<path d="M${405 - shift / 5} 255 L${495 - shift / 5} 195 L${585 - shift / 5} 255 Z" fill="${dark}"/>
<rect y="370" width="800" height="80" fill="${light}" opacity="0.8"/>
</svg>`;
}
