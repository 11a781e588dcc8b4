/** What the build plugins read of a chunk's static imports. */
interface Importing {
  imports: readonly string[];
}

/**
 * Every chunk that `fileName` imports, directly or through the chunks it imports (the browser fetches
 * them all before the chunk runs); `fileName` itself only when an import cycle leads back to it.
 */
export function staticImports(chunks: ReadonlyMap<string, Importing>, fileName: string, seen = new Set<string>()): Set<string> {
  for (const imported of chunks.get(fileName)?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(chunks, imported, seen);
  }
  return seen;
}
