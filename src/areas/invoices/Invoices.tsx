import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { formatAmount, formatDate, formatNumber } from "../../core/format";
import { showsInvoices } from "../../core/theme";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { saveBlob } from "../../ui/download";
import { Field } from "../../ui/Field";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useResource } from "../../ui/useResource";
import { downloadInvoice, downloadYear, listInvoices, type Invoice, type InvoiceQuery, type SortKey } from "./invoices-api";

const PAGE_SIZE = 25;
const FIRST_QUERY: InvoiceQuery = { page: 1, pageSize: PAGE_SIZE, sort: "date", order: "desc", q: "", year: null, archive: false, status: "" };

/**
 * `<macc-invoices>` (FACTURES): the selected company's invoices, newest first; sortable, searchable,
 * filtered by year and status, paged on the server so that thousands of invoices stay instant.
 */
export function Invoices() {
  const { t } = useLingui();
  const { theme } = useElement();
  const entreprise = useMacc((s) => s.auth.entreprise);

  if (!entreprise) {
    return (
      <LoggedOut title={t`My invoices`}>
        <Trans>Log in to see your invoices.</Trans>
      </LoggedOut>
    );
  }
  if (!showsInvoices(entreprise.codeReseau, theme)) {
    return (
      <div className="container">
        <PageTitle>{t`My invoices`}</PageTitle>
        <Alert>
          <Trans>Invoices are not available online in your country yet. Your customer service can send you copies.</Trans>
        </Alert>
        <RouteLink route="INTERLOCUTEURS">{t`Contact us`}</RouteLink>
      </div>
    );
  }
  return <InvoiceList key={entreprise.idTier} idTier={entreprise.idTier} />;
}

function InvoiceList({ idTier }: { idTier: string }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const [query, setQuery] = useState<InvoiceQuery>(FIRST_QUERY);
  const [search, setSearch] = useState("");
  const list = useResource(`${idTier}:${JSON.stringify(query)}`, (signal) => listInvoices(request, query, signal));
  const page = list.data;
  const filtered = query.q !== "" || query.year !== null || query.status !== "";
  const update = (patch: Partial<InvoiceQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));

  // Searching as the customer types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== query.q) update({ q: search.trim() });
    }, 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const yearInfo = page?.years.find((y) => y.year === query.year);
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <div className="container" part="invoices">
      <PageTitle>{t`My invoices`}</PageTitle>

      {page && page.total === 0 && !filtered ? (
        <NoInvoices />
      ) : (
        <>
          <form
            className="filters"
            role="search"
            aria-label={t`Find an invoice`}
            onSubmit={(e) => {
              e.preventDefault();
              update({ q: search.trim() });
            }}
          >
            <div className="search-field">
              <Field
                name="invoice-search"
                type="search"
                label={t`Invoice number or reference`}
                autoComplete="off"
                value={search}
                maxLength={50}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <SelectField
              name="invoice-year"
              label={t`Year`}
              value={query.year === null ? "" : String(query.year)}
              onChange={(e) => {
                const year = e.target.value ? Number(e.target.value) : null;
                update({ year, archive: Boolean(page?.years.find((y) => y.year === year)?.archive) });
              }}
              options={[
                { value: "", label: t`All years` },
                ...(page?.years ?? []).map((y) => ({ value: String(y.year), label: y.archive ? t`${y.year} (archive)` : String(y.year) })),
              ]}
            />
            <SelectField
              name="invoice-status"
              label={t`Status`}
              value={query.status}
              onChange={(e) => update({ status: e.target.value as InvoiceQuery["status"] })}
              options={[
                { value: "", label: t`All` },
                { value: "unpaid", label: t`Unpaid` },
                { value: "paid", label: t`Paid` },
              ]}
            />
            <div className="field">
              <Button type="submit" variant="secondary">
                {t`Search`}
              </Button>
            </div>
            {filtered && (
              <div className="field">
                <Button
                  variant="link"
                  onClick={() => {
                    setSearch("");
                    setQuery(FIRST_QUERY);
                  }}
                >
                  {t`Clear the filters`}
                </Button>
              </div>
            )}
          </form>

          {yearInfo?.archive && (
            <p className="note">
              <Trans>Invoices from {query.year} come from our customer accounting: they may take a little longer to show.</Trans>
            </p>
          )}

          <div className="results">
            <p role="status">
              {page &&
                (page.total === 0 ? (
                  <Trans>No invoice matches your search.</Trans>
                ) : (
                  t`${formatNumber(locale, (page.page - 1) * page.pageSize + 1)}–${formatNumber(locale, Math.min(page.page * page.pageSize, page.total))} of ${formatNumber(locale, page.total)} invoices`
                ))}
            </p>
            {query.year !== null && page && page.total > 0 && <YearDownload year={query.year} />}
          </div>

          {list.status === "error" && !page ? (
            <LoadError message={t`Your invoices cannot be shown right now.`} onRetry={list.reload} />
          ) : (
            <InvoiceTable
              invoices={page?.items ?? null}
              busy={list.status === "loading"}
              sort={query.sort}
              order={query.order}
              onSort={(sort) => update({ sort, order: query.sort === sort && query.order === "desc" ? "asc" : "desc" })}
            />
          )}
          {list.status === "error" && page && <Alert kind="error">{t`The list could not be updated. Please try again.`}</Alert>}

          {page && pages > 1 && <Pagination page={page.page} pages={pages} onPage={(n) => setQuery((q) => ({ ...q, page: n }))} />}
        </>
      )}
    </div>
  );
}

