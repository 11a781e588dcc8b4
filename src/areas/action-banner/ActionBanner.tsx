import { lazy, Suspense, useEffect } from "react";
import { emitFrom } from "../../core/events";
import { selectCompany } from "../../core/store";
import { useMacc } from "../../ui/context";

// The banner's code comes only for a customer: a visitor's page (most views of a CMS page) downloads
// this wrapper alone, and so stays within the footer page's budget.
const Banner = lazy(() => import("../../ui/action-banner/ActionBanner").then((m) => ({ default: m.ActionBanner })));

/** `<macc-action-banner>`: what needs the customer, for any CMS page (the dashboard shows the same at its top). */
export function ActionBanner() {
  const reading = useMacc((s) => selectCompany(s) !== null);
  useEffect(() => {
    // A visitor: nothing to show, and the page is told so.
    if (!reading) emitFrom(document, "macc-notifications-change", { total: 0, actionRequired: 0 });
  }, [reading]);
  if (!reading) return null;
  // Nothing until the entries are known (see the banner's `skeleton`): the page does not move for a
  // customer with nothing to do.
  return (
    <Suspense fallback={null}>
      <Banner skeleton={false} />
    </Suspense>
  );
}
