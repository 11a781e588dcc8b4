import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import * as v from "valibot";
import {
  NOTIFICATION_TYPES,
  NotificationPreferencesAnswer,
  TYPE_CHANNELS,
  type Channel,
  type NotificationType,
} from "../../contract/notifications";
import type { ApiRequest } from "../../core/api";
import { ApiError } from "../../core/errors";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioGroup } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import { useResource } from "../../ui/useResource";

type Preferences = Record<NotificationType, Channel>;

async function getPreferences(request: ApiRequest, signal?: AbortSignal): Promise<Preferences> {
  return v.parse(NotificationPreferencesAnswer, await request<unknown>("/me/notification-preferences", { signal, errors: "inline" }));
}

async function putPreferences(request: ApiRequest, body: Preferences): Promise<Preferences> {
  const answer = await request<unknown>("/me/notification-preferences", { method: "PUT", body, errors: "inline" });
  return v.parse(NotificationPreferencesAnswer, answer);
}

/** Each type's name and what it covers. */
function useTypeLabels(): Record<NotificationType, string> {
  const { t } = useLingui();
  return {
    invoices: t`New invoices (one message a day)`,
    documents: t`New documents for your products`,
    "service-requests": t`Service requests: changes of status`,
    "bank-details": t`Bank details: validation`,
    invitations: t`Invitations to your company's team`,
    freshness: t`Information to confirm`,
    security: t`Security alerts (always sent)`,
  };
}

/** "My information"'s notification preferences (issue 30): per type of message, e-mail, SMS (where offered) or none. */
export function NotificationPreferences() {
  const { request } = useElement();
  const { t } = useLingui();
  const uuidCompte = useMacc((s) => s.auth.user?.uuidCompte ?? null);
  const preferences = useResource(uuidCompte ? `notification-preferences:${uuidCompte}` : null, (signal) =>
    getPreferences(request, signal),
  );
  const headingId = useId();

  return (
    <section className="notification-preferences" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Notification preferences</Trans>
      </h2>
      <p>
        <Trans>Choose how we tell you about each kind of message. Every e-mail also has a link to unsubscribe from its kind.</Trans>
      </p>
      {preferences.status === "loading" && <Skeleton height="12em" label={t`Loading your notification preferences`} />}
      {preferences.status === "error" && (
        <LoadError message={t`Your notification preferences cannot be shown right now.`} onRetry={preferences.reload} />
      )}
      {preferences.status === "ready" && <PreferencesForm initial={preferences.data} />}
    </section>
  );
}

function PreferencesForm({ initial }: { initial: Preferences }) {
  const { request } = useElement();
  const { t } = useLingui();
  const labels = useTypeLabels();
  const channelLabels: Record<Channel, string> = {
    email: t`By e-mail`,
    sms: t`By SMS`,
    "email-and-sms": t`By e-mail and SMS`,
    none: t`Do not send`,
  };
  // What the customer chose stays, whatever the server answers.
  const [chosen, setChosen] = useState<Preferences>(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      setChosen(await putPreferences(request, chosen));
      setOutcome({ kind: "success", text: t`Your notification preferences are saved.` });
    } catch (error) {
      const detail = error instanceof ApiError && error.status === 422 ? error.problem.detail : null;
      setOutcome({ kind: "error", text: detail || t`That did not work. Please try again in a moment.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {NOTIFICATION_TYPES.map((type) => (
        <RadioGroup
          key={type}
          name={`notification-${type}`}
          legend={labels[type]}
          options={TYPE_CHANNELS[type].map((channel) => ({ value: channel, label: channelLabels[channel] }))}
          value={chosen[type]}
          onChange={(value) => setChosen((c) => ({ ...c, [type]: value as Channel }))}
        />
      ))}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <Button type="submit" busy={busy}>
        {t`Save my notification preferences`}
      </Button>
    </form>
  );
}
