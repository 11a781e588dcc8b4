import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { ApiError } from "../../core/errors";
import { isNetworkFailure } from "../../core/offline";
import { formatNumber } from "../../core/format";
import { selectCompany } from "../../core/store";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { TextareaField } from "../../ui/Textarea";
import { useForm } from "../../ui/useForm";
import { refusalOf, SavedOffline, useOfflineQueue } from "../../ui/useOfflineQueue";
import type { RuleProblem } from "../../contract/rules";
import {
  CUSTOMER_MESSAGE_MAX,
  CUSTOMER_MESSAGE_MIN,
  MESSAGE_TOO_SHORT,
  ServiceRequestMessage,
  ServiceRequestTimeline as TimelineSchema,
  type ServiceRequestTimeline,
} from "../../contract/service-request";
import { PhotosField, useMediaUploads, VideoField } from "./media";
import { messageKey, sendMessage, spendMessageKey } from "./service-request-api";

/** The fields the API's validation problems name. */
const FIELDS = ["message", "photos", "video"] as const;

/**
 * A message to the after-sales service on an open request: words, photos, a video, or together,
 * sent once; without a network it waits on this device with its photos (the offline queue) and is
 * sent when the browser is back online. `onSent` gets the timeline the API answered.
 */
export function MessageForm({ reference, onSent }: { reference: string; onSent: (timeline: ServiceRequestTimeline) => void }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const account = useMacc((s) => s.auth.user?.uuidCompte ?? null);
  const company = useMacc(selectCompany);
  const owner = [account, company?.idTier ?? null] as const;
  const media = useMediaUploads();
  const [problem, setProblem] = useState<string | null>(null);
  // This request's messages saved on the device: waiting, refused by the API, or sent since.
  const offline = useOfflineQueue("service-request-message");
  const saved = (offline.entries ?? []).filter((e) => (e.body as { reference?: string } | null)?.reference === reference);
  const waiting = saved.some((e) => e.state === "waiting");
  const [refused, setRefused] = useState<string | null>(null);

  const say = ({ message, rule }: RuleProblem): string =>
    rule === "tooLong"
      ? t`The message must be ${formatNumber(locale, CUSTOMER_MESSAGE_MAX)} characters or fewer`
      : message === MESSAGE_TOO_SHORT
        ? t`The message must be at least ${CUSTOMER_MESSAGE_MIN} characters long`
        : t`Write a message, or add a photo or a video`;

  const body = (text: string) => ({ message: text, ...media.refs() });
  const form = useForm(
    { message: "" },
    (values) => [...media.errors(), ...formErrors(ServiceRequestMessage, body(values.message), say)],
    async (values) => {
      setProblem(null);
      const ready = await media.settle();
      if ("failed" in ready) {
        form.fail([ready.failed]);
        return;
      }
      const full = { message: values.message, photos: ready.photos.flatMap((p) => (p.id ? [p.id] : [])), video: ready.video?.id ?? null };
      const clear = () => {
        form.set("message", "");
        media.restore([], null);
      };
      // No network: the message waits on the device with its key (the one a lost attempt sent).
      const saveOnDevice = async () => {
        await offline.queue.save({
          key: messageKey(reference, full, owner),
          kind: "service-request-message",
          owner: { account, company: company?.idTier ?? null },
          body: { reference, message: full.message },
          photos: ready.photos,
          video: ready.video,
        });
        spendMessageKey();
        if (refused) await offline.queue.remove(refused);
        setRefused(null);
        clear();
      };
      try {
        if (ready.photos.some((p) => !p.id) || (ready.video && !ready.video.id) || navigator.onLine === false) {
          await saveOnDevice();
          return;
        }
        onSent(await sendMessage(request, reference, full, owner));
        if (refused) void offline.queue.remove(refused);
        setRefused(null);
        clear();
      } catch (error) {
        if (isNetworkFailure(error)) {
          await saveOnDevice();
          return;
        }
        const errors = fieldErrorsOf(error, FIELDS);
        if (errors.length) form.fail(errors);
        // A request closed meanwhile says so in the API's words (in the request's language).
        else
          setProblem(
            (error instanceof ApiError && error.status === 409 && error.problem.detail) ||
              t`That did not work. Please try again in a moment.`,
          );
      }
    },
  );

  // A message saved on the device and sent since (from this page or another tab): the timeline it
  // answered shows, then it leaves the device. One the API refused comes back into the form.
  useEffect(() => {
    const done = saved.find((e) => e.state === "sent");
    const answer = done && v.safeParse(TimelineSchema, done.answer);
    if (done && answer?.success) {
      onSent(answer.output);
      void offline.queue.remove(done.key);
    }
    const back = saved.find((e) => e.state === "refused");
    if (back && back.key !== refused) {
      setRefused(back.key);
      form.set("message", (back.body as { message?: string }).message ?? "");
      media.restore(back.photos ?? [], back.video ?? null);
      const errors = fieldErrorsOf(refusalOf(back), FIELDS);
      if (errors.length) form.fail(errors);
      else setProblem(back.problem?.detail ?? t`That did not work. Please try again in a moment.`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the device's queue changes
  }, [offline.entries]);

  const photosError = form.errors.find((e) => e.field === "photos")?.message;
  const videoError = form.errors.find((e) => e.field === "video")?.message;
  return (
    <form noValidate onSubmit={form.onSubmit} className="service-requests__write">
      <h3>{t`Write to the after-sales service`}</h3>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <div role="status">
        {waiting && <SavedOffline>{t`Your message is saved on this device. It will be sent when you are back online.`}</SavedOffline>}
        {refused && <Alert kind="error">{t`Your message saved on this device was not accepted. Check it and send it again.`}</Alert>}
        {problem && <Alert kind="error">{problem}</Alert>}
      </div>
      <TextareaField
        {...form.bind("message")}
        label={t`Your message (optional with photos or a video)`}
        maxLength={CUSTOMER_MESSAGE_MAX}
        rows={4}
      />
      <PhotosField media={media} error={photosError} />
      <VideoField media={media} error={videoError} />
      <Button type="submit" busy={form.submitting}>
        {media.sending ? t`Send the message (photos are still being sent)` : t`Send the message`}
      </Button>
    </form>
  );
}
