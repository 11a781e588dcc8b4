import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import { formatCompanyName } from "../../core/company-name";
import { COMPANY_COUNTRIES, COMPANY_NUMBER_EXAMPLE, type CompanyCountry } from "../../contract/company-numbers";
import { ChooseCompaniesRequest, codeDigits, IdentifyRequest, ONE_OF_TWO, SendCodeRequest } from "../../contract/registration";
import type { RuleProblem } from "../../contract/rules";
import { isBotCheckRefusal } from "../../core/bot-check";
import { ApiError, waitMinutes } from "../../core/errors";
import { createRegistrationStore, registrationCountry, type RegistrationStore } from "../../core/registration";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioGroup, SelectField } from "../../ui/Choice";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { Modal } from "../../ui/Modal";
import { NewPasswordFields } from "../../ui/new-password/NewPasswordFields";
import { PageTitle } from "../../ui/PageTitle";
import { followRedirection } from "../../ui/redirection";
import { RouteLink } from "../../ui/RouteLink";
import { useBotCheck, useBotCheckFailure } from "../../ui/useBotCheck";
import { useBrand } from "../../ui/useBrand";
import { useForm } from "../../ui/useForm";
import { useNewPasswordRules } from "../../ui/new-password/useNewPasswordRules";
import { chooseCompanies, complete, identify, sendCode, verifyCode } from "./registration-api";
import { isLogged } from "../../core/store";
import { REGISTRATION_ICON } from "./icons";

let pageRegistration: RegistrationStore | null = null;
/** One registration flow per tab, shared by the element and the portal route. */
const registrationStore = () => (pageRegistration ??= createRegistrationStore());

/** `<macc-registration>` (INSCRIPTION): identify, choose companies, receive and enter a code, set a password. */
export function Registration() {
  const { t } = useLingui();
  const store = registrationStore();
  const step = useStore(store, (s) => s.step);
  const logged = useMacc(isLogged);
  const index = ["identify", "companies", "contact", "code", "password"].indexOf(step) + 1;
  const container = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // The form under the keyboard was replaced: focus the new step's heading so it is announced (not on first render).
    container.current?.querySelector<HTMLElement>("form > h2")?.focus();
  }, [step]);

  if (logged && step === "identify") {
    return (
      <div className="container">
        <PageTitle icon={REGISTRATION_ICON}>{t`Create my account`}</PageTitle>
        <p>
          <Trans>You already have an account and are logged in.</Trans> <RouteLink route="DASHBOARD">{t`Go to my account`}</RouteLink>
        </p>
      </div>
    );
  }

  return (
    <div className="container" part="registration" ref={container}>
      <PageTitle icon={REGISTRATION_ICON}>{t`Create my account`}</PageTitle>
      <p className="steps">{t`Step ${index} of 5`}</p>
      {step === "identify" && <Identify store={store} />}
      {step === "companies" && <Companies store={store} />}
      {step === "contact" && <Contact store={store} />}
      {step === "code" && <Code store={store} />}
      {step === "password" && <Password store={store} />}
      {step !== "identify" && (
        <p>
          <Button variant="link" onClick={() => store.getState().reset()}>
            {t`Cancel and start again`}
          </Button>
        </p>
      )}
    </div>
  );
}

/** "Une erreur est survenue. Impossible de continuer." for failures the customer cannot fix. */
function useFailure() {
  const { t } = useLingui();
  const [message, setMessage] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const show = (text: string | null) => {
    setMessage(text);
    if (text) requestAnimationFrame(() => ref.current?.focus());
  };
  const view = (
    <div ref={ref} tabIndex={-1}>
      {message && <Alert kind="error">{message}</Alert>}
    </div>
  );
  const generic = t`An error has occurred. Unable to continue.`;
  const expired = t`This registration has expired. Please start again.`;
  const tooMany = (error: ApiError) => t`Too many attempts. Please wait ${waitMinutes(error)} min before trying again.`;
  const botCheck = useBotCheckFailure();
  /** The message for a failure no field explains. */
  const explain = (error: unknown): string =>
    !(error instanceof ApiError)
      ? generic
      : error.status === 429
        ? tooMany(error)
        : isBotCheckRefusal(error)
          ? botCheck
          : error.status === 404
            ? expired
            : generic;
  return { view, show, explain };
}

interface IdentifyValues {
  pays: string;
  immatriculation: string;
  numeroClient: string;
  email: string;
  mobile: string;
}

