import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
const files = process.argv.slice(2, -1); const out = process.argv.at(-1);
const imgs = files.map((f) => `<img src="data:image/png;base64,${readFileSync(f).toString("base64")}" style="width:640px;display:block;margin:4px;border:1px solid #ccc">`).join("");
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new","--no-sandbox","--disable-gpu"] });
const p = await b.newPage({ viewport: { width: 1300, height: 800 } });
await p.setContent(`<body style="margin:0;display:flex;flex-wrap:wrap">${imgs}</body>`);
await p.screenshot({ path: out, fullPage: true }); await b.close();
