import { paintOf, type GeneratedProduct, type Silhouette } from './catalogue';

/**
 * A product photo stand-in: a side-view sneaker (sole, upper, toe cap, heel tab, laces and
 * the brand's accent) painted in the colourway's colours, so catalogue cards and lists show
 * the product rather than a grey box. Deterministic (same product, same bytes) and ~2-3 KB.
 */

const WHITE = '#f7f7f5';

function channel(hex: string, i: number): number {
  return Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
}

/** Mixes a colour towards another (t = 0 keeps it, 1 gives the other). */
function mix(a: string, b: string, t: number): string {
  let out = '#';
  for (let i = 0; i < 3; i++) {
    const v = Math.round(channel(a, i) * (1 - t) + channel(b, i) * t);
    out += v.toString(16).padStart(2, '0');
  }
  return out;
}

function luminance(hex: string): number {
  return (0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2)) / 255;
}

const isLight = (hex: string) => luminance(hex) > 0.7;

interface Paints {
  upper: string;
  overlay: string;
  accent: string;
  midsole: string;
  outsole: string;
  laces: string;
  line: string;
  background: string;
}

function paintsOf(product: GeneratedProduct): Paints {
  const names = product.colors.length > 0 ? product.colors : ['White', 'Black'];
  const upper = paintOf(names[0] ?? 'White');
  const overlay = paintOf(names[1] ?? names[0] ?? 'Black');
  const third = names[2];
  const gum = names.includes('Gum');
  // The accent must stand out from the upper it sits on.
  let accent = third && third !== 'Gum' ? paintOf(third) : overlay;
  if (Math.abs(luminance(accent) - luminance(upper)) < 0.12) accent = isLight(upper) ? '#1c1c1e' : WHITE;
  const allDark = !isLight(upper) && !isLight(overlay);
  const midsole =
    allDark && names.every((n) => n.includes('Black'))
      ? '#2a2a2c'
      : third === 'Sail' || third === 'Cream' || names[0] === 'Sail'
        ? paintOf('Sail')
        : WHITE;
  const outsole = gum ? paintOf('Gum') : allDark ? '#1c1c1e' : mix(overlay, '#000000', 0.15);
  return {
    upper,
    overlay,
    accent,
    midsole,
    outsole,
    laces: isLight(upper) ? mix(upper, '#ffffff', 0.4) : mix(upper, '#ffffff', 0.15),
    line: mix(isLight(upper) ? overlay : upper, '#000000', 0.55),
    background: mix(overlay, '#ffffff', 0.9),
  };
}

interface Shape {
  upper: string;
  toeCap: string;
  heel: string;
  collar: string;
  laceFrom: [number, number];
  laceTo: [number, number];
  midsoleTop: number;
}

// Facing right, ground at y=212; coordinates hand-drawn for the 400x220 view box from y=20.
const SHAPES: Record<Silhouette, Shape> = {
  low: {
    upper:
      'M44 176C34 146 38 116 54 100L76 96C106 108 134 112 156 102L170 86C176 78 190 78 196 86C236 114 292 130 340 142C372 150 382 168 370 176Z',
    toeCap: 'M300 176C300 154 318 138 340 142C372 150 382 168 370 176Z',
    heel: 'M44 176C34 146 38 116 54 100L70 98C76 124 84 152 100 176Z',
    collar: 'M54 100L76 96C106 108 134 112 156 102',
    laceFrom: [184, 92],
    laceTo: [262, 126],
    midsoleTop: 176,
  },
  high: {
    upper:
      'M44 176C34 132 40 82 54 50L84 44C108 56 130 62 150 56L166 36C174 28 188 30 192 40C206 90 270 122 340 142C372 150 382 168 370 176Z',
    toeCap: 'M300 176C300 154 318 138 340 142C372 150 382 168 370 176Z',
    heel: 'M44 176C34 132 40 82 54 50L72 48C76 96 86 146 104 176Z',
    collar: 'M54 50L84 44C108 56 130 62 150 56',
    laceFrom: [182, 48],
    laceTo: [250, 118],
    midsoleTop: 176,
  },
  runner: {
    upper:
      'M46 168C36 140 40 112 56 98L80 94C108 104 134 108 154 100L170 84C178 76 192 78 196 86C238 112 296 124 344 136C376 144 384 160 372 168Z',
    toeCap: 'M306 168C306 148 324 132 344 136C376 144 384 160 372 168Z',
    heel: 'M46 168C36 140 40 112 56 98L72 96C78 122 88 148 104 168Z',
    collar: 'M56 98L80 94C108 104 134 108 154 100',
    laceFrom: [186, 90],
    laceTo: [266, 122],
    midsoleTop: 168,
  },
};

