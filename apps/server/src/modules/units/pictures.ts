/**
 * Demo pictures of units: SVG drawings made on request from their name (`<kind>-<n>.svg`), so the demo data needs
 * no binary files and nothing from the internet. Real photos would come through the uploads file store.
 */
const KINDS: Record<string, { sky: string; wall: string; roof: string; ground: string }> = {
  standard: { sky: '#a5d8ff', wall: '#f1f3f5', roof: '#495057', ground: '#8ce99a' },
  'junior-suite': { sky: '#d0ebff', wall: '#fff4e6', roof: '#862e9c', ground: '#69db7c' },
  suite: { sky: '#e7f5ff', wall: '#fff9db', roof: '#c92a2a', ground: '#51cf66' },
  banya: { sky: '#ffe8cc', wall: '#e8590c', roof: '#5c3d2e', ground: '#94d82d' },
  mirror: { sky: '#c5f6fa', wall: '#99e9f2', roof: '#343a40', ground: '#63e6be' },
  patio: { sky: '#fff3bf', wall: '#ffd8a8', roof: '#a61e4d', ground: '#a9e34b' },
  pontoon: { sky: '#dbe4ff', wall: '#b197fc', roof: '#364fc7', ground: '#4dabf7' },
};

export const UNIT_PICTURE_NAME = /^([a-z-]{2,20})-([1-9])\.svg$/;

/** The picture, or null for a name that is not one. */
export function unitPictureSvg(name: string): string | null {
  const match = UNIT_PICTURE_NAME.exec(name);
  const colours = match ? KINDS[match[1] ?? ''] : undefined;
  if (!match || !colours) return null;
  const n = Number(match[2]);
  // The second picture looks at the same house at dusk and from the side.
  const dusk = n % 2 === 0;
  const x = dusk ? 420 : 220;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
<rect width="800" height="500" fill="${dusk ? '#364fc7' : colours.sky}"/>
<circle cx="${dusk ? 140 : 660}" cy="100" r="48" fill="${dusk ? '#fff3bf' : '#ffd43b'}"/>
<rect y="360" width="800" height="140" fill="${colours.ground}"/>
<path d="M0 360 L140 250 L260 330 L400 220 L560 320 L680 240 L800 330 L800 360 Z" fill="#2b8a3e" opacity="0.55"/>
<rect x="${x}" y="230" width="260" height="170" fill="${colours.wall}"/>
<path d="M${x - 30} 240 L${x + 130} 130 L${x + 290} 240 Z" fill="${colours.roof}"/>
<rect x="${x + 30}" y="270" width="60" height="50" fill="${dusk ? '#ffe066' : '#74c0fc'}"/>
<rect x="${x + 170}" y="270" width="60" height="50" fill="${dusk ? '#ffe066' : '#74c0fc'}"/>
<rect x="${x + 105}" y="310" width="50" height="90" fill="#5c3d2e"/>
</svg>`;
}
