import { Trans, useLingui } from "@lingui/react/macro";
import { PageTitle } from "../ui/PageTitle";
import { RouteLink } from "../ui/RouteLink";
import { NOT_FOUND_ICON } from "./icons";

/** While a screen's code arrives: its room, so the footer does not jump up and down. */
export function ScreenSkeleton() {
  return (
    <div aria-busy="true">
      <span className="skeleton" style={{ minHeight: "24em" }} />
    </div>
  );
}

export function NotFound() {
  const { t } = useLingui();
  return (
    <section className="pending">
      <PageTitle icon={NOT_FOUND_ICON}>{t`Page not found`}</PageTitle>
      <p>
        <Trans>The address may be mistyped, or the page may have moved.</Trans>
      </p>
      <RouteLink route="DASHBOARD">{t`Go to my account`}</RouteLink>
    </section>
  );
}
