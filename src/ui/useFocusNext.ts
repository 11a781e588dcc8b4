import { useCallback, useEffect, useRef } from "react";
import { useElement } from "./context";

/**
 * Moves focus to the element of that id in this element's shadow root as soon as a render shows it:
 * for a control that disappears as it is used ("Clear the filters", "Write another message"), so that
 * keyboard focus lands on what comes back instead of falling to the page's body.
 */
export function useFocusNext(): (id: string) => void {
  const { host } = useElement();
  const next = useRef<string | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const target = host?.shadowRoot?.getElementById(next.current);
    // Not drawn yet (a list still loading): a later render will.
    if (!target) return;
    next.current = null;
    target.focus();
  });
  return useCallback((id: string) => void (next.current = id), []);
}
