import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { ApiError } from "../../core/errors";
import { isNetworkFailure, type QueuedSubmission } from "../../core/offline";
import { formatDate, formatNumber } from "../../core/format";
import { selectCompany } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioGroup, SelectField } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { ErrorSummary, type FieldError } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { TextareaField } from "../../ui/Textarea";
import { useFocusNext } from "../../ui/useFocusNext";
import { useForm } from "../../ui/useForm";
import { useResource } from "../../ui/useResource";
import { refusalOf, SavedOffline, useOfflineQueue } from "../../ui/useOfflineQueue";
import type { RuleProblem } from "../../contract/rules";
import {
  CALL_TIMES,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  SERVICE_REQUEST_KINDS,
  SERVICE_REQUEST_URGENCIES,
  ServiceRequest,
  ServiceRequestAnswer as AnswerSchema,
  USAGE_HOURS_MAX,
  type CallTime,
  type ServiceRequestAnswer,
  type ServiceRequestKind,
  type ServiceRequestUrgency,
} from "../../contract/service-request";
import { SERVICE_REQUEST_ICON } from "./icons";
import { PhotosField, useMediaUploads, VideoField } from "./media";
import { getFamily, sendServiceRequest, serviceRequestKey, spendServiceRequestKey } from "./service-request-api";

export interface ServiceRequestFormProps {
  /** The product family of the fleet the request is about (the route's `codeFamille`). */
  family?: string;
  /** A machine's product code in that family: prefilled. */
  product?: string;
}

/** `<macc-service-request>` (SERVICE_REQUEST): a request to the after-sales service about a machine of the fleet. */
export function ServiceRequestForm({ family, product }: ServiceRequestFormProps) {
  const { t } = useLingui();
  const company = useMacc(selectCompany);
  if (!company) {
    return (
      <LoggedOut icon={SERVICE_REQUEST_ICON} title={t`Request a service`}>
        <Trans>Log in to ask our after-sales service for help with a machine.</Trans>
      </LoggedOut>
    );
  }
  const code = family?.trim().toUpperCase() ?? "";
  if (!code) {
    return (
      <div className="container">
        <PageTitle icon={SERVICE_REQUEST_ICON}>{t`Request a service`}</PageTitle>
        <Alert>{t`Choose the machine from your product fleet to make a request about it.`}</Alert>
        <RouteLink route="PARC_PRODUITS">{t`Go to my product fleet`}</RouteLink>
      </div>
    );
  }
  return <Request key={`${company.idTier}:${code}`} family={code} product={product?.trim()} />;
}

interface Values {
  machine: string;
  kind: string;
  description: string;
  usageHours: string;
  urgency: string;
  location: string;
  otherAddress: string;
  callTime: string;
}

/** The fields the API's validation problems name. */
const FIELDS = ["kind", "description", "usageHours", "urgency", "location", "otherAddress", "callTime", "photos", "video"] as const;

/** A request saved on this device, back into the form's values (when the API refused it). */
function valuesOf(body: ServiceRequest): Values {
  return {
    machine: body.codeProduit || body.numeroSerie ? `${body.codeProduit ?? ""}|${body.numeroSerie ?? ""}` : "",
    kind: body.kind,
    description: body.description,
    usageHours: body.usageHours === null || body.usageHours === undefined ? "" : String(body.usageHours),
    urgency: body.urgency,
    location: body.location,
    otherAddress: body.otherAddress ?? "",
    callTime: body.callTime,
  };
}

const machineKey = (m: { codeProduit?: string; numeroSerie?: string | null }) => `${m.codeProduit ?? ""}|${m.numeroSerie ?? ""}`;

