import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { hostPageCss } from "../src/ui/reserve.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `.br` and `.gz` copies of a file, each only when smaller than the file itself. */
export async function writeCompressedCopies(path: string): Promise<void> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
}

/**
 * Writes `.br` and `.gz` copies beside every built script and style sheet, compressed once at the
 * highest levels, so a server (the reference API, nginx `gzip_static`/`brotli_static`, a CDN)
 * sends them without compressing on each request. Also writes `static/css/macc-elements.css`,
 * the host page's optional sheet that keeps room for each element until it is defined.
 */
export function precompress(): Plugin {
  let library = false;
  return {
    name: "macc-precompress",
    apply: "build",
    // Only the widget build: Storybook builds an app from the same config.
    configResolved(config) {
      library = !!config.build.lib;
    },
    async writeBundle(options, bundle) {
      if (!library || !options.dir) return;
      const hostSheet = join(dirname(options.dir), "css", "macc-elements.css");
      await mkdir(dirname(hostSheet), { recursive: true });
      await writeFile(hostSheet, `/* MACC elements: room kept for each tag until it is defined. */\n${hostPageCss()}\n`);
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all([hostSheet, ...files.map((name) => join(options.dir!, name))].map(writeCompressedCopies));
    },
  };
}
