/**
 * At most `concurrency` pieces of work at once, the others waiting their turn in order. A year's
 * ZIP renders its PDFs one turn each: however many downloads run, only a few pdf-lib documents
 * (each holding a few MB and a core while it renders) exist at once, and a slow client, waiting
 * between two PDFs, holds no turn.
 */
export function createTurns(concurrency: number): <T>(work: () => Promise<T>) => Promise<T> {
  const waiting: (() => void)[] = [];
  let running = 0;
  return async (work) => {
    if (running < concurrency) running++;
    // The finishing work hands its turn over: `running` stays the same.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
