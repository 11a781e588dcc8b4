import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useId } from "react";
import { useElement } from "./context";
import { MaintenanceIcon } from "./icons";

// What helps the customer meanwhile (the end, a way back, the contact block) is only downloaded
// during a maintenance: every element carries this notice, rarely shown.
const MaintenanceHelp = lazy(() => import("./MaintenanceHelp"));

/** The page's header and footer, and the add-to-basket buttons in its text: they say it in a line. */
const IN_A_LINE = /^macc-(header|footer|add-to-basket)$/;

/**
 * SPEC §4/§8: shown by every element while the API answers 503. The screen (title, message, end
 * and help) is the page's content's; around it, the elements that are part of the page's frame or
 * text say it in a line rather than repeat it.
 */
export function MaintenanceNotice() {
  const { host } = useElement();
  const title = useId();
  const message = <Trans>We are currently under maintenance.</Trans>;
  if (host && IN_A_LINE.test(host.localName)) {
    return (
      <p className="maintenance container" part="maintenance" role="status">
        <strong>{message}</strong>
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
