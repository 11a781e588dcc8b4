import type { StoryContext } from "@storybook/react-vite";
import type { MaccPageParameters } from "../.storybook/preview";

export type { MaccPageParameters };

/** The common attributes of every element, from the Locale and Theme toolbars. */
export function elementAttributes(globals: StoryContext["globals"]): { locale: string; theme: "macc" | "agri" } {
  return {
    locale: typeof globals.locale === "string" ? globals.locale : "fr-FR",
    theme: globals.theme === "AGRI" ? "agri" : "macc",
  };
}

/**
 * The open shadow root of the first `tag` in the story, once the element has rendered
 * `selector` (its translations load asynchronously). For play functions.
 */
export async function shadowOf(canvasElement: HTMLElement, tag: string, selector: string, timeoutMs = 5000): Promise<ShadowRoot> {
  const started = Date.now();
  for (;;) {
    const root = canvasElement.querySelector(tag)?.shadowRoot;
    if (root?.querySelector(selector)) return root;
    if (Date.now() - started > timeoutMs) throw new Error(`<${tag}> did not render ${selector} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
