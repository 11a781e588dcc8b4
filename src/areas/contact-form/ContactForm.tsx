import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { isBotCheckRefusal } from "../../core/bot-check";
import { companyPhone, footerNetwork } from "../../core/contacts";
import { formatNumber } from "../../core/format";
import { isNetworkFailure, type QueuedSubmission } from "../../core/offline";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { TextareaField } from "../../ui/Textarea";
import { useBotCheck, useBotCheckFailure } from "../../ui/useBotCheck";
import { useForm } from "../../ui/useForm";
import { useFooterContact } from "../../ui/useFooterContact";
import { useFocusNext } from "../../ui/useFocusNext";
import { refusalOf, SavedOffline, useOfflineQueue } from "../../ui/useOfflineQueue";
import { ContactRequest } from "../../contract/contact";
import type { RuleProblem } from "../../contract/rules";
import { contactKey, MESSAGE_MAX, MESSAGE_MIN, sendMessage, spendContactKey, SUBJECT_MAX } from "./contact-api";
import { isLogged, selectCompany } from "../../core/store";
import { CONTACT_FORM_ICON } from "./icons";

const EMPTY: ContactRequest = { service: "", subject: "", message: "" };

/** `<macc-contact-form>` (FORMULAIRE_CONTACT): a message to one of the network's services. */
export function ContactForm() {
  const { t } = useLingui();
  const { locale, theme, request } = useElement();
  const logged = useMacc(isLogged);
  const account = useMacc((s) => s.auth.user?.uuidCompte ?? null);
  const company = useMacc(selectCompany);
  const network = useMacc((s) => footerNetwork(s, locale, theme));
  const contacts = useFooterContact(network, { errors: "inline" });
  const phone = companyPhone(contacts.data);
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null);
  const focusNext = useFocusNext();
  const status = useRef<HTMLDivElement>(null);
  const botCheck = useBotCheck();
  const botCheckFailure = useBotCheckFailure();
  const [refused, setRefused] = useState(false);
  // The messages saved on this device: waiting for a network, refused by the API, or sent since.
  const offline = useOfflineQueue("contact");
  const waiting = (offline.entries ?? []).some((e) => e.state === "waiting");
  const [sendBack, setSendBack] = useState<QueuedSubmission | null>(null);
  // A message waits on the device and the customer writes another meanwhile: the form, the saved
  // one said above it (and its sending, once it goes), never a second one overwritten or lost.
  const [another, setAnother] = useState(false);
  const [savedSent, setSavedSent] = useState(false);

  const say = ({ path, rule }: RuleProblem): string =>
    path === "service"
      ? t`Choose the service your message is for`
      : path === "subject"
        ? rule === "required"
          ? t`Enter the subject of your message`
          : t`The subject must be ${SUBJECT_MAX} characters or fewer`
        : rule === "required"
          ? t`Enter your message`
          : rule === "tooLong"
            ? t`Your message must be ${formatNumber(locale, MESSAGE_MAX)} characters or fewer`
            : // The contract words its minimum in the API's words (`format`): too short.
              t`Your message must be at least ${MESSAGE_MIN} characters long`;
  const form = useForm<ContactRequest>(
    EMPTY,
    (values) => formErrors(ContactRequest, values, say),
    async (values) => {
      setOutcome(null);
      const body = { service: values.service, subject: values.subject.trim(), message: values.message.trim() };
      const sender = [account, company?.idTier ?? null] as const;
      // No network: the message waits on the device with its key (the one a lost attempt sent).
      const saveOnDevice = async () => {
        await offline.queue.save({ key: contactKey(body, sender), kind: "contact", owner: { account, company: sender[1] }, body });
        spendContactKey();
        if (sendBack) await offline.queue.remove(sendBack.key);
        setSendBack(null);
        setAnother(false);
      };
      try {
        if (navigator.onLine === false) {
          await saveOnDevice();
          return;
        }
        await sendMessage(request, body, sender, botCheck.take);
        if (sendBack) void offline.queue.remove(sendBack.key);
        setSendBack(null);
        setOutcome("sent");
      } catch (error) {
        if (isNetworkFailure(error)) {
          await saveOnDevice();
          return;
        }
        const fieldErrors = fieldErrorsOf(error, Object.keys(EMPTY));
        if (fieldErrors.length) {
          form.fail(fieldErrors);
          return;
        }
        setRefused(isBotCheckRefusal(error));
        setOutcome("failed");
      }
    },
  );
  // Once the outcome is on screen (the success view replaces the form), it takes focus.
  useEffect(() => {
    if (outcome || waiting) status.current?.focus();
  }, [outcome, waiting]);
  // A message saved on the device and sent since (from this page or another tab) shows as sent,
  // once; one the API refused comes back into the form, with why.
  useEffect(() => {
    const done = offline.entries?.find((e) => e.state === "sent");
    if (done) {
      // While another message is being written, its sending is said above the form, not in its place.
      if (another) setSavedSent(true);
      else setOutcome("sent");
      void offline.queue.remove(done.key);
    }
    const back = offline.entries?.find((e) => e.state === "refused");
    if (back && back.key !== sendBack?.key) {
      setSendBack(back);
      const values = back.body as ContactRequest;
      for (const field of ["service", "subject", "message"] as const) form.set(field, values[field] ?? "");
      const errors = fieldErrorsOf(refusalOf(back), Object.keys(EMPTY));
      if (errors.length) form.fail(errors);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the device's queue changes
  }, [offline.entries]);

  if (!logged) {
    return (
      <LoggedOut icon={CONTACT_FORM_ICON} title={t`Write to us`}>
        <Trans>Log in to write to us from your account.</Trans>
      </LoggedOut>
    );
  }

  if (outcome === "sent") {
    return (
      <div className="container" part="contact-form">
        <PageTitle icon={CONTACT_FORM_ICON}>{t`Write to us`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <Alert kind="success">{t`Your message has been sent. We have e-mailed you a copy and will answer as soon as possible.`}</Alert>
        </div>
        <div className="actions">
          <Button
            variant="secondary"
            onClick={() => {
              form.set("subject", "");
              form.set("message", "");
              setOutcome(null);
              focusNext("service");
            }}
          >
            {t`Write another message`}
          </Button>
          <RouteLink route="DASHBOARD">{t`Back to my account`}</RouteLink>
        </div>
      </div>
    );
  }

  if (waiting && !another) {
    return (
      <div className="container" part="contact-form">
        <PageTitle icon={CONTACT_FORM_ICON}>{t`Write to us`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <SavedOffline>{t`Your message is saved on this device. It will be sent when you are back online.`}</SavedOffline>
        </div>
        <div className="actions">
          <Button
            variant="secondary"
            onClick={() => {
              form.set("subject", "");
              form.set("message", "");
              setSavedSent(false);
              setAnother(true);
              focusNext("service");
            }}
          >
            {t`Write another message`}
          </Button>
          <RouteLink route="DASHBOARD">{t`Back to my account`}</RouteLink>
        </div>
      </div>
    );
  }

  const length = form.values.message.trim().length;
  return (
    <div className="container" part="contact-form">
      <PageTitle icon={CONTACT_FORM_ICON}>{t`Write to us`}</PageTitle>
      <p>
        <Trans>All fields are required. We answer by e-mail, usually within two working days.</Trans>
      </p>
      {waiting && <SavedOffline>{t`Your message is saved on this device. It will be sent when you are back online.`}</SavedOffline>}
      {savedSent && (
        <Alert kind="success">{t`Your message has been sent. We have e-mailed you a copy and will answer as soon as possible.`}</Alert>
      )}
      <div ref={status} tabIndex={-1}>
        {sendBack && (
          <Alert kind="error">
            {t`Your message saved on this device was not accepted. Check it and send it again.`}
            {sendBack.problem?.detail && !sendBack.problem.errors?.length ? ` ${sendBack.problem.detail}` : null}
          </Alert>
        )}
        {outcome === "failed" && (
          <Alert kind="error">
            {refused
              ? botCheckFailure
              : phone
                ? t`Your message could not be sent. Please try again later or call us on ${phone}.`
                : t`Your message could not be sent. Please try again later.`}
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={form.onSubmit} {...botCheck.startOn}>
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {contacts.status === "error" && (
          <Alert kind="error">
            {t`Our services cannot be listed right now.`}{" "}
            <Button variant="link" onClick={contacts.reload}>
              {t`Try again`}
            </Button>
          </Alert>
        )}
        {contacts.status === "loading" ? (
          <Skeleton height="4.5em" width="min(30em, 100%)" label={t`Loading our services`} />
        ) : (
          <SelectField
            {...form.bind("service")}
            label={t`Service`}
            options={[
              { value: "", label: t`Choose a service` },
              ...(contacts.data?.listSousServices ?? []).map((s) => ({ value: s.nomSousService, label: s.nomSousService })),
            ]}
          />
        )}
        <Field {...form.bind("subject")} label={t`Subject`} maxLength={SUBJECT_MAX + 50} autoComplete="off" />
        <TextareaField
          {...form.bind("message")}
          label={t`Your message`}
          rows={8}
          count={t`${formatNumber(locale, length)} of ${formatNumber(locale, MESSAGE_MAX)} characters`}
        />
        <Button type="submit" busy={form.submitting}>
          {t`Send my message`}
        </Button>
      </form>
    </div>
  );
}
