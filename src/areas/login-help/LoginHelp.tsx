import { Trans, useLingui } from "@lingui/react/macro";
import { telHref } from "../../core/contacts";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useCompanyPhone } from "../../ui/useCompanyPhone";
import { LOGIN_HELP_ICON } from "./icons";

/** `<macc-login-help>` (AIDE_CONNEXION): the usual reasons a login fails, and where to go next. */
export function LoginHelp() {
  const { t } = useLingui();
  const phone = useCompanyPhone();
  return (
    <div className="container" part="login-help">
      <PageTitle icon={LOGIN_HELP_ICON}>{t`Help logging in`}</PageTitle>
      <section className="panel" aria-labelledby="help-password">
        <h2 id="help-password">{t`You have forgotten your password`}</h2>
        <p>
          <Trans>We send you a link to choose a new one. It is valid for 30 minutes and works once.</Trans>
        </p>
        <RouteLink route="MOT_DE_PASSE_OUBLIE">{t`Forgot password?`}</RouteLink>
      </section>
      <section className="panel" aria-labelledby="help-account">
        <h2 id="help-account">{t`You do not have an account yet`}</h2>
        <p>
          <Trans>Create it with your company's registration number or your customer number: we send you a code to check it is you.</Trans>
        </p>
        <RouteLink route="INSCRIPTION">{t`Create my account`}</RouteLink>
      </section>
      <section className="panel" aria-labelledby="help-blocked">
        <h2 id="help-blocked">{t`Your account is blocked, or nothing works`}</h2>
        <p>
          <Trans>
            After several wrong passwords, logging in is paused for a few minutes. If the problem persists, our customer service will help
            you.
          </Trans>
          {phone && (
            <>
              {" "}
              <Trans>
                Call us on <a href={telHref(phone)}>{phone}</a>.
              </Trans>
            </>
          )}
        </p>
        <RouteLink route="INTERLOCUTEURS">{t`Contact us`}</RouteLink>
      </section>
    </div>
  );
}
