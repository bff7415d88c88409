import type { ServerResponse } from 'node:http';
import { styleKeyOf, type GeneratedProduct } from './catalogue';
import { sendError } from './http';
import { sneakerSvg } from './images';

/** `GET /images/{styleId}.svg`: each product's generated picture, drawn once. */
export function createProductImages(products: GeneratedProduct[]) {
  const byStyleKey = new Map(products.map((p) => [styleKeyOf(p.styleId), p]));
  const images = new Map<string, string>();

  function image(name: string, res: ServerResponse) {
    const key = styleKeyOf(decodeURIComponent(name.replace(/\.svg$/, '')));
    const product = byStyleKey.get(key);
    if (!product) return sendError(res, 404, 'Image not found');
    let svg = images.get(key);
    if (svg === undefined) {
      svg = sneakerSvg(product);
      images.set(key, svg);
    }
    res.writeHead(200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-length': Buffer.byteLength(svg),
    });
    res.end(svg);
  }

  return { image };
}
