import { FIRST_SCREEN_ATTRIBUTE } from "../src/contract/constants";

/*
 * A first screen sent in the page's HTML (declarative shadow DOM, drawn at build time: see
 * scripts/first-screens.ts) shows the element before its code has arrived. It is inert: nothing can
 * be typed into it and lost. The element draws into the same shadow root, hidden behind it (the
 * first screen's sheet hides it), and the first screen goes before the browser paints the element's
 * own drawing, once that drawing has nothing left to wait for.
 */

// The root's own children (`:scope` names no element in a shadow root's querySelector).
const drawingsOf = (root: ShadowRoot) =>
  [...root.children].filter((child): child is HTMLElement => child.hasAttribute(FIRST_SCREEN_ATTRIBUTE));

/** The first screen's nodes: its drawings (wide and narrow) and its style sheet. */
function firstScreenNodes(root: ShadowRoot): Element[] {
  const drawings = drawingsOf(root);
  return drawings.length ? [...drawings, ...[...root.children].filter((child) => child.matches('link[rel="stylesheet"]'))] : [];
}

export function hasFirstScreen(root: ShadowRoot | null): root is ShadowRoot {
  return root ? drawingsOf(root).length > 0 : false;
}

/** Whether the first screen is the one the element will draw: same language and theme. */
export function firstScreenMatches(root: ShadowRoot, locale: string, theme: string): boolean {
  const [drawing] = drawingsOf(root);
  return drawing?.lang === locale && drawing.dataset.theme === theme;
}

export function dropFirstScreen(root: ShadowRoot): void {
  for (const node of firstScreenNodes(root)) node.remove();
}

/** However long the element's own drawing waits (a slow line), after this it shows as it is. */
const LONGEST_MS = 10_000;

/**
 * Drops the first screen once the element's own drawing is there and waits for nothing (no
 * skeleton left): in the microtask after React's commit, before the browser paints.
 */
export function dropFirstScreenWhenDrawn(root: ShadowRoot): void {
  const drawn = () => {
    const own = [...root.children].filter((child) => !child.hasAttribute(FIRST_SCREEN_ATTRIBUTE) && child.localName !== "link");
    return (
      own.length > 0 && own.every((child) => !child.matches("[aria-busy=true]") && !child.querySelector(".skeleton, [aria-busy=true]"))
    );
  };
  const drop = () => {
    watch.disconnect();
    clearTimeout(timer);
    dropFirstScreen(root);
  };
  const watch = new MutationObserver(() => drawn() && drop());
  const timer = setTimeout(drop, LONGEST_MS);
  watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
}

/** What an element that may come drawn in the page's HTML does with that drawing (elements/define.tsx). */
export interface FirstScreen {
  present(root: ShadowRoot | null): root is ShadowRoot;
  /** Called as the element connects, before its first render. */
  takeOver(root: ShadowRoot, element: { locale: string; theme: string; anonymous: boolean }): void;
}

/** The portal's: drawn for an anonymous visitor in the page's language and theme; for anyone else, not theirs. */
export const portalFirstScreen: FirstScreen = {
  present: hasFirstScreen,
  takeOver(root, { locale, theme, anonymous }) {
    if (anonymous && firstScreenMatches(root, locale, theme)) dropFirstScreenWhenDrawn(root);
    else dropFirstScreen(root);
  },
};
