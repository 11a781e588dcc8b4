import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { isBotCheckRefusal } from "../../core/bot-check";
import { formatCompanyName } from "../../core/company-name";
import { BASKET_MESSAGES, BasketRequest } from "../../contract/basket";
import { COMPANY_COUNTRIES, COMPANY_NUMBER_EXAMPLE, isCompanyCountry } from "../../contract/company-numbers";
import type { RuleProblem } from "../../contract/rules";
import { BASKET_MAX_ITEMS, BASKET_NOM_MAX, BASKET_SOCIETE_MAX, LOCALES, type Locale } from "../../contract/constants";
import { ApiError, waitMinutes } from "../../core/errors";
import { isNetworkFailure, offlineQueueOf, type QueuedSubmission } from "../../core/offline";
import { countryOf } from "../../core/locale";
import { MOBILE_EXAMPLE } from "../../contract/phone-rules";
import { isLogged, selectCompany } from "../../core/store";
import type { Entreprise, UserPanier } from "../../core/types";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { RouteLink } from "../../ui/RouteLink";
import { useBotCheck, useBotCheckFailure } from "../../ui/useBotCheck";
import { useBrand } from "../../ui/useBrand";
import { useCompanyPhone } from "../../ui/useCompanyPhone";
import { useForm } from "../../ui/useForm";
import { refusalOf } from "../../ui/useOfflineQueue";
import { useResource } from "../../ui/useResource";
import { followInAddress } from "./address";
import { getProfileContact, sendBasket } from "./basket-api";
import { rememberSent, basketSubmissionKey, spendBasketKey, type SentRecord } from "./submission";

/** The customer's data as the form holds it (SPEC §3 `userPanier`); the basket and the theme go with it. */
type BasketValues = Omit<BasketRequest, "items" | "theme">;

/**
 * What the form starts with: what the customer typed before (kept in the store's `userPanier`
 * through the LOGIN_PANIER round trip and reloads), else the chosen company's data, else the
 * page's country and language.
 */
function initialValues(saved: UserPanier | null, company: Entreprise | null, locale: Locale): BasketValues {
  const country = [company?.pays, countryOf(locale)].find(isCompanyCountry) ?? "FR";
  return {
    nom: saved?.nom || "",
    societe: saved?.societe || (company ? formatCompanyName(company.raisonSocial, company.formeJuridique, company.pays) : ""),
    mobile: saved?.mobile || "",
    immat: saved?.immat || company?.immatriculation || "",
    pays: saved?.pays || country,
    langue: saved?.langue || locale,
  };
}

/** The fields the API's validation problems name. */
const FIELDS = ["nom", "societe", "mobile", "immat", "pays", "langue", "items"];

