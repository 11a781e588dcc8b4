import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { foreignLanguageName, formatDate, formatNumber } from "../../core/format";
import { ApiError } from "../../core/errors";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { DataTable } from "../../ui/DataTable";
import { useElement, useMacc } from "../../ui/context";
import { saveBlob } from "../../ui/download";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import { useResource } from "../../ui/useResource";
import { useServiceRequestStatusLabels } from "../../ui/useServiceRequestStatusLabels";
import type { Product, ProductDocument } from "../../contract/products";
import { getDocument, getProduct, listProducts } from "./products-api";
import { roleAllows } from "../../core/roles";
import { selectCompany, selectRole } from "../../core/store";
import { AFTER_SALES_ICON, PRODUCTS_ICON } from "./icons";

export interface ProductFleetProps {
  /** A product family code: shows that product's detail (PARC_PRODUITS_DETAIL). */
  family?: string;
  /** "sav" with a family: the after-sales documents (PARC_PRODUITS_DETAIL_SAV). */
  view?: string;
}

/** `<macc-product-fleet>` (PARC_PRODUITS and its detail routes): the company's products of the brand. */
export function ProductFleet({ family, view }: ProductFleetProps) {
  const { t } = useLingui();
  const entreprise = useMacc(selectCompany);
  if (!entreprise) {
    return (
      <LoggedOut icon={PRODUCTS_ICON} title={t`My product fleet`}>
        <Trans>Log in to see your products.</Trans>
      </LoggedOut>
    );
  }
  const code = family?.trim();
  return code ? (
    <ProductDetailView key={`${entreprise.idTier}:${code}`} family={code} afterSales={view === "sav"} />
  ) : (
    <ProductList key={entreprise.idTier} />
  );
}