function NoInvoices() {
  return (
    <Alert>
      <p>
        <Trans>You have no invoices yet. Our sales team will be happy to help you with your first order.</Trans>
      </p>
      <RouteLink route="FORMULAIRE_CONTACT" className="btn">
        <Trans>Contact our sales team</Trans>
      </RouteLink>
    </Alert>
  );
}

function InvoiceTable({
  invoices,
  busy,
  sort,
  order,
  onSort,
}: {
  invoices: Invoice[] | null;
  busy: boolean;
  sort: SortKey;
  order: "asc" | "desc";
  onSort: (key: SortKey) => void;
}) {
  const { t } = useLingui();
  const { locale } = useElement();
  const sortable = (key: SortKey, label: string, numeric = false) => (
    <th scope="col" className={numeric ? "num" : undefined} aria-sort={sort === key ? (order === "asc" ? "ascending" : "descending") : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(key)}>
        {label}
        <span aria-hidden="true">{sort === key ? (order === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
  return (
    <div className="table-wrap">
      <table className="data">
        <caption className="visually-hidden">{t`Your invoices; column headers with buttons sort the list.`}</caption>
        <thead>
          <tr>
            {sortable("number", t`Number`)}
            {sortable("date", t`Date`)}
            <th scope="col">{t`Reference`}</th>
            {sortable("amount", t`Amount`, true)}
            <th scope="col">{t`Due date`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">
              <span className="visually-hidden">{t`Download`}</span>
            </th>
          </tr>
        </thead>
        <tbody aria-busy={busy}>
          {invoices === null
            ? Array.from({ length: 8 }, (_, i) => (
                <tr key={i} className="skeleton-row">
                  <td colSpan={7}>
                    <Skeleton />
                  </td>
                </tr>
              ))
            : invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">{invoice.number}</th>
                  <td>{formatDate(locale, invoice.date)}</td>
                  <td>{invoice.reference || "—"}</td>
                  <td className="num">{formatAmount(locale, invoice.amountCents, invoice.currency)}</td>
                  <td>{invoice.dueDate ? formatDate(locale, invoice.dueDate) : "—"}</td>
                  <td>
                    <span className={`badge-status badge-status--${invoice.paid ? "paid" : "unpaid"}`}>{invoice.paid ? t`Paid` : t`Unpaid`}</span>
                  </td>
                  <td>
                    <InvoiceDownload invoice={invoice} />
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceDownload({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  const { request } = useElement();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  return (
    <>
      <Button
        variant="secondary"
        busy={state === "busy"}
        onClick={async () => {
          setState("busy");
          try {
            saveBlob(await downloadInvoice(request, invoice.id), `facture-${invoice.number}.pdf`);
            setState("idle");
          } catch {
            setState("failed");
          }
        }}
      >
        {t`PDF`}
        <span className="visually-hidden"> {t`invoice ${invoice.number}`}</span>
      </Button>
      {state === "failed" && (
        <span className="field__error" role="alert">
          {t`Download failed`}
        </span>
      )}
    </>
  );
}

function YearDownload({ year }: { year: number }) {
  const { t } = useLingui();
  const { request } = useElement();
  // null percent while running: the size is unknown, the bar is indeterminate.
  const [progress, setProgress] = useState<{ percent: number | null } | null>(null);
  const [failed, setFailed] = useState(false);
  const label = useId();
  const running = useRef(false);
  const start = async () => {
    if (running.current) return;
    running.current = true;
    setFailed(false);
    setProgress({ percent: 0 });
    try {
      const blob = await downloadYear(request, year, (loaded, total) => setProgress({ percent: total ? Math.round((loaded / total) * 100) : null }));
      saveBlob(blob, `factures-${year}.zip`);
    } catch {
      setFailed(true);
    } finally {
      running.current = false;
      setProgress(null);
    }
  };
  return (
    <div className="progress">
      {/* The archive holds every invoice of the year, whatever the other filters. */}
      <Button variant="secondary" busy={progress !== null} onClick={() => void start()}>
        {t`Download all the invoices of ${year} (ZIP)`}
      </Button>
      {progress !== null && (
        <>
          <span id={label}>{t`Preparing the archive…`}</span>
          <progress aria-labelledby={label} max={100} value={progress.percent ?? undefined} />
        </>
      )}
      {failed && (
        <span className="field__error" role="alert">
          {t`The archive could not be downloaded. Please try again.`}
        </span>
      )}
    </div>
  );
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t`Pages of invoices`}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Previous`}
      </Button>
      <ol>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && shown[i - 1]! < n - 1 && <span aria-hidden="true">… </span>}
            <Button variant="secondary" aria-current={n === page ? "page" : undefined} onClick={() => onPage(n)}>
              <span className="visually-hidden">{t`Page`} </span>
              {n}
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t`Next`}
      </Button>
    </nav>
  );
}
