import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const page = await browser.newPage();
const rows = [];
page.on("response", async (r) => { if (r.url().endsWith(".js")) rows.push([r.url().split("/").pop(), r.body()]); });
await page.goto(process.argv[2], { waitUntil: "networkidle" });
let t = 0;
for (const [n, b] of rows) { const s = gzipSync(await b, { level: 9 }).length; t += s; console.log(s, n); }
console.log(t, "total");
await browser.close();