function ProductList() {
  const { t } = useLingui();
  // A service request is a change of the fleet: the roles that only read it are not offered one.
  const requests = roleAllows("SERVICE_REQUEST", useMacc(selectRole));
  const { locale, request, core } = useElement();
  const brand = useBrand();
  const idTier = core.store.getState().auth.companyId;
  const products = useResource(`products:${idTier}:${locale}`, (signal) => listProducts(request, locale, signal));

  return (
    <div className="container" part="product-fleet">
      <PageTitle icon={PRODUCTS_ICON}>{t`My product fleet`}</PageTitle>
      {products.status === "error" && <LoadError message={t`Your products cannot be shown right now.`} onRetry={products.reload} />}
      {products.status === "ready" && products.data.length === 0 && <Alert>{t`You have no ${brand} products.`}</Alert>}
      {products.status !== "error" && !(products.status === "ready" && products.data.length === 0) && (
        <DataTable
          caption={t`The ${brand} products your company bought`}
          rows={products.status === "ready" ? products.data : null}
          rowKey={(p) => p.codeFamille}
          busy={products.status === "loading"}
          skeleton={{ rows: 4, height: "2.5em" }}
          columns={[
            {
              label: t`Product`,
              rowHeader: true,
              // One element: a card's cell is a grid of its label and its content.
              cell: (p) =>
                p.openRequest ? (
                  <span className="fleet-product">
                    {p.produit}
                    <OpenRequestStatus request={p.openRequest} />
                  </span>
                ) : (
                  p.produit
                ),
            },
            { label: t`Quantity`, numeric: true, cell: (p) => formatNumber(locale, p.quantite) },
            { label: t`Date of last purchase`, cell: (p) => formatDate(locale, p.dateDernierAchat) },
            {
              label: t`Documents`,
              actions: true,
              cell: (p) => (
                <div className="row-actions">
                  <RouteLink route="PARC_PRODUITS_DETAIL_SAV" params={{ codeFamille: p.codeFamille }} className="btn btn--secondary">
                    {t`After-sales service`}
                    <span className="visually-hidden"> — {p.produit}</span>
                  </RouteLink>
                  <RouteLink route="PARC_PRODUITS_DETAIL" params={{ codeFamille: p.codeFamille }} className="btn btn--secondary">
                    {t`Technical documents & video`}
                    <span className="visually-hidden"> — {p.produit}</span>
                  </RouteLink>
                  {requests && (
                    <RouteLink route="SERVICE_REQUEST" params={{ codeFamille: p.codeFamille }} className="btn btn--secondary">
                      {t`Request a service`}
                      <span className="visually-hidden"> — {p.produit}</span>
                    </RouteLink>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

/**
 * A line's open service request, inside the products' own answer (one request per screen): its
 * state, and the visit while scheduled, linked to its timeline in the requests' list.
 */
function OpenRequestStatus({ request }: { request: NonNullable<Product["openRequest"]> }) {
  const { t } = useLingui();
  const { locale } = useElement();
  const state = useServiceRequestStatusLabels()[request.status];
  const { reference } = request;
  let text = t`Service request ${reference}: ${state}`;
  if (request.window) {
    const date = formatDate(locale, request.window.date, "long");
    const { from, to } = request.window;
    text = t`Service request ${reference}: ${state} on ${date}, ${from}–${to}`;
  }
  return (
    <RouteLink
      route="SERVICE_REQUESTS"
      search={`?${new URLSearchParams({ ref: reference }).toString()}`}
      className={`fleet-request fleet-request--${request.status}`}
    >
      {text}
    </RouteLink>
  );
}

function ProductDetailView({ family, afterSales }: { family: string; afterSales: boolean }) {
  const { t } = useLingui();
  const requests = roleAllows("SERVICE_REQUEST", useMacc(selectRole));
  const { locale, request } = useElement();
  const product = useResource(`product:${family}:${locale}`, (signal) => getProduct(request, family, locale, signal));
  const notFound = product.status === "error" && product.error instanceof ApiError && product.error.status === 404;

  if (notFound) {
    return (
      <div className="container">
        <PageTitle icon={PRODUCTS_ICON}>{t`Product not found`}</PageTitle>
        <p>
          <Trans>This product is not in your fleet. Check the address, or go back to your products.</Trans>
        </p>
        <RouteLink route="PARC_PRODUITS">{t`Back to my product fleet`}</RouteLink>
      </div>
    );
  }

  const detail = product.status === "ready" ? product.data : null;
  const documents = detail ? (afterSales ? detail.documents.sav : detail.documents.technical) : null;
  return (
    <div className="container" part="product-detail">
      <p>
        <RouteLink route="PARC_PRODUITS">{t`Back to my product fleet`}</RouteLink>
      </p>
      <PageTitle icon={afterSales ? AFTER_SALES_ICON : PRODUCTS_ICON}>
        {detail ? (
          detail.produit
        ) : (
          <Skeleton width="calc(16 * var(--_size))" height="calc(2 * var(--_size))" label={t`Loading the product`} />
        )}
      </PageTitle>
      {product.status === "error" && <LoadError message={t`This product cannot be shown right now.`} onRetry={product.reload} />}
      {detail && (
        <>
          <p className="product-code">{t`Product code: ${detail.codeFamille}`}</p>
          <ul className="tabs" aria-label={t`Documentation`}>
            <li>
              <RouteLink
                route="PARC_PRODUITS_DETAIL"
                params={{ codeFamille: detail.codeFamille }}
                className="btn btn--secondary"
                aria-current={afterSales ? undefined : "page"}
              >
                {t`Technical documents & video`}
              </RouteLink>
            </li>
            <li>
              <RouteLink
                route="PARC_PRODUITS_DETAIL_SAV"
                params={{ codeFamille: detail.codeFamille }}
                className="btn btn--secondary"
                aria-current={afterSales ? "page" : undefined}
              >
                {t`After-sales service`}
              </RouteLink>
            </li>
          </ul>
          {afterSales && requests && (
            <p>
              <RouteLink route="SERVICE_REQUEST" params={{ codeFamille: detail.codeFamille }} className="btn">
                {t`Request a service`}
              </RouteLink>
            </p>
          )}
          <h2>{afterSales ? t`After-sales documentation` : t`Technical documentation`}</h2>
          {documents && documents.length === 0 ? (
            <Alert>{t`No documents for this product.`}</Alert>
          ) : (
            <ul className="documents">
              {documents?.map((doc) => (
                <DocumentItem key={doc.id} doc={doc} />
              ))}
            </ul>
          )}
          <h2>{t`Your purchases`}</h2>
          <DataTable
            rows={detail.achats}
            rowKey={(a, i) => `${a.dateAchat}-${i}`}
            columns={[
              { label: t`Purchase date`, cell: (a) => formatDate(locale, a.dateAchat) },
              { label: t`Quantity`, numeric: true, cell: (a) => formatNumber(locale, a.quantite) },
              ...(detail.achats.some((a) => a.numeroSerie)
                ? [{ label: t`Serial number`, cell: (a: (typeof detail.achats)[number]) => a.numeroSerie ?? "" }]
                : []),
            ]}
          />
        </>
      )}
      {product.status === "loading" && <Skeleton height="12em" />}
    </div>
  );
}

function DocumentItem({ doc }: { doc: ProductDocument }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const minutes = Math.floor((doc.durationSeconds ?? 0) / 60);
  const seconds = (doc.durationSeconds ?? 0) % 60;
  const kind =
    doc.type === "video"
      ? t`Video, ${minutes} min ${seconds} s`
      : doc.sizeBytes
        ? t`PDF, ${formatNumber(locale, Math.max(1, Math.round(doc.sizeBytes / 1024)))} KB`
        : t`PDF`;
  // A leaflet in another language than the screen's says so, and its title is read in its language.
  const language = foreignLanguageName(locale, doc.langue);
  const title = <span lang={doc.langue}>{doc.title}</span>;
  return (
    <li className="document">
      <div>
        <strong>{title}</strong>
        <div className="document__meta">{language ? t`${kind}, in ${language}` : kind}</div>
      </div>
      {doc.type === "video" && doc.url ? (
        <a className="btn btn--secondary" href={doc.url} target="_blank" rel="noopener noreferrer">
          {t`Watch the video`}
          <span className="visually-hidden">
            {" "}
            {title} {t`(opens in a new tab)`}
          </span>
        </a>
      ) : (
        <Button
          variant="secondary"
          busy={state === "busy"}
          onClick={async () => {
            setState("busy");
            try {
              saveBlob(await getDocument(request, doc.id), `${doc.title}.pdf`, { open: true });
              setState("idle");
            } catch {
              setState("failed");
            }
          }}
        >
          {t`Open the PDF`}
          <span className="visually-hidden"> {title}</span>
        </Button>
      )}
      {state === "failed" && (
        <span className="field__error" role="alert">
          {t`The document could not be opened. Please try again.`}
        </span>
      )}
    </li>
  );
}
