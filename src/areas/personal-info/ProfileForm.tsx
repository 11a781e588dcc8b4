import { useLingui } from "@lingui/react/macro";
import { useRef, useState, type ReactNode } from "react";
import type * as v from "valibot";
import { checkCompanyNumber, COMPANY_NUMBER_EXAMPLE, type CompanyCountry } from "../../contract/company-numbers";
import { ProfileFormFields } from "../../contract/profile";
import type { RuleProblem } from "../../contract/rules";
import { ADDRESS_COUNTRIES } from "../../contract/constants";
import { can } from "../../contract/permissions";
import { freshnessOf } from "../../core/freshness";
import { selectCompany, selectRole } from "../../core/store";
import { formatDateTime } from "../../core/format";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioGroup, SelectField } from "../../ui/Choice";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary, type FieldError } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { PasswordField } from "../../ui/PasswordField";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { useCompanyPhone } from "../../ui/useCompanyPhone";
import { useForm } from "../../ui/useForm";
import { CIVILITES } from "./civilite";
import { cancelEmailChange, saveProfile, type Profile } from "./profile-api";

/** The company's fields of the form: changed by the roles that change the company's data only. */
const COMPANY_FIELDS: readonly string[] = ["raison_sociale", "formeJuridique", "immatriculation"];

/** What the form holds: the text of each field of the request. */
type ProfileValues = Record<keyof v.InferInput<typeof ProfileFormFields>, string>;

function valuesOf(profile: Profile): ProfileValues {
  const { user, entreprise } = profile;
  return {
    ...user,
    civilite: user.civilite ?? "",
    raison_sociale: entreprise.raison_sociale,
    formeJuridique: entreprise.formeJuridique,
    immatriculation: entreprise.immatriculation,
    motDePasse: "",
  };
}

/**
 * The customer's and the company's data (SPEC §3 form fields), validated on submit with the
 * GOV.UK pattern. Used by "my information" and by the information confirmation screen.
 */
