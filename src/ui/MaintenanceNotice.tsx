import { Trans } from "@lingui/react/macro";
import { MaintenanceIcon } from "./icons";

/** SPEC §4/§8: shown by every element while the API answers 503. */
export function MaintenanceNotice() {
  return (
    <section className="maintenance" role="status" part="maintenance">
      <h1 className="page-title">
        <MaintenanceIcon />
        <span>
          <Trans>We are currently under maintenance.</Trans>
        </span>
      </h1>
      <p>
        <Trans>There is currently maintenance work. Apologies for the inconvenience.</Trans>
      </p>
    </section>
  );
}
