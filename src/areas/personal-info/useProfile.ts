import { useElement } from "../../ui/context";
import { useResource } from "../../ui/useResource";
import { getProfile } from "./profile-api";

/** The profile of the selected company's customer, reloaded when the company changes. */
export function useProfile(idTier: string | undefined) {
  const { request } = useElement();
  return useResource(idTier ? `profile:${idTier}` : null, (signal) => getProfile(request, signal));
}