function accentMark(product: GeneratedProduct, p: Paints): string {
  const brand = product.brand;
  if (brand === 'Nike' || brand === 'Jordan')
    return `<path d="M110 160C170 152 236 134 296 118C250 146 182 164 124 168C108 169 104 163 110 160Z" fill="${p.accent}"/>`;
  if (brand === 'adidas')
    return [0, 1, 2]
      .map((i) => `<path d="M${196 + i * 22} ${104 + i * 9}l14 6-30 64h-14Z" fill="${p.accent}"/>`)
      .join('');
  if (brand === 'New Balance')
    return `<path d="M170 160l14-50h13l16 32 8-32h12l-14 50h-12l-16-32-8 32Z" fill="${p.accent}"/>`;
  if (brand === 'Asics')
    return `<path d="M150 160C190 150 230 128 262 104M166 164C206 150 246 128 282 110" stroke="${p.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  if (brand === 'Puma')
    return `<path d="M112 160C160 156 210 136 250 106C266 96 284 96 300 104C276 104 262 116 246 132C214 162 160 170 112 166Z" fill="${p.accent}"/>`;
  if (brand === 'Vans')
    return `<path d="M120 150C160 152 196 140 226 120C240 112 256 112 266 120C240 124 222 150 196 162C170 172 140 170 120 164Z" fill="${p.accent}"/>`;
  if (brand === 'Converse')
    return `<circle cx="88" cy="118" r="13" fill="${p.accent}"/><circle cx="88" cy="118" r="5" fill="${WHITE}"/>`;
  return `<path d="M120 160C170 150 222 128 266 100L278 108C236 138 180 162 124 168Z" fill="${p.accent}"/>`;
}

function laces(shape: Shape, p: Paints): string {
  const [x0, y0] = shape.laceFrom;
  const [x1, y1] = shape.laceTo;
  const n = 5;
  let out = '';
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = Math.round(x0 + (x1 - x0) * t);
    const y = Math.round(y0 + (y1 - y0) * t);
    out += `M${x - 9} ${y - 7}L${x + 9} ${y + 7}M${x - 9} ${y + 7}L${x + 9} ${y - 7}`;
  }
  return `<path d="${out}" stroke="${p.laces}" stroke-width="4" stroke-linecap="round"/>`;
}

/** The product's image as an SVG document. */
export function sneakerSvg(product: GeneratedProduct): string {
  const p = paintsOf(product);
  const shape = SHAPES[product.silhouette];
  const top = shape.midsoleTop;
  const midsoleHeight = product.silhouette === 'runner' ? 28 : 18;
  const bottom = top + midsoleHeight;
  const soleLine = `M30 ${top}H376C388 ${top} 390 ${bottom} 376 ${bottom}H36C24 ${bottom} 20 ${top} 30 ${top}Z`;
  const outsole = `M36 ${bottom}H376C384 ${bottom} 384 ${bottom + 10} 372 ${bottom + 10}H40C28 ${bottom + 10} 26 ${bottom} 36 ${bottom}Z`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 20 400 220" width="400" height="220">`,
    `<rect y="20" width="400" height="220" fill="${p.background}"/>`,
    `<ellipse cx="206" cy="${bottom + 16}" rx="178" ry="9" fill="#000" opacity=".13"/>`,
    `<g stroke="${p.line}" stroke-width="2" stroke-linejoin="round">`,
    `<path d="${shape.upper}" fill="${p.upper}"/>`,
    `<path d="${shape.heel}" fill="${p.overlay}"/>`,
    `<path d="${shape.toeCap}" fill="${p.overlay}"/>`,
    `</g>`,
    accentMark(product, p),
    `<path d="${shape.collar}" stroke="${p.line}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    laces(shape, p),
    `<path d="${shape.upper}" fill="none" stroke="${p.line}" stroke-width="1.5" stroke-dasharray="3 4" transform="translate(6 -3) scale(.97)" opacity=".35"/>`,
    `<path d="${soleLine}" fill="${p.midsole}" stroke="${p.line}" stroke-width="2"/>`,
    `<path d="${outsole}" fill="${p.outsole}" stroke="${p.line}" stroke-width="2"/>`,
    `</svg>`,
  ].join('');
}
