import * as v from "valibot";
import type { ApiRequest, RequestOptions } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import type { CompanyCountry } from "../../contract/company-numbers";

/** Every step is public and behind the bot check; the screen shows every failure itself. */
const options = (botCheck: string, body: unknown): RequestOptions => ({
  method: "POST",
  body,
  anonymous: true,
  headers: { [BOT_CHECK_HEADER]: botCheck },
  errors: "inline",
});

const FoundSchema = v.object({
  registrationId: v.string(),
  entreprisesTrouvees: v.array(
    v.object({
      idTier: v.string(),
      formeJuridique: v.nullish(v.string(), ""),
      raisonSocial: v.string(),
      immatriculation: v.nullish(v.string(), ""),
      numeroClient: v.nullish(v.string(), ""),
    }),
  ),
});
const MeansSchema = v.object({
  moyensContacts: v.array(v.object({ id: v.string(), type: v.picklist(["email", "sms"]), masked: v.string() })),
});
const CodeSentSchema = v.object({ resendAfter: v.optional(v.number(), 60) });

export interface Identification {
  pays: CompanyCountry;
  immatriculation?: string;
  numeroClient?: string;
  email: string;
  mobile: string;
}

export async function identify(request: ApiRequest, botCheck: string, body: Identification) {
  return v.parse(FoundSchema, await request<unknown>("/registration", options(botCheck, body)));
}

export async function chooseCompanies(request: ApiRequest, botCheck: string, id: string, idTiers: string[]) {
  return v.parse(MeansSchema, await request<unknown>(`/registration/${encodeURIComponent(id)}/companies`, options(botCheck, { idTiers })))
    .moyensContacts;
}

export async function sendCode(request: ApiRequest, botCheck: string, id: string, moyenContact: string) {
  return v.parse(
    CodeSentSchema,
    await request<unknown>(`/registration/${encodeURIComponent(id)}/code`, options(botCheck, { moyenContact })),
  ).resendAfter;
}

export async function verifyCode(request: ApiRequest, botCheck: string, id: string, code: string): Promise<void> {
  await request(`/registration/${encodeURIComponent(id)}/verify`, options(botCheck, { code }));
}

/** Creates the account and answers like a login. */
export function complete(
  request: ApiRequest,
  botCheck: string,
  id: string,
  motDePasse: string,
  confirmerMotDePasse: string,
): Promise<unknown> {
  return request(`/registration/${encodeURIComponent(id)}/complete`, options(botCheck, { motDePasse, confirmerMotDePasse }));
}
