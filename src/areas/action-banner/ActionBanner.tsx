import { ActionBanner as Banner } from "../../ui/action-banner/ActionBanner";

/** `<macc-action-banner>`: what needs the customer, for any CMS page (the dashboard shows the same at its top). */
export function ActionBanner() {
  return <Banner />;
}
