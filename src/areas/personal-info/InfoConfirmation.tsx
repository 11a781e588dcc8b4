import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { formatCompanyName } from "../../core/company-name";
import { formatDate } from "../../core/format";
import { freshnessOf } from "../../core/route-rules";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { followRedirection } from "../../ui/redirection";
import { useCompanyPhone } from "../../ui/useCompanyPhone";
import { useFocusNext } from "../../ui/useFocusNext";
import { civiliteLabel } from "./civilite";
import { LoadFailed } from "./LoadFailed";
import { useApplyProfile } from "./PersonalInfo";
import { confirmInformation, type Profile } from "./profile-api";
import { ProfileForm } from "./ProfileForm";
import { ProfileSkeleton } from "./ProfileSkeleton";
import { useProfile } from "./useProfile";
import { selectCompany } from "../../core/store";
import { CONFIRMATION_ICON } from "./icons";

/**
 * `<macc-info-confirmation>` (CONFIRMATION_INFORMATION): company data never confirmed (migrated
 * accounts: the welcome variant) or older than 3 years must be confirmed as is, or corrected,
 * before any other protected screen opens. Either way records a new last-update date.
 */
export function InfoConfirmation() {
  const { t } = useLingui();
  const { core, locale, request } = useElement();
  const nav = useNavigation();
  const entreprise = useMacc(selectCompany);
  const profile = useProfile(entreprise?.idTier);
  const apply = useApplyProfile();
  const phone = useCompanyPhone();
  const [correcting, setCorrecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const failure = useRef<HTMLDivElement>(null);
  const [now] = useState(() => new Date());
  // Between the summary and the form that corrects it, the keyboard goes on where the customer is.
  const focusNext = useFocusNext();
  const correct = (on: boolean) => {
    setCorrecting(on);
    focusNext(on ? "about-you" : "correct-information");
  };

  if (!entreprise) {
    return (
      <LoggedOut icon={CONFIRMATION_ICON} title={t`Confirm your information`}>
        <Trans>Log in to see and update your information.</Trans>
      </LoggedOut>
    );
  }
  const freshness = freshnessOf(entreprise.derniereMiseAJour, now);

  const goOn = () => followRedirection(core, nav, locale, "CONFIRMATION_INFORMATION");

  const confirm = async () => {
    if (confirming) return;
    setConfirming(true);
    setFailed(false);
    try {
      const date = await confirmInformation(request);
      core.store.getState().updateEntreprise(entreprise.idTier, { derniereMiseAJour: date });
      goOn();
    } catch {
      setFailed(true);
      requestAnimationFrame(() => failure.current?.focus());
    } finally {
      setConfirming(false);
    }
  };

  const saved = (updated: Profile) => {
    apply(updated);
    // The screen goes on at once: a link just sent to a new address is said on the way.
    const linkSentTo = updated.emailChange?.email;
    if (linkSentTo && updated.emailChange?.expiresAt !== (profile.status === "ready" && profile.data.emailChange?.expiresAt)) {
      core.toasts
        .getState()
        .show("success", t`We have sent a link to ${linkSentTo}: your login e-mail address changes when you open it (valid for 24 hours).`);
    }
    goOn();
  };

  return (
    <div className="container confirmation" part="info-confirmation">
      {freshness === "missing" ? (
        <>
          <PageTitle icon={CONFIRMATION_ICON}>{t`Welcome to your new customer area`}</PageTitle>
          <p className="intro">
            <Trans>
              Your customer area has moved to a new service. Before you start, please check the information we hold about you and your
              company, then confirm it or correct it.
            </Trans>
          </p>
        </>
      ) : (
        <>
          <PageTitle icon={CONFIRMATION_ICON}>{t`Confirm your information`}</PageTitle>
          <p className="intro">
            {entreprise.derniereMiseAJour && freshness === "stale"
              ? t`Your information was last confirmed on ${formatDate(locale, entreprise.derniereMiseAJour, "long")}. Please check that it is still correct.`
              : t`Please check that your information is still correct.`}
          </p>
        </>
      )}
      <div ref={failure} tabIndex={-1}>
        {failed && (
          <Alert kind="error">
            {phone
              ? t`We could not record your confirmation. Please try again later or call us on ${phone}.`
              : t`We could not record your confirmation. Please try again later.`}
          </Alert>
        )}
      </div>
      {profile.status === "loading" && <ProfileSkeleton />}
      {profile.status === "error" && <LoadFailed onRetry={profile.reload} />}
      {profile.status === "ready" &&
        (correcting ? (
          <ProfileForm
            profile={profile.data}
            submitLabel={t`Save and continue`}
            onSaved={saved}
            secondary={
              <Button variant="link" onClick={() => correct(false)}>
                {t`Cancel`}
              </Button>
            }
          />
        ) : (
          <Summary profile={profile.data} confirming={confirming} onConfirm={() => void confirm()} onCorrect={() => correct(true)} />
        ))}
    </div>
  );
}

function Summary({
  profile,
  confirming,
  onConfirm,
  onCorrect,
}: {
  profile: Profile;
  confirming: boolean;
  onConfirm: () => void;
  onCorrect: () => void;
}) {
  const { t, i18n } = useLingui();
  const { locale } = useElement();
  const { user, entreprise } = profile;
  const country = (code: string) => (code ? (new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code) : "");
  const address = [user.adresse, user.adresse_complement, `${user.code_postal} ${user.ville}`.trim(), country(user.pays)]
    .filter(Boolean)
    .join(", ");
  const rows: Array<[string, string]> = [
    [t`Name`, [civiliteLabel((label) => i18n._(label), user.civilite), user.prenom, user.nom].filter(Boolean).join(" ")],
    [t`Job title`, user.fonction],
    [t`E-mail address`, user.email],
    [t`Mobile phone`, user.mobile],
    [t`Landline phone`, user.telephone],
    [t`Address`, address],
    [t`Company name`, formatCompanyName(entreprise.raison_sociale, entreprise.formeJuridique, entreprise.pays)],
    [t`Registration number`, entreprise.immatriculation],
    [t`Customer number`, entreprise.numeroClient],
  ];
  return (
    <>
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <Button busy={confirming} onClick={onConfirm}>
          {t`Yes, my information is correct`}
        </Button>
        <Button variant="secondary" id="correct-information" onClick={onCorrect}>
          {t`No, I want to correct it`}
        </Button>
      </div>
    </>
  );
}
