import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { proveHuman, requiredWork } from "../core/bot-check";
import { useElement } from "./context";

/** Harder challenges solved for one submission at most: the cost may rise while one is solved. */
const HARDER_ROUNDS = 3;

export interface BotCheck {
  /** Handlers for the protected `<form>`: its first focus or input starts the proof of work. */
  startOn: { onFocus: () => void; onChange: () => void };
  /** A solution for one request (usually solved already). */
  take(): Promise<string>;
  /**
   * Sends `request` with a solution; when the API asks for more work (login after failures), solves
   * a challenge of that cost and sends it again, calling `onHarder` first so the form can say it
   * is still working.
   */
  send<T>(request: (proof: string) => Promise<T>, onHarder?: () => void): Promise<T>;
}

/**
 * The invisible bot check of public forms. The proof of work starts at the visitor's first
 * interaction with the form (focus or input: spread `startOn` on the `<form>`), not when it shows:
 * a page that only displays the form spends nothing on it, and the work (which yields to the page
 * between batches, so typing never waits) is usually done by the time they submit. Each submission
 * takes one proof and starts the next.
 */
export function useBotCheck(): BotCheck {
  const { core } = useElement();
  const next = useRef<Promise<string> | null>(null);
  const prepare = () => {
    const proof = proveHuman(core.api);
    proof.catch(() => undefined);
    next.current = proof;
    return proof;
  };
  const start = () => {
    if (!next.current) prepare();
  };
  const take = () => {
    const proof = next.current ?? prepare();
    prepare();
    return proof;
  };
  return {
    startOn: { onFocus: start, onChange: start },
    take,
    async send(request, onHarder) {
      let proof = await take();
      for (let round = 0; ; round++) {
        try {
          return await request(proof);
        } catch (error) {
          const work = requiredWork(error);
          if (work === null || round >= HARDER_ROUNDS) throw error;
          onHarder?.();
          proof = await proveHuman(core.api, undefined, work);
        }
      }
    },
  };
}

/** What a refused proof tells the visitor, the same on every form. */
export function useBotCheckFailure(): string {
  const { t } = useLingui();
  return t`The security check failed. Please try again.`;
}
