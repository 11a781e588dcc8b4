import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { flushSync } from "react-dom";
import { LoginRequest } from "../../contract/auth";
import type { RuleProblem } from "../../contract/rules";
import { isBotCheckRefusal, requiredWork } from "../../core/bot-check";
import { ApiError, waitMinutes } from "../../core/errors";
import { pathFor } from "../../core/paths";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { PageTitle } from "../../ui/PageTitle";
import { PasswordField } from "../../ui/PasswordField";
import { RouteLink } from "../../ui/RouteLink";
import { useBotCheck, useBotCheckFailure } from "../../ui/useBotCheck";
import { useBrand } from "../../ui/useBrand";
import { followRedirection } from "../../ui/redirection";
import { formErrors } from "../../ui/field-errors";
import { useForm } from "../../ui/useForm";
import { isLogged } from "../../core/store";
import { LOGIN_ICON } from "./icons";

export interface LoginProps {
  /** "basket" = LOGIN_PANIER: log in to continue the basket validation. */
  variant?: string;
}

/** `<macc-login>` (LOGIN, and LOGIN_PANIER with variant="basket"). */
export function Login({ variant }: LoginProps) {
  const { t } = useLingui();
  const logged = useMacc(isLogged);
  const basket = variant === "basket";

  return (
    <div className="container" part="login">
      <PageTitle icon={LOGIN_ICON}>{t`I log in to my account`}</PageTitle>
      {basket && <p className="prompt">{t`Log in to continue`}</p>}
      {logged ? <AlreadyLoggedIn basket={basket} /> : <LoginPanels basket={basket} />}
    </div>
  );
}

function LoginPanels({ basket }: { basket: boolean }) {
  const { t } = useLingui();
  const brand = useBrand();
  return (
    <div className="login">
      <section className="panel" aria-labelledby="have-account">
        <h2 id="have-account">{t`I have a ${brand} account`}</h2>
        <LoginForm basket={basket} />
      </section>
      <section className="panel panel--alt" aria-labelledby="no-account">
        <h2 id="no-account">{t`I don't have one yet`}</h2>
        <p>
          <Trans>Create your account to see your invoices, your products and your adviser online.</Trans>
        </p>
        <RouteLink route="INSCRIPTION" className="btn btn--secondary">
          {t`Create my account`}
        </RouteLink>
      </section>
    </div>
  );
}

function LoginForm({ basket }: { basket: boolean }) {
  const { t } = useLingui();
  const { core } = useElement();
  const nav = useNavigation();
  const botCheck = useBotCheck();
  const botCheckFailure = useBotCheckFailure();
  // After failed logins to the account the API asks a longer check: say why the wait.
  const [harder, setHarder] = useState(false);

  const say = ({ path, rule, limit }: RuleProblem) =>
    path === "password"
      ? rule === "required"
        ? t`Enter your password`
        : t`This field must be ${limit} characters or fewer`
      : rule === "required"
        ? t`Enter your e-mail address`
        : t`Enter an e-mail address in the correct format, like name@example.com`;

  const form = useForm<LoginRequest>(
    { email: "", password: "" },
    (values) => formErrors(LoginRequest, values, say),
    async ({ email, password }) => {
      try {
        const user = await botCheck.send(
          (proof) => core.session.login(email.trim(), password, proof),
          // Said at once, before the harder work starts (a fast solve would otherwise beat the render).
          () => flushSync(() => setHarder(true)),
        );
        goAfterLogin(basket, user.entreprises.length);
      } catch (error) {
        form.fail([{ field: "email", message: loginErrorMessage(error) }]);
      } finally {
        setHarder(false);
      }
    },
  );

  function goAfterLogin(toBasket: boolean, companies: number) {
    const store = core.store.getState();
    const locale = store.app.locale ?? "fr-FR";
    // LOGIN_PANIER is only reached from the basket: back to it, whatever an earlier visit left.
    if (toBasket) store.addRedirection(pathFor("PANIER", locale));
    // Several companies: the customer first says which one they act for; the redirection waits.
    if (companies > 1) {
      nav.go("CHOIX_ENTREPRISE");
      return;
    }
    followRedirection(core, nav, locale);
  }

  function loginErrorMessage(error: unknown): string {
    if (error instanceof ApiError && error.status === 401) {
      return t`Invalid username or password. You can click on 'Forgot password?' below.`;
    }
    if (isBotCheckRefusal(error) || requiredWork(error) !== null) return botCheckFailure;
    if (error instanceof ApiError && error.status === 429) {
      const minutes = waitMinutes(error);
      return t`Too many login attempts. Please wait ${minutes} min before trying again.`;
    }
    return t`We could not log you in. Please try again in a moment.`;
  }

  return (
    <form noValidate onSubmit={form.onSubmit} {...botCheck.startOn} aria-describedby="login-required">
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <p id="login-required" className="field__hint">
        <Trans>All fields are required.</Trans>
      </p>
      <Field
        name="email"
        type="email"
        label={t`E-mail address`}
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        required
        value={form.values.email}
        error={form.errorOf("email")}
        onChange={(e) => form.set("email", e.target.value)}
      />
      <PasswordField
        name="password"
        label={t`Password`}
        autoComplete="current-password"
        required
        value={form.values.password}
        error={form.errorOf("password")}
        onChange={(e) => form.set("password", e.target.value)}
      />
      <div className="actions">
        <Button type="submit" busy={form.submitting}>
          {t`Log in`}
        </Button>
        <RouteLink route="MOT_DE_PASSE_OUBLIE">{t`Forgot password?`}</RouteLink>
      </div>
      <p className="field__hint login-status" role="status">
        {harder && t`Additional security check after several failed attempts on this account. This can take a few seconds…`}
      </p>
      <p className="help">
        <RouteLink route="AIDE_CONNEXION">{t`Trouble logging in?`}</RouteLink>
      </p>
    </form>
  );
}

/** Logged in already: on with what brought the customer here, the account or the basket. */
function AlreadyLoggedIn({ basket }: { basket: boolean }) {
  const { t } = useLingui();
  const email = useMacc((s) => s.auth.user?.infosConnexion.emailLogin ?? "");
  return (
    <div className="panel" role="status">
      <p>{t`You are logged in as ${email}.`}</p>
      <RouteLink route={basket ? "PANIER" : "DASHBOARD"} className="btn">
        {basket ? t`Continue with my basket` : t`Go to my account`}
      </RouteLink>
    </div>
  );
}
