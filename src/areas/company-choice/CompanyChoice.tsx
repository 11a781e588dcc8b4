import { Trans, useLingui } from "@lingui/react/macro";
import { formatCompanyName } from "../../core/company-name";
import { formatDateTime } from "../../core/format";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { followRedirection } from "../../ui/redirection";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import { selectCompany } from "../../core/store";
import { COMPANY_ICON } from "./icons";
import { useRoleLabels } from "../../ui/useRoleLabels";

/**
 * `<macc-company-choice>` (CHOIX_ENTREPRISE): the customer picks the company they act for; the
 * page then follows that company's token, network and theme, and goes where they were going.
 */
export function CompanyChoice() {
  const { t } = useLingui();
  const roles = useRoleLabels();
  const { core, locale } = useElement();
  const brand = useBrand();
  const nav = useNavigation();
  const user = useMacc((s) => s.auth.user);
  const current = useMacc((s) => selectCompany(s)?.idTier);

  if (!user) {
    return (
      <div className="container">
        <PageTitle icon={COMPANY_ICON}>{t`Choose a company`}</PageTitle>
        <Alert>
          <Trans>Log in to choose the company you act for.</Trans>
        </Alert>
        <RouteLink route="LOGIN" className="btn">
          {t`Log in`}
        </RouteLink>
      </div>
    );
  }

  const choose = (idTier: string) => {
    if (!core.store.getState().chooseCompany(idTier)) return;
    followRedirection(core, nav, locale, "CHOIX_ENTREPRISE");
  };

  return (
    <div className="container" part="company-choice">
      <PageTitle icon={COMPANY_ICON}>{t`Choose a company`}</PageTitle>
      {user.entreprises.length > 1 && (
        <p>
          <Trans>
            Your account is linked to several companies. Choose the one you are acting for; you can change at any time from the header.
          </Trans>
        </p>
      )}
      {user.derniereConnexion && (
        <p className="last-connection">{t`Your last connection: ${formatDateTime(locale, user.derniereConnexion)}`}</p>
      )}
      {user.entreprises.length === 0 ? (
        <Alert>
          <Trans>No company is linked to your account yet. Please contact {brand}.</Trans>
        </Alert>
      ) : (
        <ul className="companies">
          {user.entreprises.map((company) => {
            const isCurrent = company.idTier === current;
            const name = formatCompanyName(company.raisonSocial, company.formeJuridique, company.pays);
            return (
              <li key={company.idTier} className="company-card" data-current={isCurrent}>
                <div>
                  <h2>
                    {name}
                    {isCurrent && <span className="badge">{t`current`}</span>}
                  </h2>
                  <dl>
                    <div>
                      <dt>{t`Registration number:`}</dt>
                      <dd>{company.immatriculation}</dd>
                    </div>
                    <div>
                      <dt>{t`Customer number:`}</dt>
                      <dd>{company.numeroClient}</dd>
                    </div>
                    <div>
                      <dt>{t`Your role:`}</dt>
                      <dd>{roles[company.role ?? "owner"]}</dd>
                    </div>
                  </dl>
                </div>
                <Button variant={isCurrent ? "secondary" : "primary"} onClick={() => choose(company.idTier)}>
                  {t`Choose`}
                  <span className="visually-hidden"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
