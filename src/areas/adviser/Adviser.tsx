import { Trans, useLingui } from "@lingui/react/macro";
import { serviceEmail } from "../../core/contacts";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ContactCard } from "../../ui/ContactCard";
import { useElement, useMacc } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useResource } from "../../ui/useResource";
import { getAdviser, photoSource, type AdviserAnswer } from "../../core/adviser";

/** `<macc-adviser>` (CONSEILLER): the customer's sales representative, or the service to contact. */
export function Adviser() {
  const { t } = useLingui();
  const { request, core } = useElement();
  const idTier = useMacc((s) => s.auth.entreprise?.idTier);
  const answer = useResource(idTier ? `adviser:${idTier}` : null, (signal) => getAdviser(request, signal));

  return (
    <div className="container" part="adviser">
      <PageTitle>{t`Your MACC adviser`}</PageTitle>
      {!idTier && (
        <p>
          <Trans>Log in to see your adviser.</Trans> <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
        </p>
      )}
      {answer.status === "loading" && idTier && <Skeleton height="9rem" label={t`Loading your adviser`} />}
      {answer.status === "error" && (
        <>
          <Alert kind="error">{t`Your adviser's details cannot be shown right now.`}</Alert>
          <Button variant="secondary" onClick={answer.reload}>
            {t`Try again`}
          </Button>
        </>
      )}
      {answer.status === "ready" && <AdviserDetails answer={answer.data} apiBase={core.config.apiBase} />}
    </div>
  );
}

function AdviserDetails({ answer, apiBase }: { answer: AdviserAnswer; apiBase: string }) {
  const { t } = useLingui();
  const { adviser, service } = answer;
  if (!adviser) {
    return (
      <>
        <Alert>{t`You do not have a dedicated adviser yet. Our ${service.nomSousService} will answer all your questions.`}</Alert>
        <ContactCard
          contact={{
            name: service.nomSousService,
            phones: service.telephone1 ? [{ label: t`Phone:`, number: service.telephone1 }] : [],
            email: serviceEmail(service),
          }}
        />
      </>
    );
  }
  const name = [adviser.prenom, adviser.nom].join(" ");
  return (
    <ContactCard
      contact={{
        name,
        role: adviser.fonction ?? undefined,
        phones: [
          ...(adviser.telephone ? [{ label: t`Phone:`, number: adviser.telephone }] : []),
          ...(adviser.mobile ? [{ label: t`Mobile:`, number: adviser.mobile }] : []),
        ],
        email: adviser.email,
        photo: adviser.photoUrl ? { src: photoSource(adviser.photoUrl, apiBase), alt: t`Photo of ${name}` } : null,
      }}
    >
      <RouteLink route="FORMULAIRE_CONTACT">{t`Write to us`}</RouteLink>
    </ContactCard>
  );
}
