import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Locale } from "../../contract/constants";
import { INTITULE_MAX } from "../../contract/constants";
import { isCancelled } from "../../core/errors";
import { formatDate } from "../../core/format";
import { formatIban, ibanLength, ibanProblem, normaliseIban } from "../../contract/iban";
import { RIB_EXTENSIONS, RIB_MEDIA_TYPES, RIB_SIGNATURE_BYTES, ribTypeOf, type RibType } from "../../contract/rib";
import { selectCompany } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { saveBlob } from "../../ui/download";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { TextareaField } from "../../ui/Textarea";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useCompanyPhone } from "../../ui/useCompanyPhone";
import { useRouteAvailability } from "../../ui/useFeatures";
import { useForm } from "../../ui/useForm";
import { useResource } from "../../ui/useResource";
import {
  BankDetailsChange,
  repeatsDetailsInForce,
  type BankDetailsAnswer as Details,
  type BankDetailsVersion,
} from "../../contract/bank-details";
import { downloadRib, getBankDetails, sendChange } from "./bank-details-api";
import { BANK_DETAILS_ICON } from "./icons";

/**
 * `<macc-bank-details>` (COORDONNEE_BANCAIRE): the details in force, the change being validated,
 * and a form to change them with the RIB document. While the server's `coordonnee-bancaire` flag is
 * off (or not known yet), and outside fr-FR, it renders nothing.
 */
export function BankDetails() {
  return useRouteAvailability("COORDONNEE_BANCAIRE") === "available" ? <BankDetailsScreen /> : null;
}

/** The chosen document, with its type as its first bytes tell. */
interface Rib {
  file: File;
  type: RibType | null;
}
interface ChangeValues {
  iban: string;
  intitule: string;
  rib: Rib | null;
}
const EMPTY: ChangeValues = { iban: "", intitule: "", rib: null };
const FIELDS = ["iban", "intitule", "rib"];
const TYPE_NAMES: Record<RibType, string> = { pdf: "PDF", jpeg: "JPEG", png: "PNG" };

/** "5 MB", "500 kB" in the page's language. */
function formatSize(locale: Locale, bytes: number): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, { style: "unit", unit: mega ? "megabyte" : "kilobyte", maximumFractionDigits: 1 }).format(
    bytes / (mega ? 1024 * 1024 : 1024),
  );
}
const typeList = (locale: Locale, types: readonly RibType[]) =>
  new Intl.ListFormat(locale, { type: "disjunction" }).format(types.map((type) => TYPE_NAMES[type]));

function BankDetailsScreen() {
  const { t } = useLingui();
  const { request } = useElement();
  const entreprise = useMacc(selectCompany);
  const details = useResource(entreprise ? `bank-details:${entreprise.idTier}` : null, (signal) => getBankDetails(request, signal));

  if (!entreprise) {
    return (
      <LoggedOut icon={BANK_DETAILS_ICON} title={t`Bank details`}>
        <Trans>Log in to see and change your bank details.</Trans>
      </LoggedOut>
    );
  }

  return (
    <div className="container" part="bank-details">
      <PageTitle icon={BANK_DETAILS_ICON}>{t`Bank details`}</PageTitle>
      {details.status === "error" && !details.data ? (
        <LoadError message={t`Your bank details cannot be shown right now.`} onRetry={details.reload} />
      ) : !details.data ? (
        <section className="panel" aria-busy="true">
          <Skeleton height="1.5em" width="12em" label={t`Loading your bank details`} />
          <Skeleton height="5em" />
        </section>
      ) : (
        <Loaded details={details.data} onChanged={details.reload} />
      )}
    </div>
  );
}

function Loaded({ details, onChanged }: { details: Details; onChanged: () => void }) {
  const { t } = useLingui();
  const { inForce, pending } = details;
  return (
    <>
      <section className="panel" aria-labelledby="in-force-title">
        <h2 id="in-force-title">{t`Details in force`}</h2>
        {inForce ? (
          <Version version={inForce} />
        ) : (
          <p>
            <Trans>We have no bank details for your company yet. Add them below with your RIB.</Trans>
          </p>
        )}
      </section>
      {pending && (
        <section className="panel panel--pending" aria-labelledby="pending-title">
          {/* The badge stays out of the heading, which says the same: read once, not twice. */}
          <div className="panel__heading">
            <h2 id="pending-title">{t`Change being validated`}</h2>
            <span className="badge-pending" aria-hidden="true">
              {t`Being validated`}
            </span>
          </div>
          <p>
            <Trans>We are checking these details against your RIB. Until then, the details in force above still apply.</Trans>
          </p>
          <Version version={pending} />
        </section>
      )}
      <ChangeForm details={details} onChanged={onChanged} />
    </>
  );
}

