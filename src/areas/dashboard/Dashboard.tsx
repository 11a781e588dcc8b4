import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatCompanyName } from "../../core/company-name";
import { showsInvoices } from "../../core/theme";
import { can } from "../../contract/permissions";
import { roleAllows } from "../../core/roles";
import type { RouteName } from "../../core/routes";
import { ActionBanner } from "../../ui/action-banner/ActionBanner";
import { useNotifications } from "../../ui/notifications";
import { Skeleton } from "../../ui/Alert";
import { useElement, useMacc } from "../../ui/context";
import { LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useRouteAvailability } from "../../ui/useFeatures";
import { useResource } from "../../ui/useResource";
import { BasketRequests } from "./BasketRequests";
import { BankIcon, DASHBOARD_ICON, FleetIcon, InvoiceIcon, ProfileIcon, ServiceRequestsIcon, TeamIcon } from "./icons";
import { getSummary } from "./summary-api";
import { selectCompany, selectRole } from "../../core/store";

/** `<macc-dashboard>` (DASHBOARD): one tile per part of the customer's account. */
export function Dashboard() {
  const { t } = useLingui();
  const { theme, request } = useElement();
  const entreprise = useMacc(selectCompany);
  // The tiles of what the customer's role allows (src/contract/permissions.ts).
  const role = useMacc(selectRole);
  const bankDetails =
    useRouteAvailability("COORDONNEE_BANCAIRE", Boolean(entreprise)) === "available" && roleAllows("COORDONNEE_BANCAIRE", role);
  const summary = useResource(entreprise ? `summary:${entreprise.idTier}` : null, (signal) => getSummary(request, signal));
  // The banner's own request (shared, not sent twice): until it answers, the tiles wait below the
  // banner's skeleton rather than be pushed up when it turns out to have nothing to show.
  const notifications = useNotifications();
  const bannerSettling = notifications.status === "loading" && !notifications.data;

  if (!entreprise) {
    return (
      <LoggedOut icon={DASHBOARD_ICON} title={t`My account`}>
        <Trans>Log in to see your account.</Trans>
      </LoggedOut>
    );
  }

  const counts = summary.status === "ready" ? summary.data : null;
  const pending = summary.status === "loading";
  const detail = (content: ReactNode) => (pending ? <Skeleton width="8em" /> : content);

  return (
    <div className="container" part="dashboard">
      <PageTitle icon={DASHBOARD_ICON}>{t`My account`}</PageTitle>
      <p className="company-line">
        {formatCompanyName(entreprise.raisonSocial, entreprise.formeJuridique, entreprise.pays)} · {entreprise.immatriculation}
      </p>
      {/* What needs the customer, the same as <macc-action-banner> on the site's pages (issue 30). */}
      <ActionBanner />
      {!bannerSettling && (
        <>
          <ul className="tiles">
            {showsInvoices(entreprise.codeReseau, theme) && roleAllows("FACTURES", role) && (
              <Tile route="FACTURES" icon={<InvoiceIcon />} title={t`My invoices`}>
                {detail(
                  counts &&
                    (counts.invoices.total === 0 ? (
                      <Trans>No invoices yet</Trans>
                    ) : counts.invoices.unpaid > 0 ? (
                      <Plural value={counts.invoices.unpaid} one="# unpaid invoice" other="# unpaid invoices" />
                    ) : (
                      <Trans>All your invoices are paid</Trans>
                    )),
                )}
              </Tile>
            )}
            <Tile route="INFOS_PERSONNEL" icon={<ProfileIcon />} title={t`My information`}>
              <Trans>Your details and your company's</Trans>
            </Tile>
            {roleAllows("PARC_PRODUITS", role) && (
              <Tile route="PARC_PRODUITS" icon={<FleetIcon />} title={t`My product fleet`}>
                {detail(counts && <Plural value={counts.products} _0="No products yet" one="# product" other="# products" />)}
              </Tile>
            )}
            {roleAllows("SERVICE_REQUESTS", role) && (
              <Tile route="SERVICE_REQUESTS" icon={<ServiceRequestsIcon />} title={t`My service requests`}>
                {counts && counts.openServiceRequests > 0 ? (
                  <Plural value={counts.openServiceRequests} one="# open request" other="# open requests" />
                ) : (
                  detail(<Trans>Follow your requests to the after-sales service</Trans>)
                )}
              </Tile>
            )}
            {roleAllows("TEAM", role) && (
              <Tile route="TEAM" icon={<TeamIcon />} title={t`My team`}>
                <Trans>Who can see your company's customer area, and their role</Trans>
              </Tile>
            )}
            {bankDetails && (
              <Tile route="COORDONNEE_BANCAIRE" icon={<BankIcon />} title={t`Bank details`}>
                <Trans>Your IBAN and bank statement</Trans>
              </Tile>
            )}
          </ul>
          {can(role, "basket", "R") && <BasketRequests summary={summary} />}
        </>
      )}
    </div>
  );
}

function Tile({ route, icon, title, children }: { route: RouteName; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li>
      <RouteLink route={route} className="tile" part="tile">
        {icon}
        <span className="tile__title">{title}</span>
        <span className="tile__detail">{children}</span>
      </RouteLink>
    </li>
  );
}
