import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { proveHuman } from "../core/bot-check";
import { useElement } from "./context";

/**
 * The invisible bot check of public forms: a proof of work is solved as soon as the form shows,
 * so it is usually ready when the visitor submits; each submission takes one and starts the next.
 */
export function useBotCheck(): { take(): Promise<string> } {
  const { core } = useElement();
  const next = useRef<Promise<string> | null>(null);
  const prepare = () => {
    const proof = proveHuman(core.api);
    proof.catch(() => undefined);
    next.current = proof;
    return proof;
  };
  useEffect(() => {
    if (!next.current) prepare();
  });
  return {
    take() {
      const proof = next.current ?? prepare();
      prepare();
      return proof;
    },
  };
}

/** What a refused proof tells the visitor, the same on every form. */
export function useBotCheckFailure(): string {
  const { t } = useLingui();
  return t`The security check failed. Please try again.`;
}