export function ProfileForm({
  profile,
  submitLabel,
  onSaved,
  secondary,
}: {
  profile: Profile;
  submitLabel: string;
  onSaved: (profile: Profile) => void;
  secondary?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { request, locale } = useElement();
  // The company's data as the customer's role allows (issue 29): changed (owner, full), read, or neither.
  const role = useMacc(selectRole);
  const companyWritable = can(role, "company", "W");
  const companyReadable = can(role, "company", "R");
  const companyDue = freshnessOf(useMacc(selectCompany)?.derniereMiseAJour, new Date()) !== "fresh";
  const nav = useNavigation();
  const phone = useCompanyPhone();
  const [outcome, setOutcome] = useState<"saved" | "failed" | "cancelled" | "cancelFailed" | null>(null);
  // What the server holds now: the login e-mail, and the change of it waiting for its link.
  const [current, setCurrent] = useState(profile);
  // The new address a link was sent to by the last save.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  const companyCountry = profile.entreprise.pays || "FR";
  const example = COMPANY_NUMBER_EXAMPLE[companyCountry as CompanyCountry] ?? "";

  const say = ({ path, rule, limit }: RuleProblem): string => {
    if (rule === "tooLong") return t`This field must be ${limit} characters or fewer`;
    switch (path) {
      case "email":
        return rule === "required" ? t`Enter your e-mail address` : t`Enter an e-mail address in the correct format, like name@example.com`;
      case "mobile":
      case "telephone":
        return t`Enter a phone number in the correct format, like +33 6 12 34 56 78`;
      case "code_postal":
        return t`Enter a valid postcode for the chosen country`;
      case "immatriculation":
        if (rule === "required") return t`Enter the company's registration number`;
        return companyCountry === "FR"
          ? t`Enter a valid SIREN (9 digits) or SIRET (14 digits)`
          : t`Enter a valid company or VAT number for this country, like ${example}`;
      default:
        return (
          {
            nom: t`Enter your last name`,
            prenom: t`Enter your first name`,
            raison_sociale: t`Enter the company name`,
            motDePasse: t`Enter your current password to change your e-mail address`,
          }[path] ?? t`This field is required`
        );
    }
  };
  const emailChanged = (values: ProfileValues) => values.email.trim().toLowerCase() !== current.user.email.toLowerCase();

  /**
   * The contract's verdict, then what it cannot know (the API checks it after the schema too): the
   * registration number of the company's country, the current password when the e-mail changes.
   */
  const validate = (values: ProfileValues): FieldError[] => {
    const basis: RuleProblem[] = [];
    const number = values.immatriculation.trim();
    if (companyWritable && number && !checkCompanyNumber(companyCountry as CompanyCountry, number).valid)
      basis.push({ path: "immatriculation", rule: "companyNumber" });
    if (emailChanged(values) && !values.motDePasse) basis.push({ path: "motDePasse", rule: "required" });
    // The company's fields the role does not change are the server's, sent back as they are and not written.
    const errors = formErrors(ProfileFormFields, values, say).filter((e) => companyWritable || !COMPANY_FIELDS.includes(e.field));
    return [
      ...errors,
      ...basis.filter(({ path }) => !errors.some((e) => e.field === path)).map((p) => ({ field: p.path, message: say(p) })),
    ];
  };

  const form = useForm<ProfileValues>(valuesOf(profile), validate, async (values) => {
    setOutcome(null);
    const { raison_sociale, formeJuridique, immatriculation, motDePasse, civilite, ...user } = values;
    const changesEmail = emailChanged(values);
    try {
      const saved = await saveProfile(request, {
        user: { ...user, civilite: civilite || null, email: values.email.trim() },
        entreprise: { raison_sociale, formeJuridique, immatriculation: immatriculation.trim() },
        // The new address becomes the login only once the link sent to it is opened, on this page.
        ...(changesEmail ? { motDePasse, emailChangePath: nav.href("CHANGEMENT_EMAIL") } : {}),
      });
      setOutcome("saved");
      setLinkSentTo(changesEmail ? (saved.emailChange?.email ?? null) : null);
      setCurrent(saved);
      form.set("motDePasse", "");
      form.set("email", saved.user.email);
      onSaved(saved);
    } catch (error) {
      const fieldErrors = serverErrors(error);
      if (fieldErrors.length) form.fail(fieldErrors);
      else setOutcome("failed");
    }
    requestAnimationFrame(() => status.current?.focus());
  });

  function serverErrors(error: unknown): FieldError[] {
    return fieldErrorsOf(error, Object.keys(form.values));
  }

  async function cancelChange() {
    setCancelling(true);
    try {
      await cancelEmailChange(request);
      setCurrent((now) => ({ ...now, emailChange: null }));
      setOutcome("cancelled");
    } catch {
      setOutcome("cancelFailed");
    }
    setCancelling(false);
    requestAnimationFrame(() => status.current?.focus());
  }

  const pending = current.emailChange;
  const [newEmail, deadline, loginEmail] = [pending?.email, pending && formatDateTime(locale, pending.expiresAt), current.user.email];
  const field = form.bind;
  const countryName = new Intl.DisplayNames([locale], { type: "region" });

  return (
    <form noValidate onSubmit={form.onSubmit} part="profile-form">
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <div ref={status} tabIndex={-1}>
        {outcome === "saved" && (
          <Alert kind="success">
            {t`Your information has been updated.`}
            {linkSentTo &&
              ` ${t`We have sent a link to ${linkSentTo}: your login e-mail address changes when you open it (valid for 24 hours).`}`}
          </Alert>
        )}
        {outcome === "cancelled" && <Alert kind="success">{t`The change of your login e-mail address has been cancelled.`}</Alert>}
        {outcome === "cancelFailed" && <Alert kind="error">{t`The change could not be cancelled. Please try again later.`}</Alert>}
        {outcome === "failed" && (
          <Alert kind="error">
            {phone
              ? t`Your information could not be updated. Please try again later or call us on ${phone}.`
              : t`Your information could not be updated. Please try again later.`}
          </Alert>
        )}
      </div>

      <section className="form-section" aria-labelledby="about-you">
        {/* Focused when the form replaces the summary it corrects (InfoConfirmation). */}
        <h2 id="about-you" tabIndex={-1}>
          {t`About you`}
        </h2>
        <RadioGroup
          name="civilite"
          legend={t`Title (optional)`}
          value={form.values.civilite}
          onChange={(value) => form.set("civilite", value)}
          autoComplete="honorific-prefix"
          options={CIVILITES.map(({ value, label }) => ({ value, label: i18n._(label) }))}
        />
        <div className="form-grid">
          <Field {...field("nom")} label={t`Last name`} autoComplete="family-name" />
          <Field {...field("prenom")} label={t`First name`} autoComplete="given-name" />
          <Field {...field("fonction")} label={t`Job title (optional)`} autoComplete="organization-title" />
          <Field
            {...field("email")}
            wide
            type="email"
            label={t`E-mail address`}
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
          />
          {pending && (
            <div className="pending-email">
              <p>
                {t`Waiting for confirmation: ${newEmail} becomes your login e-mail address when the link we sent to it is opened, by ${deadline}. Until then, log in with ${loginEmail}.`}
              </p>
              <Button variant="secondary" busy={cancelling} onClick={() => void cancelChange()}>
                {t`Cancel this change`}
              </Button>
            </div>
          )}
          <Field {...field("mobile")} type="tel" label={t`Mobile phone (optional)`} autoComplete="mobile tel" />
          <Field {...field("telephone")} type="tel" label={t`Landline phone (optional)`} autoComplete="work tel" />
        </div>
        {emailChanged(form.values) && (
          <PasswordField
            {...field("motDePasse")}
            label={t`Current password`}
            hint={t`For your security, changing your e-mail address needs your current password.`}
            autoComplete="current-password"
          />
        )}
      </section>

      <section className="form-section" aria-labelledby="your-address">
        <h2 id="your-address">{t`Your address`}</h2>
        <div className="form-grid">
          <Field {...field("adresse")} wide label={t`Address (optional)`} autoComplete="address-line1" />
          <Field {...field("adresse_complement")} wide label={t`Address line 2 (optional)`} autoComplete="address-line2" />
          <Field {...field("code_postal")} label={t`Postcode (optional)`} autoComplete="postal-code" />
          <Field {...field("ville")} label={t`Town or city (optional)`} autoComplete="address-level2" />
          <SelectField
            {...field("pays")}
            label={t`Country`}
            autoComplete="country"
            options={ADDRESS_COUNTRIES.map((code) => ({ value: code, label: countryName.of(code) ?? code }))}
          />
        </div>
      </section>

      {companyWritable ? (
        <section className="form-section" aria-labelledby="your-company">
          <h2 id="your-company">{t`Your company`}</h2>
          <div className="form-grid">
            <Field {...field("raison_sociale")} wide label={t`Company name`} autoComplete="organization" />
            <Field
              {...field("formeJuridique")}
              label={t`Legal form (optional)`}
              hint={t`For example SAS, SARL, EARL, GAEC`}
              autoComplete="off"
            />
            <Field
              {...field("immatriculation")}
              label={t`Registration number`}
              hint={companyCountry === "FR" ? t`SIREN (9 digits) or SIRET (14 digits)` : t`Company or VAT number, for example ${example}`}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="field">
              <span className="field__label">{t`Customer number`}</span>
              <p className="field__value">{profile.entreprise.numeroClient}</p>
            </div>
          </div>
        </section>
      ) : (
        companyReadable && (
          <section className="form-section" aria-labelledby="your-company">
            <h2 id="your-company">{t`Your company`}</h2>
            {/* Only owner and full confirm the company's data (issue 29): the other roles are told who does. */}
            {companyDue ? (
              <Alert>{t`The company's details are due for their 3-year confirmation: its owner must confirm them.`}</Alert>
            ) : (
              <p className="field__hint">{t`The company's owner keeps these details up to date and confirms them every 3 years.`}</p>
            )}
            <div className="form-grid">
              {(
                [
                  ["raison_sociale", t`Company name`, profile.entreprise.raison_sociale],
                  ["immatriculation", t`Registration number`, profile.entreprise.immatriculation],
                  ["numeroClient", t`Customer number`, profile.entreprise.numeroClient],
                ] as const
              ).map(([key, label, value]) => (
                <div className="field" key={key}>
                  <span className="field__label">{label}</span>
                  <p className="field__value">{value}</p>
                </div>
              ))}
            </div>
          </section>
        )
      )}

      <div className="actions">
        <Button type="submit" busy={form.submitting}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
