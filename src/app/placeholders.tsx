import { Trans, useLingui } from "@lingui/react/macro";
import { PageTitle } from "../ui/PageTitle";
import { RouteLink } from "../ui/RouteLink";

/** While a screen's code arrives: its room, so the footer does not jump up and down. */
export function ScreenSkeleton() {
  return (
    <div aria-busy="true">
      <span className="skeleton" style={{ minHeight: "24em" }} />
    </div>
  );
}

/** Routes whose screens later releases bring: a clear page, never a blank or broken one. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="pending">
      <PageTitle>{title}</PageTitle>
      <p>
        <Trans>This page is not available online yet. Our customer service can help you in the meantime.</Trans>
      </p>
      <RouteLink route="INTERLOCUTEURS">
        <Trans>Contact us</Trans>
      </RouteLink>
    </section>
  );
}

export function NotFound() {
  const { t } = useLingui();
  return (
    <section className="pending">
      <PageTitle>{t`Page not found`}</PageTitle>
      <p>
        <Trans>The address may be mistyped, or the page may have moved.</Trans>
      </p>
      <RouteLink route="DASHBOARD">{t`Go to my account`}</RouteLink>
    </section>
  );
}
