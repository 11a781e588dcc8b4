import * as v from "valibot";
import { BasketRequestAnswer, type BasketRequest } from "../../contract/basket";
import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import { ApiError } from "../../core/errors";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress } from "../../core/idempotency";
import { SUBMISSION_PATHS } from "../../core/offline";

/**
 * Sends the basket once: `key` is the submission's idempotency key, so a repeated request (a retry
 * after a lost answer, a reload) gets the first answer and records nothing new. A customer's token
 * goes with it when there is one; a session that lapsed or is refused does not stop the request,
 * which then goes as a visitor's (`optional`, then `anonymous`).
 * The screen shows every failure itself.
 */
export async function sendBasket(
  request: ApiRequest,
  body: BasketRequest,
  key: string,
  proof: () => Promise<string>,
): Promise<BasketRequestAnswer> {
  const send = async (anonymous: boolean) =>
    v.parse(
      BasketRequestAnswer,
      await sendWhileInProgress(async () =>
        request<unknown>(SUBMISSION_PATHS.basket, {
          method: "POST",
          body,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key, [BOT_CHECK_HEADER]: await proof() },
          errors: "inline",
          optional: true,
          anonymous,
        }),
      ),
    );
  try {
    return await send(false);
  } catch (error) {
    // The session was refused (it has just ended): the API stored nothing, the basket goes as a visitor's.
    if (error instanceof ApiError && error.status === 401) return send(true);
    throw error;
  }
}

const ProfileSchema = v.object({
  user: v.object({ nom: v.nullish(v.string(), ""), prenom: v.nullish(v.string(), ""), mobile: v.nullish(v.string(), "") }),
});
export type ProfileContact = v.InferOutput<typeof ProfileSchema>["user"];

/** The customer's name and mobile, to prefill the form; the form works without them, so a failure stays quiet. */
export async function getProfileContact(request: ApiRequest, signal?: AbortSignal): Promise<ProfileContact> {
  return v.parse(ProfileSchema, await request<unknown>("/me/profile", { signal, errors: "inline", optional: true })).user;
}