function Request({ family, product }: { family: string; product?: string }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const account = useMacc((s) => s.auth.user?.uuidCompte ?? null);
  const company = useMacc(selectCompany);
  const detail = useResource(`service-request:${family}:${locale}`, (signal) => getFamily(request, family, locale, signal));
  // A machine has a serial number; supplies (seed, feed) are asked about as a family.
  const machines = detail.status === "ready" ? detail.data.achats.filter((a) => a.codeProduit && a.numeroSerie) : [];
  const chosen = machines.find((m) => m.codeProduit === product) ?? (machines.length === 1 ? machines[0] : undefined);
  const media = useMediaUploads();
  const [sent, setSent] = useState<ServiceRequestAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  // This family's requests saved on the device: waiting to be sent, refused by the API, or sent.
  const offline = useOfflineQueue("service-request");
  const saved = (offline.entries ?? []).filter((e) => (e.body as Partial<ServiceRequest> | null)?.codeFamille === family);
  const waiting = saved.some((e) => e.state === "waiting");
  const [refused, setRefused] = useState<QueuedSubmission | null>(null);
  // A request waits on the device and the customer writes another meanwhile: the form, the saved
  // one said above it (and its reference, once it goes), never a second one overwritten or lost.
  const [another, setAnother] = useState(false);
  const focusNext = useFocusNext();
  const [savedSent, setSavedSent] = useState<ServiceRequestAnswer | null>(null);

  const kinds: Record<ServiceRequestKind, string> = {
    breakdown: t`Breakdown`,
    maintenance: t`Servicing`,
    "spare-part": t`Spare part`,
    question: t`Question`,
  };
  const urgencies: Record<ServiceRequestUrgency, string> = {
    "machine-stopped": t`The machine is stopped`,
    "can-wait": t`It can wait`,
  };
  const callTimes: Record<CallTime, string> = {
    any: t`Any time`,
    morning: t`In the morning`,
    midday: t`At midday`,
    afternoon: t`In the afternoon`,
    evening: t`In the evening`,
  };

  const say = ({ path, rule }: RuleProblem): string => {
    switch (path) {
      case "kind":
        return t`Choose what your request is about`;
      case "description":
        return rule === "tooLong"
          ? t`The description must be ${formatNumber(locale, DESCRIPTION_MAX)} characters or fewer`
          : rule === "required"
            ? t`Describe the problem or what you need`
            : t`The description must be at least ${DESCRIPTION_MIN} characters long`;
      case "usageHours":
        return t`Enter the hours as a whole number between 0 and ${formatNumber(locale, USAGE_HOURS_MAX)}`;
      case "urgency":
        return t`Say whether the machine is stopped`;
      case "location":
        return t`Say where the machine is`;
      case "otherAddress":
        return rule === "tooLong" ? t`The address is too long` : t`Enter the address where the machine is`;
      case "callTime":
        return t`Choose when we should call you`;
      default:
        return t`Check this field`;
    }
  };

  const body = (values: Values): ServiceRequest => {
    const [codeProduit = "", numeroSerie = ""] = values.machine.split("|");
    const hours = values.usageHours.trim();
    return {
      codeFamille: family,
      codeProduit: codeProduit || null,
      numeroSerie: numeroSerie || null,
      kind: values.kind,
      description: values.description,
      usageHours: hours === "" ? null : /^\d+$/.test(hours) ? Number(hours) : Number.NaN,
      urgency: values.urgency,
      location: values.location,
      otherAddress: values.location === "other" ? values.otherAddress : "",
      callTime: values.callTime,
      ...media.refs(),
      langue: locale,
    } as ServiceRequest;
  };

  const form = useForm<Values>(
    { machine: "", kind: "", description: "", usageHours: "", urgency: "", location: "farm", otherAddress: "", callTime: "any" },
    (values) => {
      const errors: FieldError[] = [];
      if (machines.length > 1 && !values.machine) errors.push({ field: "machine", message: t`Choose which machine` });
      return [...errors, ...media.errors(), ...formErrors(ServiceRequest, body(values), say)];
    },
    async (values) => {
      setFailed(false);
      const owner = [account, company?.idTier ?? null] as const;
      // The photos still on their way are waited for: the request names them all.
      const ready = await media.settle();
      if ("failed" in ready) {
        form.fail([ready.failed]);
        return;
      }
      const { photos: kept, video: film } = ready;
      const full = { ...body(values), photos: kept.flatMap((p) => (p.id ? [p.id] : [])), video: film?.id ?? null };
      // No network: the request waits on the device with its key (the one a lost attempt sent).
      const saveOnDevice = async () => {
        await offline.queue.save({
          key: serviceRequestKey(full, owner),
          kind: "service-request",
          owner: { account, company: company?.idTier ?? null },
          body: { ...full, photos: [], video: null },
          photos: kept.map(({ blob, id }) => ({ blob, id })),
          video: film ? { blob: film.blob, id: film.id } : null,
        });
        spendServiceRequestKey();
        if (refused) await offline.queue.remove(refused.key);
        setRefused(null);
        setAnother(false);
      };
      try {
        if (kept.some((p) => !p.id) || (film && !film.id) || navigator.onLine === false) {
          await saveOnDevice();
          return;
        }
        setSent(await sendServiceRequest(request, full, owner));
        if (refused) void offline.queue.remove(refused.key);
      } catch (error) {
        if (isNetworkFailure(error)) {
          await saveOnDevice();
          return;
        }
        const fieldErrors = fieldErrorsOf(error, FIELDS);
        if (fieldErrors.length) {
          form.fail(fieldErrors);
          return;
        }
        setFailed(true);
      }
    },
  );

  // The machine the element was given (or the family's only one) is chosen once the family is read.
  useEffect(() => {
    if (chosen && !form.values.machine) form.set("machine", machineKey(chosen));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the family arrives
  }, [chosen]);
  // Once the outcome is on screen, it takes focus.
  useEffect(() => {
    if (sent || failed || waiting) status.current?.focus();
  }, [sent, failed, waiting]);
  // A request saved on the device and sent since (from this page or another tab): its answer shows
  // here once, then it leaves the device. One the API refused comes back into the form, with why.
  useEffect(() => {
    const done = saved.find((e) => e.state === "sent");
    const answer = done && v.safeParse(AnswerSchema, done.answer);
    if (done && answer?.success) {
      // While another request is being written, the saved one's reference is said above the form.
      if (another) setSavedSent(answer.output);
      else setSent(answer.output);
      void offline.queue.remove(done.key);
    }
    const back = saved.find((e) => e.state === "refused");
    if (back && back.key !== refused?.key) {
      setRefused(back);
      const values = valuesOf(back.body as ServiceRequest);
      for (const [field, value] of Object.entries(values)) form.set(field as keyof Values, value);
      media.restore(back.photos ?? [], back.video ?? null);
      const errors = fieldErrorsOf(refusalOf(back), FIELDS);
      if (errors.length) form.fail(errors);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the device's queue changes
  }, [offline.entries]);
  /** An empty form beside the request that waits on the device (the machine stays chosen). */
  function writeAnother() {
    for (const field of ["kind", "description", "usageHours", "urgency", "otherAddress"] as const) form.set(field, "");
    media.restore([], null);
    setSavedSent(null);
    setAnother(true);
    focusNext("description");
  }

  const notFound = detail.status === "error" && detail.error instanceof ApiError && detail.error.status === 404;
  if (notFound) {
    return (
      <div className="container">
        <PageTitle icon={SERVICE_REQUEST_ICON}>{t`Product not found`}</PageTitle>
        <p>
          <Trans>This product is not in your fleet. Check the address, or go back to your products.</Trans>
        </p>
        <RouteLink route="PARC_PRODUITS">{t`Back to my product fleet`}</RouteLink>
      </div>
    );
  }

  if (sent) {
    const when = callTimes[sent.callTime];
    return (
      <div className="container">
        <PageTitle icon={SERVICE_REQUEST_ICON}>{t`Request a service`}</PageTitle>
        <div ref={status} tabIndex={-1} className="service-request__done">
          <Alert kind="success">{t`Your request has been sent. Its reference is ${sent.reference}.`}</Alert>
          <h2>{t`What happens next`}</h2>
          <ol className="service-request__next">
            <li>
              {sent.sms ? t`We have sent you a confirmation by e-mail and by text message.` : t`We have sent you a confirmation by e-mail.`}
            </li>
            <li>{t`Our after-sales service will call you back to arrange the work. Best time to call you: ${when}.`}</li>
            <li>{t`Quote the reference ${sent.reference} when you call us about this request.`}</li>
          </ol>
        </div>
        <div className="actions">
          <RouteLink route="PARC_PRODUITS">{t`Back to my product fleet`}</RouteLink>
        </div>
      </div>
    );
  }

  if (waiting && !another) {
    return (
      <div className="container">
        <PageTitle icon={SERVICE_REQUEST_ICON}>{t`Request a service`}</PageTitle>
        <div ref={status} tabIndex={-1} className="service-request__done">
          <SavedOffline>{t`Your request is saved on this device. It will be sent when you are back online.`}</SavedOffline>
        </div>
        <div className="actions">
          <Button variant="secondary" onClick={writeAnother}>
            {t`Write another request`}
          </Button>
          <RouteLink route="PARC_PRODUITS">{t`Back to my product fleet`}</RouteLink>
        </div>
      </div>
    );
  }

  const data = detail.status === "ready" ? detail.data : null;
  const machine = machines.find((m) => machineKey(m) === form.values.machine);
  const length = form.values.description.trim().length;
  const photosError = form.errors.find((e) => e.field === "photos")?.message;
  const videoError = form.errors.find((e) => e.field === "video")?.message;
  return (
    <div className="container">
      <p>
        <RouteLink route="PARC_PRODUITS_DETAIL_SAV" params={{ codeFamille: family }}>
          {t`Back to the product's after-sales service`}
        </RouteLink>
      </p>
      <PageTitle icon={SERVICE_REQUEST_ICON}>{t`Request a service`}</PageTitle>
      {detail.status === "error" && <LoadError message={t`This product cannot be shown right now.`} onRetry={detail.reload} />}
      <div className="service-request__machine" aria-busy={detail.status === "loading" || undefined}>
        {data ? (
          <>
            <h2>{data.produit}</h2>
            {machine && (
              <dl>
                <dt>{t`Product code`}</dt>
                <dd>{machine.codeProduit}</dd>
                {machine.numeroSerie && (
                  <>
                    <dt>{t`Serial number`}</dt>
                    <dd>{machine.numeroSerie}</dd>
                  </>
                )}
                <dt>{t`Purchase date`}</dt>
                <dd>{formatDate(locale, machine.dateAchat)}</dd>
              </dl>
            )}
          </>
        ) : (
          detail.status === "loading" && <Skeleton height="5.5em" label={t`Loading the product`} />
        )}
      </div>
      {waiting && <SavedOffline>{t`Your request is saved on this device. It will be sent when you are back online.`}</SavedOffline>}
      {savedSent && <Alert kind="success">{t`Your request has been sent. Its reference is ${savedSent.reference}.`}</Alert>}
      <div ref={status} tabIndex={-1}>
        {failed && <Alert kind="error">{t`Your request could not be sent. Nothing has been lost: please try again in a moment.`}</Alert>}
        {refused && (
          <Alert kind="error">
            {t`Your request saved on this device was not accepted. Check it and send it again.`}
            {refused.problem?.detail && !refused.problem.errors?.length ? ` ${refused.problem.detail}` : null}
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={form.onSubmit} aria-describedby="service-request-intro">
        <p id="service-request-intro">
          <Trans>Fields marked optional can be left empty.</Trans>
        </p>
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {machines.length > 1 && (
          <SelectField
            {...form.bind("machine")}
            label={t`Which machine?`}
            options={[
              { value: "", label: t`Choose a machine` },
              ...machines.map((m) => ({
                value: machineKey(m),
                label: [m.codeProduit, m.numeroSerie, formatDate(locale, m.dateAchat)].filter(Boolean).join(" — "),
              })),
            ]}
          />
        )}
        <RadioGroup
          name="kind"
          legend={t`What is your request about?`}
          error={form.errorOf("kind")}
          value={form.values.kind}
          onChange={(value) => form.set("kind", value)}
          options={SERVICE_REQUEST_KINDS.map((value) => ({ value, label: kinds[value] }))}
        />
        <TextareaField
          {...form.bind("description")}
          label={t`Describe the problem or what you need`}
          hint={t`What happens, since when, any message on the screen.`}
          rows={6}
          count={t`${formatNumber(locale, length)} of ${formatNumber(locale, DESCRIPTION_MAX)} characters`}
        />
        <Field
          {...form.bind("usageHours")}
          label={t`Hours of use (optional)`}
          hint={t`As shown on the hour meter.`}
          inputMode="numeric"
          autoComplete="off"
          className="field__input--short"
        />
        <RadioGroup
          name="urgency"
          legend={t`How urgent is it?`}
          error={form.errorOf("urgency")}
          value={form.values.urgency}
          onChange={(value) => form.set("urgency", value)}
          options={SERVICE_REQUEST_URGENCIES.map((value) => ({ value, label: urgencies[value] }))}
        />
        <RadioGroup
          name="location"
          legend={t`Where is the machine?`}
          error={form.errorOf("location")}
          value={form.values.location}
          onChange={(value) => form.set("location", value)}
          options={[
            { value: "farm", label: t`At my company's address` },
            { value: "other", label: t`Somewhere else` },
          ]}
        />
        {form.values.location === "other" && (
          <TextareaField {...form.bind("otherAddress")} label={t`Address where the machine is`} rows={2} autoComplete="street-address" />
        )}
        <SelectField
          {...form.bind("callTime")}
          label={t`Best time to call you`}
          options={CALL_TIMES.map((value) => ({ value, label: callTimes[value] }))}
        />
        <PhotosField media={media} error={photosError} />
        <VideoField media={media} error={videoError} />
        <Button type="submit" busy={form.submitting}>
          {media.sending ? t`Send my request (photos are still being sent)` : t`Send my request`}
        </Button>
      </form>
    </div>
  );
}
