/**
 * The saved-offline behaviour the contact form, the service request and the basket share (issue 28,
 * step 3), asserted once for each from a table of what differs: the form is sent without a network,
 * saved on the device (a status, not an error), shown as saved in another copy of the element, then
 * sent once back online with the same key, once; and, where the form takes another one meanwhile,
 * a second submission written beside the waiting one, both sent, each with its own key.
 */
import { fireEvent } from "@testing-library/dom";
import { expect, it } from "vitest";
import { mount, waitFor, type ApiCall, type ApiStub, type Mounted, type RouteHandler, type StubResponse } from "./elements";

/** The saved-offline status of a form, found by its place (its words are each form's). */
export const savedShown = (view: Mounted) => view.root.querySelector('.saved-offline [role="status"]') !== null;

/** A fetch without a network. */
export const offline = (): never => {
  throw new TypeError("Failed to fetch");
};

export interface OfflineForm {
  /** The submission's route, `POST /api/…`. */
  send: string;
  /** Another copy of the element on the page (its HTML). */
  copy: string;
  /** Stubs the API (its submission answered by `send`), signs in as the form needs: the stub. */
  api(send: RouteHandler): ApiStub;
  /** Mounts the element ready to be filled in. */
  open(): Promise<Mounted>;
  /** Fills it in with valid values (`n`: which submission, for the forms that take another). */
  fill(view: Mounted, n: number): void;
  submit(view: Mounted): void;
  /** The API's answer to a submission recorded. */
  recorded: StubResponse;
  /** Resolves once the screen says the saved submission was sent. */
  shownSent(view: Mounted): Promise<unknown>;
  /** What identifies submission `n` in the body sent. */
  mark(call: ApiCall): unknown;
  /** What else holds once saved, and once sent (the last call sent). */
  afterSaved?(): void;
  afterSent?(sent: ApiCall): void;
  /** The button that writes another while one waits; none: one submission at a time (the basket's items are the one). */
  another?: (view: Mounted) => HTMLElement;
}

const fireOnline = () => window.dispatchEvent(new Event("online"));

/** The form filled in and sent without a network, until it says it saved it; `goOnline` brings the network back. */
async function savedWithoutNetwork(form: OfflineForm) {
  let online = false;
  const calls = form.api(() => (online ? form.recorded : offline()));
  const view = await form.open();
  form.fill(view, 1);
  form.submit(view);
  await waitFor(() => expect(savedShown(view)).toBe(true));
  const goOnline = () => {
    online = true;
    fireOnline();
  };
  return { calls, view, goOnline };
}

/** The shared cases, run by each form's test file with its own table row. */
export function savedOfflineCases(form: OfflineForm) {
  it("no network: saved on this device (a status, not an error), shown in another copy too, sent once back online with the same key", async () => {
    const { calls, view, goOnline } = await savedWithoutNetwork(form);
    expect(view.root.querySelector('[role="alert"]')).toBeNull();
    form.afterSaved?.();
    const again = await mount(form.copy);
    await waitFor(() => expect(savedShown(again)).toBe(true));

    goOnline();
    await form.shownSent(view);
    const sent = calls.callsTo(form.send);
    expect(new Set(sent.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    // Sent once by the queue after the attempt that found no network.
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.at(-1)!.body).toEqual(sent[0]!.body);
    form.afterSent?.(sent.at(-1)!);
  });

  if (form.another) {
    const another = form.another;
    it("one waiting on the device: writing another gives an empty form beside it, the second saved too, both sent with their own keys", async () => {
      const { calls, view, goOnline } = await savedWithoutNetwork(form);
      fireEvent.click(another(view));
      // The form, empty, with the waiting one still said above it.
      await waitFor(() => expect(view.root.querySelector("form")).not.toBeNull());
      expect(savedShown(view)).toBe(true);
      form.fill(view, 2);
      form.submit(view);
      await waitFor(() => expect(view.root.querySelector("form")).toBeNull());
      expect(savedShown(view)).toBe(true);

      goOnline();
      await waitFor(() => expect(new Set(calls.callsTo(form.send).map(form.mark)).size).toBe(2));
      const sent = calls.callsTo(form.send);
      const keys = new Map(sent.map((c) => [form.mark(c), c.headers["idempotency-key"]]));
      expect(new Set(keys.values()).size).toBe(2);
      for (const call of sent) expect(call.headers["idempotency-key"]).toBe(keys.get(form.mark(call)));
    });
  }
}
