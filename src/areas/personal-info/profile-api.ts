import * as v from "valibot";
import type { ApiRequest } from "../../core/api";

/** Absent or null text comes out as "", so the form always has a string to show. */
const text = v.nullish(v.string(), "");

export const ProfileUserSchema = v.object({
  civilite: v.nullish(v.string()),
  nom: text,
  prenom: text,
  fonction: text,
  email: text,
  mobile: text,
  telephone: text,
  adresse: text,
  adresse_complement: text,
  code_postal: text,
  ville: text,
  pays: text,
});

export const ProfileSchema = v.object({
  user: ProfileUserSchema,
  entreprise: v.object({
    idTier: v.string(),
    raison_sociale: text,
    formeJuridique: text,
    immatriculation: text,
    numeroClient: text,
    pays: text,
    derniereMiseAJour: v.nullable(v.string()),
  }),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;
export type ProfileUser = Profile["user"];

const ConfirmationSchema = v.object({
  entreprise: v.object({ idTier: v.string(), derniereMiseAJour: v.nullable(v.string()) }),
});

/** A failed load shows its own "try again" state; a toast on top would say it twice. */
export async function getProfile(request: ApiRequest, signal?: AbortSignal): Promise<Profile> {
  return v.parse(ProfileSchema, await request<unknown>("/me/profile", { signal, errors: "inline" }));
}

export interface ProfileUpdate {
  user: ProfileUser;
  entreprise: { raison_sociale: string; formeJuridique: string; immatriculation: string };
  /** The current password, needed only when the e-mail address changes. */
  motDePasse?: string;
}

/** The form shows every failure itself (field errors, conflicts, outages): no generic toast. */
export async function saveProfile(request: ApiRequest, update: ProfileUpdate): Promise<Profile> {
  return v.parse(ProfileSchema, await request<unknown>("/me/profile", { method: "PUT", body: update, errors: "inline" }));
}

/** Records that the customer checked their data: the company's new last-update date. The screen shows its failures. */
export async function confirmInformation(request: ApiRequest): Promise<string | null> {
  const answer = v.parse(ConfirmationSchema, await request<unknown>("/me/confirmation", { method: "POST", errors: "inline" }));
  return answer.entreprise.derniereMiseAJour;
}
