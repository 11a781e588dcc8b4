import type { StoryContext } from "@storybook/react-vite";
import type { MaccPageParameters } from "../.storybook/preview";
import { DEFAULT_LOCALE, type Locale } from "../src/contract/constants";
import { getCore } from "../src/core/index";
import { isLocale } from "../src/core/locale";
import { offlineQueueOf, type SubmissionKind } from "../src/core/offline";

export type { MaccPageParameters };

/** The common attributes of every element, from the Locale and Theme toolbars. */
export function elementAttributes(globals: StoryContext["globals"]): { locale: Locale; theme: "macc" | "agri" } {
  return {
    locale: isLocale(globals.locale) ? globals.locale : DEFAULT_LOCALE,
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

/** Polls `find` until it returns something (the element renders and answers asynchronously). */
export async function waitFor<T>(find: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Types `values` into the named fields of a form in the element's shadow root, like a user
 * would: through the native value setter and an `input` event, so React sees the change.
 */
export function fillFields(root: ShadowRoot, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const field = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    if (!field) throw new Error(`no field named ${name}`);
    const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

/** Clicks the submit button of the (first) form of the shadow root. */
export function submitForm(root: ShadowRoot): void {
  const button = root.querySelector<HTMLButtonElement>('form button[type="submit"]');
  if (!button) throw new Error("no submit button");
  button.click();
}

/** The text of the first `selector` in the shadow root once it has some. */
export function textOf(root: ShadowRoot, selector: string, timeoutMs = 5000): Promise<string> {
  return waitFor(() => root.querySelector(selector)?.textContent?.trim(), selector, timeoutMs);
}

/**
 * A story's `beforeEach` for a submission saved on the device (`noNetwork`): the device's queue of
 * `kind` emptied before the story and after it, so no other story of the form opens on it.
 */
export function forgetSaved(kind: SubmissionKind) {
  const forget = async () => {
    const queue = offlineQueueOf(getCore());
    for (const entry of await queue.list(kind)) await queue.remove(entry.key);
  };
  return async () => {
    await forget();
    return forget;
  };
}