function Identify({ store }: { store: RegistrationStore }) {
  const { t } = useLingui();
  const { request, locale } = useElement();
  const bot = useBotCheck();
  const failure = useFailure();
  const saved = store.getState();
  const countryName = new Intl.DisplayNames([locale], { type: "region" });
  /** Each field the contract refuses, in the user's words (the API refuses the same values). */
  const say =
    (pays: string) =>
    ({ path, rule, message }: RuleProblem): string => {
      switch (path) {
        case "pays":
          return t`Choose your company's country`;
        case "immatriculation":
          return message === ONE_OF_TWO
            ? t`One of the two fields is required`
            : t`Enter a valid registration number for this country, like ${COMPANY_NUMBER_EXAMPLE[pays as CompanyCountry]}`;
        case "numeroClient":
          return t`Sorry, this customer code is not recognised.`;
        case "email":
          return rule === "required"
            ? t`Enter your e-mail address`
            : t`Enter an e-mail address in the correct format, like name@example.com`;
        default:
          return rule === "required" ? t`Enter your mobile number` : t`Enter a valid mobile number, like +33 6 12 34 56 78`;
      }
    };

  const form = useForm<IdentifyValues>(
    {
      pays: saved.pays ?? registrationCountry(locale),
      immatriculation: saved.immatriculation,
      numeroClient: saved.numeroClient,
      email: saved.email,
      mobile: saved.mobile,
    },
    (values) => formErrors(IdentifyRequest, values, say(values.pays)),
    async (values): Promise<void> => {
      failure.show(null);
      const body = {
        pays: values.pays as CompanyCountry,
        ...(values.immatriculation.trim() ? { immatriculation: values.immatriculation.trim() } : {}),
        ...(values.numeroClient.trim() ? { numeroClient: values.numeroClient.trim() } : {}),
        email: values.email.trim(),
        mobile: values.mobile.trim(),
      };
      try {
        const found = await identify(request, await bot.take(), body);
        store.getState().identified({
          token: found.registrationId,
          ...body,
          immatriculation: body.immatriculation ?? "",
          numeroClient: body.numeroClient ?? "",
          entreprisesTrouvees: found.entreprisesTrouvees,
        });
      } catch (error) {
        const fields = fieldErrorsOf(error, Object.keys(values));
        if (fields.length) return form.fail(fields);
        if (error instanceof ApiError && error.status === 404) {
          return form.fail([
            body.immatriculation
              ? { field: "immatriculation", message: t`No company matches.` }
              : { field: "numeroClient", message: t`Sorry, this customer code is not recognised.` },
          ]);
        }
        failure.show(failure.explain(error));
      }
    },
  );

  return (
    <form noValidate onSubmit={form.onSubmit} {...bot.startOn} aria-describedby="registration-required">
      <h2 tabIndex={-1}>{t`Identify your company`}</h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {/* One convention for every form: said once, only optional fields are marked. */}
      <p id="registration-required" className="field__hint">
        <Trans>All fields are required. For your company, its registration number or your customer number is enough.</Trans>
      </p>
      {failure.view}
      <SelectField
        {...form.bind("pays")}
        label={t`Country`}
        autoComplete="country"
        options={COMPANY_COUNTRIES.map((code) => ({ value: code, label: countryName.of(code) ?? code }))}
      />
      <Field
        {...form.bind("immatriculation")}
        label={t`Company registration number`}
        hint={
          form.values.pays === "FR"
            ? t`SIREN (9 digits) or SIRET (14 digits)`
            : t`Company or VAT number, for example ${COMPANY_NUMBER_EXAMPLE[form.values.pays as CompanyCountry]}`
        }
        autoComplete="off"
        spellCheck={false}
      />
      <p className="or">{t`or`}</p>
      <Field
        {...form.bind("numeroClient")}
        label={t`Customer number`}
        hint={t`It is printed on your invoices.`}
        autoComplete="off"
        spellCheck={false}
      />
      <Field {...form.bind("email")} type="email" label={t`E-mail address`} autoComplete="email" spellCheck={false} autoCapitalize="none" />
      <Field
        {...form.bind("mobile")}
        type="tel"
        label={t`Mobile phone`}
        hint={t`For your account. We send the verification code to an e-mail address or mobile number we already hold for your company, which you choose at step 3.`}
        autoComplete="mobile tel"
      />
      <Button type="submit" busy={form.submitting}>
        {t`Find my company`}
      </Button>
    </form>
  );
}

