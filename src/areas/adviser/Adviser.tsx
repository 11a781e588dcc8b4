import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Skeleton } from "../../ui/Alert";
import { ContactCard, useContactDetails } from "../../ui/ContactCard";
import { useElement, useMacc } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import { useResource } from "../../ui/useResource";
import { getAdviser, type AdviserAnswer } from "../../core/adviser";
import { selectCompany } from "../../core/store";
import { ADVISER_ICON } from "./icons";

/** `<macc-adviser>` (CONSEILLER): the customer's sales representative, or the service to contact. */
export function Adviser() {
  const { t } = useLingui();
  const { request, locale } = useElement();
  const brand = useBrand();
  const idTier = useMacc((s) => selectCompany(s)?.idTier);
  const answer = useResource(idTier ? `adviser:${idTier}:${locale}` : null, (signal) => getAdviser(request, locale, { signal }));

  return (
    <div className="container" part="adviser">
      <PageTitle icon={ADVISER_ICON}>{t`Your ${brand} adviser`}</PageTitle>
      {!idTier && (
        <p>
          <Trans>Log in to see your adviser.</Trans> <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
        </p>
      )}
      {answer.status === "loading" && idTier && <Skeleton height="9em" label={t`Loading your adviser`} />}
      {answer.status === "error" && <LoadError message={t`Your adviser's details cannot be shown right now.`} onRetry={answer.reload} />}
      {answer.status === "ready" && <AdviserDetails answer={answer.data} />}
    </div>
  );
}

function AdviserDetails({ answer }: { answer: AdviserAnswer }) {
  const { t } = useLingui();
  const cards = useContactDetails();
  const { adviser, service } = answer;
  if (!adviser) {
    return (
      <>
        <Alert>{t`You do not have a dedicated adviser yet. Our ${service.nomSousService} will answer all your questions.`}</Alert>
        <ContactCard contact={cards.ofService(service)} />
      </>
    );
  }
  return (
    <ContactCard contact={cards.ofAdviser(adviser)}>
      <RouteLink route="FORMULAIRE_CONTACT">{t`Write to us`}</RouteLink>
    </ContactCard>
  );
}
