import { useElement } from "../../ui/context";
import { useResource } from "../../ui/useResource";
import { getProfile } from "./profile-api";

/** The profile's key in the page's resource cache: the screen and the e-mail change's landing share its read. */
export const profileKey = (idTier: string) => `profile:${idTier}`;

/** The profile of the selected company's customer, reloaded when the company changes. */
export function useProfile(idTier: string | undefined) {
  const { request } = useElement();
  return useResource(idTier ? profileKey(idTier) : null, (signal) => getProfile(request, signal));
}