export function BasketForm({
  panier,
  sendBack = null,
  onSent,
}: {
  panier: string[];
  /** A basket saved on this device that the API refused: back in the form, with why. */
  sendBack?: QueuedSubmission | null;
  onSent: (record: SentRecord) => void;
}) {
  const { t } = useLingui();
  const { core, locale, theme, request } = useElement();
  const nav = useNavigation();
  const brand = useBrand();
  const logged = useMacc(isLogged);
  const company = useMacc(selectCompany);
  const account = useMacc((s) => s.auth.user?.uuidCompte ?? null);
  const phone = useCompanyPhone();
  const botCheck = useBotCheck();
  const botCheckFailure = useBotCheckFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  const say = ({ path, rule, message }: RuleProblem, pays: string): string => {
    switch (path) {
      case "nom":
        return rule === "required" ? t`Enter your name` : t`Your name must be ${BASKET_NOM_MAX} characters or fewer`;
      case "societe":
        return rule === "required"
          ? t`Enter the name of your company`
          : t`The company name must be ${BASKET_SOCIETE_MAX} characters or fewer`;
      case "mobile":
        return rule === "required"
          ? t`Enter your mobile number`
          : t`Enter a valid mobile number for this country, like ${MOBILE_EXAMPLE[pays] ?? MOBILE_EXAMPLE.FR}`;
      case "immat":
        return rule === "required"
          ? t`Enter your company's registration number`
          : t`Enter a valid registration number for this country, like ${COMPANY_NUMBER_EXAMPLE[isCompanyCountry(pays) ? pays : "FR"]}`;
      case "pays":
        return t`Choose your company's country`;
      case "langue":
        return t`Choose the language of your confirmation message`;
      default: // items (the element's theme is always valid)
        return message === BASKET_MESSAGES.emptyBasket
          ? t`Your basket is empty.`
          : t`Your basket can hold ${BASKET_MAX_ITEMS} items at most: remove some`;
    }
  };

  const form = useForm<BasketValues>(
    initialValues(core.store.getState().app.userPanier, company, locale),
    (values) => formErrors(BasketRequest, { ...values, items: panier, theme }, (problem) => say(problem, values.pays)),
    async (values): Promise<void> => {
      setFailure(null);
      const body: BasketRequest = {
        items: panier,
        nom: values.nom.trim(),
        societe: values.societe.trim(),
        mobile: values.mobile.trim(),
        immat: values.immat.trim(),
        pays: values.pays,
        langue: values.langue,
        theme,
      };
      // Kept for exactly this request from this account and company: a retry is recorded once.
      const key = basketSubmissionKey([account, company?.idTier ?? null, body]);
      // No network: the basket waits on the device with its key (the one a lost attempt sent); a
      // visitor's belongs to the browser, a customer's to their account.
      const saveOnDevice = async () => {
        const queue = offlineQueueOf(core);
        await queue.save({ key, kind: "basket", owner: { account, company: account ? (company?.idTier ?? null) : null }, body });
        spendBasketKey();
        if (sendBack) await queue.remove(sendBack.key);
      };
      try {
        if (navigator.onLine === false) return await saveOnDevice();
        const sent = await sendBasket(request, body, key, botCheck.take);
        const record: SentRecord = {
          reference: sent.reference,
          createdAt: sent.createdAt,
          mobile: body.mobile,
          sms: sent.sms,
          items: sent.items,
        };
        rememberSent(record);
        if (sendBack) void offlineQueueOf(core).remove(sendBack.key);
        onSent(record);
        followInAddress(nav, []);
        // SPEC §4: the basket, the redirection and the user basket data go (macc-basket-change follows).
        core.store.getState().clearPanier();
        if (nav.query) nav.go("PANIER_VALIDER");
      } catch (error) {
        if (isNetworkFailure(error)) return await saveOnDevice();
        const fields = fieldErrorsOf(error, [...Object.keys(form.values), "items"]);
        if (fields.length) return form.fail(fields);
        setFailure(explain(error));
      }
    },
  );

  const explain = (error: unknown): string => {
    if (isBotCheckRefusal(error)) return botCheckFailure;
    if (error instanceof ApiError && error.status === 429) {
      const minutes = waitMinutes(error);
      return t`Too many baskets have been sent from your connection. Please wait ${minutes} min and try again.`;
    }
    return phone
      ? t`Your basket could not be sent. Please try again in a moment or call us on ${phone}.`
      : t`Your basket could not be sent. Please try again in a moment.`;
  };

  useEffect(() => {
    if (failure) status.current?.focus();
  }, [failure]);

  // A basket the API refused after it waited on this device: its data back in the fields, with why.
  useEffect(() => {
    if (!sendBack) return;
    const saved = sendBack.body as BasketRequest;
    for (const field of ["nom", "societe", "mobile", "immat", "pays", "langue"] as const) form.set(field, saved[field] ?? "");
    const errors = fieldErrorsOf(refusalOf(sendBack), FIELDS);
    if (errors.length) form.fail(errors);
    else setFailure(sendBack.problem?.detail ?? t`Your basket saved on this device was not accepted. Check it and send it again.`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refused basket
  }, [sendBack?.key]);

  // A customer's name and mobile from their profile fill the fields still empty, once.
  const profile = useResource(company ? `basket-profile:${company.idTier}` : null, (signal) => getProfileContact(request, signal));
  const prefilled = useRef(false);
  useEffect(() => {
    if (profile.status !== "ready" || prefilled.current) return;
    prefilled.current = true;
    const name = `${profile.data.prenom} ${profile.data.nom}`.trim();
    if (name && !form.values.nom) form.set("nom", name);
    if (profile.data.mobile && !form.values.mobile) form.set("mobile", profile.data.mobile);
  }, [profile, form]);

  /** A field bound to the form whose changes are also kept in the store (the LOGIN_PANIER round trip, a reload). */
  const bind = (field: keyof BasketValues) => {
    const bound = form.bind(field);
    return {
      ...bound,
      onChange(event: { target: { value: string } }) {
        bound.onChange(event);
        const store = core.store.getState();
        store.setUserPanier({ ...store.app.userPanier, [field]: event.target.value });
      },
    };
  };

  const countryName = new Intl.DisplayNames([locale], { type: "region" });
  const languageName = new Intl.DisplayNames([locale], { type: "language", languageDisplay: "standard" });
  const pays = form.values.pays;

  return (
    <section className="form-section" aria-labelledby="basket-details">
      <h2 id="basket-details">{t`Your details`}</h2>
      {!logged && (
        <div className="panel basket-account" part="basket-account">
          <p>
            <Trans>Do you have an account with {brand}? Log in first and we fill in your company's details for you.</Trans>
          </p>
          <div className="actions">
            <RouteLink route="LOGIN_PANIER" className="btn btn--secondary">
              {t`Log in first`}
            </RouteLink>
            <span>{t`or continue below without an account.`}</span>
          </div>
        </div>
      )}
      <div ref={status} tabIndex={-1}>
        {failure && <Alert kind="error">{failure}</Alert>}
      </div>
      <form noValidate onSubmit={form.onSubmit} {...botCheck.startOn} aria-describedby="basket-required">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        <p id="basket-required" className="field__hint">
          <Trans>All fields are required.</Trans>
        </p>
        <Field {...bind("nom")} label={t`Your name`} autoComplete="name" />
        <Field {...bind("societe")} label={t`Company name`} autoComplete="organization" />
        <SelectField
          {...bind("pays")}
          label={t`Company's country`}
          autoComplete="country"
          options={COMPANY_COUNTRIES.map((code) => ({ value: code, label: countryName.of(code) ?? code }))}
        />
        <Field
          {...bind("immat")}
          label={t`Company registration number`}
          hint={
            pays === "FR"
              ? t`SIREN (9 digits) or SIRET (14 digits)`
              : t`Company or VAT number, for example ${COMPANY_NUMBER_EXAMPLE[isCompanyCountry(pays) ? pays : "FR"]}`
          }
          autoComplete="off"
          spellCheck={false}
        />
        <Field
          {...bind("mobile")}
          type="tel"
          label={t`Mobile phone`}
          hint={t`We send your confirmation to it by text message. For example ${MOBILE_EXAMPLE[pays] ?? MOBILE_EXAMPLE.FR}`}
          autoComplete="mobile tel"
        />
        <SelectField
          {...bind("langue")}
          label={t`Language of the confirmation`}
          autoComplete="language"
          options={LOCALES.map((code) => ({ value: code, label: languageName.of(code) ?? code }))}
        />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t`Validate and be contacted by an adviser`}
          </Button>
        </div>
      </form>
    </section>
  );
}
