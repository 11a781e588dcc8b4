import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useElement, useMacc } from "../../ui/context";
import { NotificationPreferences } from "./NotificationPreferences";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { LoadFailed } from "./LoadFailed";
import { ProfileForm } from "./ProfileForm";
import { ProfileSkeleton } from "./ProfileSkeleton";
import type { Profile } from "./profile-api";
import { useProfile } from "./useProfile";
import { PERSONAL_INFO_ICON } from "./icons";

/** Keeps the header and the guards in step with what the customer just saved (one function per element). */
export function useApplyProfile() {
  const { core } = useElement();
  return useCallback(
    (profile: Profile) => {
      const store = core.store.getState();
      const { entreprise } = profile;
      store.updateEntreprise(entreprise.idTier, {
        raisonSocial: entreprise.raison_sociale,
        formeJuridique: entreprise.formeJuridique,
        immatriculation: entreprise.immatriculation,
        derniereMiseAJour: entreprise.derniereMiseAJour,
      });
      store.updateLoginEmail(profile.user.email);
    },
    [core],
  );
}

/** `<macc-personal-info>` (INFOS_PERSONNEL): the customer's and the company's data. */
export function PersonalInfo() {
  const { t } = useLingui();
  const idTier = useMacc((s) => s.auth.companyId ?? undefined);
  const profile = useProfile(idTier);
  const apply = useApplyProfile();

  return (
    <div className="container" part="personal-info">
      <PageTitle icon={PERSONAL_INFO_ICON}>{t`My information`}</PageTitle>
      {!idTier ? (
        <p>
          <Trans>Log in to see and update your information.</Trans> <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
        </p>
      ) : (
        <>
          <p className="intro">
            <Trans>Keep your details up to date so that our teams can reach you. Fields are required unless marked optional.</Trans>
          </p>
          <p className="password-link">
            <RouteLink route="MOT_DE_PASSE_UPDATE">{t`Change my password`}</RouteLink>
          </p>
          {profile.status === "loading" && <ProfileSkeleton />}
          {profile.status === "error" && <LoadFailed onRetry={profile.reload} />}
          {profile.status === "ready" && (
            <>
              <ProfileForm key={idTier} profile={profile.data} submitLabel={t`Save my information`} onSaved={apply} />
              <NotificationPreferences />
            </>
          )}
        </>
      )}
    </div>
  );
}
