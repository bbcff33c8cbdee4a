// Renders public/icons/golf.svg into the PNGs the manifest names (192 and 512 px, and a maskable 512 px whose
// motif sits inside the middle 80% that every mask keeps, on felt to the edges), with Debian's chromium through
// the browser tests' playwright-core (tests/web: npm ci there first). The PNGs are committed: run this by hand
// after changing the SVG.   node scripts/icons.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const icons = new URL("../public/icons/", import.meta.url);
const { chromium } = createRequire(new URL("../../../tests/web/package.json", import.meta.url))("playwright-core");
const FELT = "#1f6b45"; // the icon's own background: a maskable icon is cut from a full square
const svg = `data:image/svg+xml;base64,${readFileSync(new URL("golf.svg", icons)).toString("base64")}`;

const browser = await chromium.launch({ executablePath: process.env.GOLF_CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  const render = (size, scale, background) =>
    page.evaluate(
      async ({ svg, size, scale, background }) => {
        const image = new Image();
        image.src = svg;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = size;
        const g = canvas.getContext("2d");
        if (background) {
          g.fillStyle = background;
          g.fillRect(0, 0, size, size);
        }
        const side = size * scale;
        g.drawImage(image, (size - side) / 2, (size - side) / 2, side, side);
        return canvas.toDataURL("image/png").split(",")[1];
      },
      { svg, size, scale, background }
    );
  for (const [name, size, scale, background] of [
    ["icon-192.png", 192, 1, ""],
    ["icon-512.png", 512, 1, ""],
    ["icon-maskable-512.png", 512, 0.78, FELT],
  ]) {
    writeFileSync(new URL(name, icons), Buffer.from(await render(size, scale, background), "base64"));
    console.log(`public/icons/${name}`);
  }
} finally {
  await browser.close();
}