function Version({ version }: { version: BankDetailsVersion }) {
  const { t } = useLingui();
  const { locale } = useElement();
  return (
    <dl className="summary-list">
      <div>
        <dt>{t`IBAN`}</dt>
        {/* In full: the customer's own account, behind their login; only the whole number can be checked against the RIB. */}
        <dd className="iban">{formatIban(version.iban)}</dd>
      </div>
      <div>
        <dt>{t`Account holder`}</dt>
        <dd>{version.intitule}</dd>
      </div>
      <div>
        <dt>{version.validatedAt ? t`Validated on` : t`Submitted on`}</dt>
        <dd>{formatDate(locale, version.validatedAt ?? version.submittedAt, "long")}</dd>
      </div>
      <div>
        <dt>{t`RIB`}</dt>
        <dd>{version.document ? <RibDownload version={version} document={version.document} /> : t`No document`}</dd>
      </div>
    </dl>
  );
}

function RibDownload({ version, document }: { version: BankDetailsVersion; document: NonNullable<BankDetailsVersion["document"]> }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const size = formatSize(locale, document.size);
  const type = TYPE_NAMES[document.type];
  return (
    <>
      <Button
        variant="link"
        busy={state === "busy"}
        onClick={async () => {
          setState("busy");
          try {
            const blob = await downloadRib(request, version.id);
            saveBlob(new Blob([blob], { type: RIB_MEDIA_TYPES[document.type] }), document.name || `rib.${RIB_EXTENSIONS[document.type]}`);
            setState("idle");
          } catch (error) {
            setState(isCancelled(error) ? "idle" : "failed");
          }
        }}
      >
        {t`Download the RIB (${type}, ${size})`}
      </Button>
      {state === "failed" && <span className="field__error">{t`The document could not be downloaded. Please try again.`}</span>}
    </>
  );
}

