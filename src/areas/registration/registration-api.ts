import * as v from "valibot";
import type { ApiRequest, RequestOptions } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import {
  ChooseCompaniesAnswer,
  CodeSentAnswer,
  CodeVerifiedAnswer,
  IdentifyAnswer,
  type IdentifyRequest,
} from "../../contract/registration";

/** Every step is public and behind the bot check; the screen shows every failure itself. */
const options = (botCheck: string, body: unknown): RequestOptions => ({
  method: "POST",
  body,
  anonymous: true,
  headers: { [BOT_CHECK_HEADER]: botCheck },
  errors: "inline",
});

export async function identify(request: ApiRequest, botCheck: string, body: IdentifyRequest) {
  return v.parse(IdentifyAnswer, await request<unknown>("/registration", options(botCheck, body)));
}

export async function chooseCompanies(request: ApiRequest, botCheck: string, id: string, idTiers: string[]) {
  return v.parse(
    ChooseCompaniesAnswer,
    await request<unknown>(`/registration/${encodeURIComponent(id)}/companies`, options(botCheck, { idTiers })),
  ).moyensContacts;
}

export async function sendCode(request: ApiRequest, botCheck: string, id: string, moyenContact: string) {
  return v.parse(
    CodeSentAnswer,
    await request<unknown>(`/registration/${encodeURIComponent(id)}/code`, options(botCheck, { moyenContact })),
  ).resendAfter;
}

export async function verifyCode(request: ApiRequest, botCheck: string, id: string, code: string): Promise<void> {
  v.parse(CodeVerifiedAnswer, await request<unknown>(`/registration/${encodeURIComponent(id)}/verify`, options(botCheck, { code })));
}

/** Creates the account and answers like a login (the session parses it). */
export function complete(
  request: ApiRequest,
  botCheck: string,
  id: string,
  motDePasse: string,
  confirmerMotDePasse: string,
): Promise<unknown> {
  return request(`/registration/${encodeURIComponent(id)}/complete`, options(botCheck, { motDePasse, confirmerMotDePasse }));
}
