import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useId } from "react";
import { MaintenanceIcon } from "./icons";

// What helps the customer meanwhile (the end, a way back, the contact block) is only downloaded
// during a maintenance: every element carries this notice, rarely shown.
const MaintenanceHelp = lazy(() => import("./MaintenanceHelp"));

/** SPEC §4/§8: shown by every element while the API answers 503. */
export function MaintenanceNotice() {
  const title = useId();
  return (
    <section className="maintenance container" part="maintenance" aria-labelledby={title}>
      <div role="status">
        <h1 className="page-title" id={title}>
          <MaintenanceIcon />
          <span>
            <Trans>We are currently under maintenance.</Trans>
          </span>
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