function ChangeForm({ details, onChanged }: { details: Details; onChanged: () => void }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const phone = useCompanyPhone();
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null);
  // While a change is being validated the form is folded: sending again replaces that change.
  const [reopened, setReopened] = useState(false);
  const folded = details.pending !== null && !reopened;
  const [progress, setProgress] = useState<{ loaded: number; total: number | null } | null>(null);
  // A new key empties the file input after a change was sent.
  const [fileKey, setFileKey] = useState(0);
  const status = useRef<HTMLDivElement>(null);
  const { maxBytes, types } = details.limits;
  const accepted = typeList(locale, types);
  const maxSize = formatSize(locale, maxBytes);

  /** Which IBAN rule the contract found broken, in the customer's words. */
  const ibanMessage = (iban: string): string => {
    const country = normaliseIban(iban).slice(0, 2);
    switch (ibanProblem(iban)) {
      case "required":
        return t`Enter the IBAN`;
      case "characters":
        return t`An IBAN starts with two letters and two digits, followed by letters and digits`;
      case "country":
        return t`${country} is not a country that uses IBANs`;
      case "length": {
        const length = ibanLength(country) ?? 0;
        return t`An IBAN from ${country} has ${length} characters`;
      }
      case "checksum":
      case null:
        return t`This IBAN is not valid: check it against your RIB`;
    }
  };
  const ribMessage = (rib: Rib | null): string | null => {
    if (!rib) return t`Attach your RIB`;
    if (rib.file.size > maxBytes) return t`The file is too large: ${maxSize} maximum`;
    if (!rib.type || !types.includes(rib.type)) return t`This type of file is not accepted: send a ${accepted}`;
    return null;
  };

  const form = useForm<ChangeValues>(
    EMPTY,
    (values) => {
      const rib = ribMessage(values.rib);
      return [
        ...formErrors(BankDetailsChange, values, ({ path, rule }) => {
          if (path === "iban") return ibanMessage(values.iban);
          return rule === "tooLong" ? t`The name must be ${INTITULE_MAX} characters or fewer` : t`Enter the account holder's name`;
        }),
        // Only a valid IBAN and a holder can equal the details in force: never a second error on a field.
        ...(repeatsDetailsInForce(values, details.inForce)
          ? [{ field: "iban", message: t`These are already your bank details: change the IBAN or the account holder` }]
          : []),
        ...(rib ? [{ field: "rib", message: rib }] : []),
      ];
    },
    async (values) => {
      setOutcome(null);
      setProgress({ loaded: 0, total: values.rib!.file.size });
      try {
        await sendChange(
          request,
          { iban: normaliseIban(values.iban), intitule: values.intitule.trim(), rib: values.rib!.file },
          (loaded, total) => setProgress({ loaded, total }),
        );
        setOutcome("sent");
        setReopened(false);
        form.set("iban", "");
        form.set("intitule", "");
        form.set("rib", null);
        setFileKey((k) => k + 1);
        onChanged();
      } catch (error) {
        if (isCancelled(error)) return;
        const fieldErrors = fieldErrorsOf(error, FIELDS);
        if (fieldErrors.length) form.fail(fieldErrors);
        else setOutcome("failed");
      } finally {
        setProgress(null);
      }
    },
  );
  useEffect(() => {
    if (outcome) status.current?.focus();
  }, [outcome]);
  useEffect(() => {
    if (reopened) formElement.current?.querySelector<HTMLElement>("textarea, input")?.focus();
  }, [reopened]);

  // The file's type is read from its first bytes, as the server will (a renamed file is caught here
  // already). Until the form's values hold the file, a submit waits for it rather than finding none:
  // the read ends before React draws its result, and the values a submit checks are the drawn ones.
  const reading = useRef<File | null>(null);
  const submitOnceRead = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    reading.current = file;
    if (!file) return form.set("rib", null);
    const type = await file
      .slice(0, RIB_SIGNATURE_BYTES)
      .arrayBuffer()
      .then((head) => ribTypeOf(new Uint8Array(head)))
      .catch(() => null); // unreadable: "this type of file is not accepted"
    if (reading.current === file) form.set("rib", { file, type });
  };
  useEffect(() => {
    if (reading.current && form.values.rib?.file === reading.current) reading.current = null;
    if (!submitOnceRead.current || reading.current) return;
    submitOnceRead.current = false;
    formElement.current?.requestSubmit();
  }, [form.values.rib]);
  const onSubmit = (event: FormEvent) => {
    if (!reading.current) {
      submitOnceRead.current = false;
      return form.onSubmit(event);
    }
    event.preventDefault();
    submitOnceRead.current = true;
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <section className="panel" aria-labelledby="change-title">
      <h2 id="change-title">{details.inForce ? t`Change my bank details` : t`Add my bank details`}</h2>
      <div ref={status} tabIndex={-1}>
        {outcome === "sent" && (
          <Alert kind="success">{t`Your new bank details are being validated. Your current details stay in force until then.`}</Alert>
        )}
        {outcome === "failed" && (
          <Alert kind="error">
            {phone
              ? t`Your bank details could not be updated. Please try again later or call us on ${phone}.`
              : t`Your bank details could not be updated. Please try again later.`}
          </Alert>
        )}
      </div>
      {folded ? (
        <>
          <p>
            <Trans>Other details sent now would replace the change being validated.</Trans>
          </p>
          <div className="actions">
            <Button variant="secondary" onClick={() => setReopened(true)}>
              {t`Send other details instead`}
            </Button>
            <RouteLink route="DASHBOARD">{t`Back to my account`}</RouteLink>
          </div>
        </>
      ) : (
        <>
          <p>
            <Trans>Your new details are checked against your RIB before they apply.</Trans>
          </p>
          <form ref={formElement} noValidate onSubmit={onSubmit}>
            <ErrorSummary errors={form.errors} attempt={form.attempt} />
            {/* Wraps on a phone: a whole IBAN is wider than the field there, and a hidden quarter goes unchecked. */}
            <TextareaField
              {...form.bind("iban")}
              singleLine
              label={t`IBAN`}
              hint={t`As on your RIB, for example FR76 3000 6000 0112 3456 7890 189`}
              className="iban"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={50}
            />
            {/* Wraps on a phone too: a company's full name is often wider than the field there. */}
            <TextareaField
              {...form.bind("intitule")}
              singleLine
              label={t`Account holder`}
              hint={t`The name on the account, as on your RIB`}
              maxLength={INTITULE_MAX + 30}
            />
            <Field
              key={fileKey}
              name="rib"
              type="file"
              label={t`Your RIB`}
              hint={t`${accepted}, ${maxSize} maximum`}
              error={form.errorOf("rib")}
              accept={types.flatMap((type) => [RIB_MEDIA_TYPES[type], `.${RIB_EXTENSIONS[type]}`]).join(",")}
              className="file"
              onChange={(event) => void chooseFile(event)}
            />
            {progress && (
              <div className="progress">
                <label htmlFor="rib-progress">{t`Sending your RIB: ${percent} %`}</label>
                <progress id="rib-progress" max={100} value={percent} />
              </div>
            )}
            <div className="actions">
              <Button type="submit" busy={form.submitting}>
                {t`Send my new bank details`}
              </Button>
              <RouteLink route="DASHBOARD">{t`Back to my account`}</RouteLink>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
