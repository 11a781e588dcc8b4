import { Trans, useLingui } from "@lingui/react/macro";
import { isLogged } from "../../core/store";
import { brandName } from "../../core/theme";
import { useMacc } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { AGRIMACC_ICON } from "./icons";

/** AGRIMACC: the agri brand's landing inside the portal, what it offers and what a customer can do here. */
export function Agrimacc() {
  const { t } = useLingui();
  const logged = useMacc(isLogged);
  // The agri brand's own page: its name stays whatever theme a logged-in customer's company gives.
  const brand = brandName("AGRI");
  const offers = [
    {
      title: t`Inputs for every season`,
      text: t`Certified seed, fertilisers and crop protection, ordered when you need them and delivered to your farmyard.`,
    },
    { title: t`Advice in the field`, text: t`Your adviser walks your plots with you, from soil analysis to harvest planning.` },
    { title: t`Feed for your herd`, text: t`Rations formulated for your animals and delivered on your schedule, in bags or in bulk.` },
    {
      title: t`Equipment and after-sales`,
      text: t`Machinery, spare parts and a workshop team that keeps you running through the busiest weeks.`,
    },
  ];
  return (
    <div className="container agrimacc" part="agrimacc">
      <div className="agrimacc__hero">
        <PageTitle icon={AGRIMACC_ICON}>{t`Your partner in the field`}</PageTitle>
        <p className="agrimacc__lead">
          <Trans>
            Seeds, fertilisers, crop protection, animal feed and farm equipment: {brand} supplies your farm with everything a season asks
            for, with advisers who know your land.
          </Trans>
        </p>
      </div>

      <section className="agrimacc__account" aria-labelledby="agrimacc-account">
        <h2 id="agrimacc-account">{t`Your customer area`}</h2>
        <p>
          <Trans>Your invoices, your product fleet with its technical documents, and your adviser's details, day and night.</Trans>
        </p>
        {logged ? (
          <div className="agrimacc__actions">
            <RouteLink route="DASHBOARD" className="btn">
              {t`Go to my account`}
            </RouteLink>
          </div>
        ) : (
          <>
            <div className="agrimacc__actions">
              <RouteLink route="LOGIN" className="btn">
                {t`Log in to my account`}
              </RouteLink>
              <RouteLink route="INSCRIPTION" className="btn btn--secondary">
                {t`Create my account`}
              </RouteLink>
            </div>
            <p className="agrimacc__note">
              <Trans>
                New customer? Your company's registration number or your customer number is all it takes to create your account.
              </Trans>
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="agrimacc-offer">
        <h2 id="agrimacc-offer">{t`What ${brand} brings to your farm`}</h2>
        <ul className="agrimacc__offers">
          {offers.map(({ title, text }) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="agrimacc__contact" aria-labelledby="agrimacc-contact">
        <h2 id="agrimacc-contact">{t`A question, a quote?`}</h2>
        <p>
          <Trans>Our member services, agronomists and workshop answer you on working days.</Trans>
        </p>
        <RouteLink route="INTERLOCUTEURS">{t`Contact us`}</RouteLink>
      </section>
    </div>
  );
}
