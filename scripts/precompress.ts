import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies beside every built script and style sheet, compressed once at the
 * highest levels, so a server (the reference API, nginx `gzip_static`/`brotli_static`, a CDN)
 * sends them without compressing on each request. A copy that would not be smaller is skipped.
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
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(options.dir!, name);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${path}.br`, br);
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