function Companies({ store }: { store: RegistrationStore }) {
  const { t } = useLingui();
  const brand = useBrand();
  const { request } = useElement();
  const nav = useNavigation();
  const bot = useBotCheck();
  const failure = useFailure();
  const found = useStore(store, (s) => s.entreprisesTrouvees);
  const country = useStore(store, (s) => s.pays);
  const [accountExists, setAccountExists] = useState(false);
  const [noContact, setNoContact] = useState(false);
  const form = useForm<{ ids: string[] }>(
    { ids: found.length === 1 ? [found[0]!.idTier] : store.getState().idEntreprisesChoisies },
    // The list's error is shown on its first box.
    ({ ids }) =>
      formErrors(ChooseCompaniesRequest, { idTiers: ids }, () => t`Select at least one company`).map((error) => ({
        ...error,
        field: "company-0",
      })),
    async ({ ids }) => {
      failure.show(null);
      setNoContact(false);
      try {
        const means = await chooseCompanies(request, await bot.take(), store.getState().token!, ids);
        if (means.length === 0) setNoContact(true);
        else store.getState().companiesChosen(ids, means);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setAccountExists(true);
        else if (error instanceof ApiError && error.problem.type?.endsWith("no-contact-means")) setNoContact(true);
        else failure.show(failure.explain(error));
      }
    },
  );
  const toggle = (id: string, on: boolean) => form.set("ids", on ? [...form.values.ids, id] : form.values.ids.filter((x) => x !== id));

  return (
    <form noValidate onSubmit={form.onSubmit} {...bot.startOn}>
      <h2 tabIndex={-1}>{t`Choose your companies`}</h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {failure.view}
      {noContact && (
        <Alert kind="error">{t`No contact means available to complete the procedure. Please contact ${brand} to register.`}</Alert>
      )}
      <fieldset className={form.errors.length ? "field field--error" : "field"}>
        <legend className="field__label">{t`The companies found for you`}</legend>
        {form.errors[0] && <span className="field__error">{form.errors[0].message}</span>}
        {found.map((company, i) => (
          <label className="checkbox" key={company.idTier}>
            <input
              id={`company-${i}`}
              type="checkbox"
              checked={form.values.ids.includes(company.idTier)}
              onChange={(e) => toggle(company.idTier, e.target.checked)}
            />
            <span>
              <strong>{formatCompanyName(company.raisonSocial, company.formeJuridique, country)}</strong>
              <small>{t`Registration number ${company.immatriculation} · customer number ${company.numeroClient}`}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" busy={form.submitting}>
        {t`Continue`}
      </Button>
      <Modal open={accountExists} title={t`An account already exists`} onClose={() => setAccountExists(false)}>
        <p>{t`Don't remember your password? Would you like to reset it?`}</p>
        <div className="actions">
          <Button
            onClick={() => {
              store.getState().reset();
              nav.go("MOT_DE_PASSE_OUBLIE");
            }}
          >
            {t`Reset my password`}
          </Button>
          <Button variant="secondary" onClick={() => setAccountExists(false)}>
            {t`Cancel`}
          </Button>
        </div>
      </Modal>
    </form>
  );
}

function Contact({ store }: { store: RegistrationStore }) {
  const { t } = useLingui();
  const { request } = useElement();
  const bot = useBotCheck();
  const failure = useFailure();
  const means = useStore(store, (s) => s.moyensContactsTrouves);
  const form = useForm(
    { moyenContact: store.getState().moyenContactChoisi ?? (means.length === 1 ? means[0]!.id : "") },
    (values) => formErrors(SendCodeRequest, values, () => t`Choose how to receive your code`),
    async ({ moyenContact }) => {
      failure.show(null);
      try {
        const resendAfter = await sendCode(request, await bot.take(), store.getState().token!, moyenContact);
        store.getState().codeSent(moyenContact, resendAfter);
      } catch (error) {
        failure.show(failure.explain(error));
      }
    },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} {...bot.startOn}>
      <h2 tabIndex={-1}>{t`Receive a verification code`}</h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {failure.view}
      <div className="radios-block">
        <RadioGroup
          name="moyenContact"
          legend={t`Where should we send your 6-digit code?`}
          error={form.errorOf("moyenContact")}
          value={form.values.moyenContact}
          onChange={(value) => form.set("moyenContact", value)}
          options={means.map((m) => ({ value: m.id, label: m.type === "email" ? t`By e-mail to ${m.masked}` : t`By SMS to ${m.masked}` }))}
        />
      </div>
      <Button type="submit" busy={form.submitting}>
        {t`Send me a code`}
      </Button>
    </form>
  );
}

function Code({ store }: { store: RegistrationStore }) {
  const { t } = useLingui();
  const { request } = useElement();
  const bot = useBotCheck();
  const failure = useFailure();
  const sentAt = useStore(store, (s) => s.dateExecution);
  const resendAfter = useStore(store, (s) => s.resendAfterSeconds);
  const means = useStore(store, (s) => s.moyensContactsTrouves.find((m) => m.id === s.moyenContactChoisi));
  const [now, setNow] = useState(() => Date.now());
  const [newCodeNeeded, setNewCodeNeeded] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const wait = Math.max(0, Math.ceil(((sentAt ? Date.parse(sentAt) : 0) + resendAfter * 1000 - now) / 1000));

  const form = useForm(
    { code: "" },
    // A code of another shape would cost one of the tries: the form stops it (the API counts it as wrong).
    ({ code }) => (codeDigits(code) ? [] : [{ field: "code", message: t`Enter the 6-digit code we sent you` }]),
    async ({ code }): Promise<void> => {
      failure.show(null);
      try {
        await verifyCode(request, await bot.take(), store.getState().token!, codeDigits(code)!);
        store.getState().verified();
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const left = error.problem.remainingTries;
          return form.fail([
            { field: "code", message: typeof left === "number" ? t`Incorrect code. ${left} tries left.` : t`Incorrect code.` },
          ]);
        }
        if (error instanceof ApiError && error.status === 410) {
          setNewCodeNeeded(true);
          return failure.show(t`This code can no longer be used (expired or too many tries). Ask for a new code.`);
        }
        failure.show(failure.explain(error));
      }
    },
  );

  const resend = async () => {
    failure.show(null);
    try {
      const again = await sendCode(request, await bot.take(), store.getState().token!, store.getState().moyenContactChoisi!);
      store.getState().codeSent(store.getState().moyenContactChoisi!, again);
      setNewCodeNeeded(false);
      form.set("code", "");
    } catch (error) {
      failure.show(failure.explain(error));
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit} {...bot.startOn}>
      <h2 tabIndex={-1}>{t`Enter your code`}</h2>
      {means && (
        <p>
          {means.type === "email"
            ? t`We have sent a 6-digit code by e-mail to ${means.masked}. It is valid for 10 minutes.`
            : t`We have sent a 6-digit code by SMS to ${means.masked}. It is valid for 10 minutes.`}
        </p>
      )}
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {failure.view}
      <Field
        {...form.bind("code")}
        label={t`Verification code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        spellCheck={false}
        className="code-input"
      />
      <div className="actions">
        <Button type="submit" busy={form.submitting} disabled={newCodeNeeded}>
          {t`Check the code`}
        </Button>
        <Button variant="secondary" disabled={wait > 0} onClick={() => void resend()}>
          {wait > 0 ? t`Send a new code (in ${wait} s)` : t`Send a new code`}
        </Button>
        <Button variant="link" onClick={() => store.getState().back("contact")}>
          {t`Use another contact means`}
        </Button>
      </div>
    </form>
  );
}

function Password({ store }: { store: RegistrationStore }) {
  const { t } = useLingui();
  const { request, core, locale } = useElement();
  const nav = useNavigation();
  const bot = useBotCheck();
  const failure = useFailure();
  const rules = useNewPasswordRules();
  const email = useStore(store, (s) => s.email);
  const form = useForm({ nouveauMotDePasse: "", confirmerMotDePasse: "" }, rules.validate, async (values): Promise<void> => {
    failure.show(null);
    try {
      const answer = await complete(
        request,
        await bot.take(),
        store.getState().token!,
        values.nouveauMotDePasse,
        values.confirmerMotDePasse,
      );
      const user = await core.session.start(answer);
      store.getState().reset();
      core.toasts.getState().show("success", t`Your account has been created. Welcome!`);
      if (user.entreprises.length > 1) nav.go("CHOIX_ENTREPRISE");
      else followRedirection(core, nav, locale);
    } catch (error) {
      const fields = fieldErrorsOf(error, ["motDePasse", "confirmerMotDePasse"]).map((e) => ({
        ...e,
        field: e.field === "motDePasse" ? "nouveauMotDePasse" : e.field,
      }));
      if (fields.length) return form.fail(fields);
      if (error instanceof ApiError && error.status === 409)
        return failure.show(t`An account already exists for this e-mail address. Log in, or reset your password.`);
      failure.show(failure.explain(error));
    }
  });
  return (
    <form noValidate onSubmit={form.onSubmit} {...bot.startOn}>
      <h2 tabIndex={-1}>{t`Choose your password`}</h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {failure.view}
      <NewPasswordFields form={form} hint={rules.hint} username={email} />
      <Button type="submit" busy={form.submitting}>
        {t`Create my account`}
      </Button>
    </form>
  );
}
