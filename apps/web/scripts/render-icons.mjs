// Renders the PNG icons and favicon.ico from public/favicon.svg in Debian's Chromium (no image tools
// needed): node apps/web/scripts/render-icons.mjs after changing the SVG; the results are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
const dir = new URL('../public/', import.meta.url).pathname;
const svg = readFileSync(dir + 'favicon.svg', 'utf8');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
async function render(size, { maskable = false } = {}) {
  const p = await b.newPage({ viewport: { width: size, height: size } });
  // A maskable icon keeps its drawing inside the middle 80 % (the safe zone) on a full bleed.
  const body = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#1976d2;display:flex;align-items:center;justify-content:center"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:${size * 0.8}px;height:${size * 0.8}px"></div>`
    : `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:${size}px;height:${size}px;display:block">`;
  await p.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
  const png = await p.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await p.close();
  return png;
}
writeFileSync(dir + 'icon-192.png', await render(192));
writeFileSync(dir + 'icon-512.png', await render(512));
writeFileSync(dir + 'icon-maskable-512.png', await render(512, { maskable: true }));
writeFileSync(dir + 'apple-touch-icon.png', await render(180, { maskable: true }));
// favicon.ico: an ICO directory of PNG images (16, 32, 48), which every browser reads.
const sizes = [16, 32, 48];
const pngs = [];
for (const s of sizes) pngs.push(await render(s));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((s, i) => {
  const e = 6 + 16 * i;
  header.writeUInt8(s, e); header.writeUInt8(s, e + 1); header.writeUInt8(0, e + 2); header.writeUInt8(0, e + 3);
  header.writeUInt16LE(1, e + 4); header.writeUInt16LE(32, e + 6);
  header.writeUInt32LE(pngs[i].length, e + 8); header.writeUInt32LE(offset, e + 12);
  offset += pngs[i].length;
});
writeFileSync(dir + 'favicon.ico', Buffer.concat([header, ...pngs]));
await b.close();
