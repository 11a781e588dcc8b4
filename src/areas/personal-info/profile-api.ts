import * as v from "valibot";
import { EmailChangeApplied } from "../../contract/email-change";
import { ConfirmationAnswer, ProfileAnswer, type ProfileRequest } from "../../contract/profile";
import type { ApiRequest } from "../../core/api";

export type Profile = ProfileAnswer;

/** A failed load shows its own "try again" state; a toast on top would say it twice. */
export async function getProfile(request: ApiRequest, signal?: AbortSignal): Promise<Profile> {
  return v.parse(ProfileAnswer, await request<unknown>("/me/profile", { signal, errors: "inline" }));
}

/** The form shows every failure itself (field errors, conflicts, outages): no generic toast. */
export async function saveProfile(request: ApiRequest, update: ProfileRequest): Promise<Profile> {
  return v.parse(ProfileAnswer, await request<unknown>("/me/profile", { method: "PUT", body: update, errors: "inline" }));
}

/** Records that the customer checked their data: the company's new last-update date. The screen shows its failures. */
export async function confirmInformation(request: ApiRequest): Promise<string | null> {
  const answer = v.parse(ConfirmationAnswer, await request<unknown>("/me/confirmation", { method: "POST", errors: "inline" }));
  return answer.entreprise.derniereMiseAJour;
}

/** Cancels the pending change of the login e-mail address. The form shows its failure. */
export async function cancelEmailChange(request: ApiRequest): Promise<void> {
  await request<unknown>("/me/email-change", { method: "DELETE", errors: "inline" });
}

/**
 * Uses a link of an e-mail change: `confirm` (the new address's) returns the login e-mail address
 * from now on, `cancel` (the old address's) null. The landing page shows every failure itself.
 */
export async function openEmailChangeLink(request: ApiRequest, link: "confirm" | "cancel", token: string): Promise<string | null> {
  const answer = await request<unknown>(`/email-change/${link}`, { method: "POST", body: { token }, errors: "inline" });
  return link === "confirm" ? v.parse(EmailChangeApplied, answer).email : null;
}
