import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useId, useLayoutEffect, useSyncExternalStore } from "react";
import { useElement } from "./context";
import { MaintenanceIcon } from "./icons";

// What helps the customer meanwhile (the end, a way back, the contact block) is only downloaded
// during a maintenance: every element carries this notice, rarely shown.
const MaintenanceHelp = lazy(() => import("./MaintenanceHelp"));

/**
 * SPEC §4/§8: shown by every element while the API answers 503. One element of the page holds the
 * maintenance screen (its title, message and help); the others say it in a line.
 */
export function MaintenanceNotice() {
  const { host } = useElement();
  const title = useId();
  const message = <Trans>We are currently under maintenance.</Trans>;
  if (!useHoldsScreen(host)) {
    return (
      <p className="maintenance maintenance--line container" part="maintenance" role="status">
        <MaintenanceIcon />
        <span>{message}</span>
      </p>
    );
  }
  return (
    <section className="maintenance container" part="maintenance" aria-labelledby={title}>
      <div role="status">
        <h1 className="page-title" id={title}>
          <MaintenanceIcon />
          <span>{message}</span>
        </h1>
        <p>
          <Trans>There is currently maintenance work. Apologies for the inconvenience.</Trans>
        </p>
      </div>
      <Suspense fallback={null}>
        <MaintenanceHelp />
      </Suspense>
    </section>
  );
}

/*
 * The element that holds the screen: the first in the page that is not its header or footer (the
 * page's content), else the first; the others would repeat its title, message and help.
 */
const notices = new Set<Element>();
const listeners = new Set<() => void>();
const CHROME = /^macc-(header|footer)$/;
const changed = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `candidate` counts from its first render, before its effect has added it. */
function screenHost(candidate: Element): Element | null {
  const inPageOrder = [...new Set([...notices, candidate])].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return inPageOrder.find((el) => !CHROME.test(el.localName)) ?? inPageOrder[0] ?? null;
}

function useHoldsScreen(host: Element | null): boolean {
  useLayoutEffect(() => {
    if (!host) return;
    notices.add(host);
    changed();
    return () => {
      notices.delete(host);
      changed();
    };
  }, [host]);
  const holder = useSyncExternalStore(subscribe, () => host && screenHost(host));
  // An element outside a shadow root (a story, a test's root) has nobody to share with.
  return host === null || holder === host;
}
