import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { formatAmount, formatDate, formatNumber } from "../../core/format";
import { showsInvoices } from "../../core/theme";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { DataTable, type Column } from "../../ui/DataTable";
import { saveBlob } from "../../ui/download";
import { Field } from "../../ui/Field";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useAddressQuery } from "../../ui/useAddressQuery";
import { useResource } from "../../ui/useResource";
import { useFocusNext } from "../../ui/useFocusNext";
import type { Invoice, InvoicePage, SortKey } from "../../contract/invoices";
import { downloadInvoice, downloadYear, listInvoices, type InvoiceQuery } from "./invoices-api";
import { INVOICE_FRAGMENT_MIN } from "../../contract/constants";
import { DEFAULT_LIST, readListState, writeListState, type ListState } from "./list-state";
import { selectCompany } from "../../core/store";
import { INVOICES_ICON } from "./icons";

const PAGE_SIZE = 25;
/** Searches this short look only at the start of the number (the API's rule). */
const PREFIX_ONLY = INVOICE_FRAGMENT_MIN - 1;

/**
 * `<macc-invoices>` (FACTURES): the selected company's invoices, newest first; sortable, searchable,
 * filtered by year and status, paged on the server so that thousands of invoices stay instant.
 */
export function Invoices() {
  const { t } = useLingui();
  const { theme } = useElement();
  const entreprise = useMacc(selectCompany);
  // The address holds the list of the company shown first; after a change of company it starts over.
  const firstCompany = useRef<string | undefined>(undefined);
  firstCompany.current ??= entreprise?.idTier;

  if (!entreprise) {
    return (
      <LoggedOut icon={INVOICES_ICON} title={t`My invoices`}>
        <Trans>Log in to see your invoices.</Trans>
      </LoggedOut>
    );
  }
  if (!showsInvoices(entreprise.codeReseau, theme)) {
    return (
      <div className="container">
        <PageTitle icon={INVOICES_ICON}>{t`My invoices`}</PageTitle>
        <Alert>
          <Trans>Invoices are not available online in your country yet. Your customer service can send you copies.</Trans>
        </Alert>
        <RouteLink route="INTERLOCUTEURS">{t`Contact us`}</RouteLink>
      </div>
    );
  }
  return <InvoiceList key={entreprise.idTier} idTier={entreprise.idTier} restore={entreprise.idTier === firstCompany.current} />;
}

/**
 * What a filter control shows before it is applied: edited freely, and set again from the address
 * when the address changes (Back, Forward, the change applied), unless it already says the same.
 */
function useDraft<T>(applied: T, sameApplied: (a: T, b: T) => boolean, says: (draft: T, applied: T) => boolean = sameApplied) {
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (!sameApplied(applied, shown)) {
    setShown(applied);
    if (!says(draft, applied)) setDraft(applied);
  }
  return [draft, setDraft] as const;
}

type Choice = Pick<ListState, "year" | "status">;
const sameChoice = (a: Choice, b: Choice) => a.year === b.year && a.status === b.status;

function InvoiceList({ idTier, restore }: { idTier: string; restore: boolean }) {
  const { t } = useLingui();
  const { request } = useElement();
  const address = useAddressQuery("macc-invoices");
  const [startOver, setStartOver] = useState(!restore);
  const state = startOver ? DEFAULT_LIST : readListState(address.search);
  // Years older than the recent ones come from customer accounting (`annee`): known from the answers.
  const [years, setYears] = useState<InvoicePage["years"] | null>(null);
  const query: InvoiceQuery = { ...state, pageSize: PAGE_SIZE, archive: Boolean(years?.find((y) => y.year === state.year)?.archive) };
  const list = useResource(`invoices:${idTier}:${JSON.stringify(query)}`, (signal) => listInvoices(request, query, signal));
  const page = list.data;
  const filtered = state.q !== "" || state.year !== null || state.status !== "";

  // Filters and sorting replace the history entry; a new page adds one, so Back returns to the previous page.
  const write = (next: ListState, { replace }: { replace: boolean }) => address.set(writeListState(next, address.search), { replace });
  const update = (patch: Partial<ListState>) => write({ ...state, page: 1, ...patch }, { replace: true });

  useEffect(() => {
    if (!startOver) return;
    write(DEFAULT_LIST, { replace: true });
    setStartOver(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (list.status !== "ready") return;
    setYears(list.data.years);
    // An address from earlier, or edited by hand, may name a year without invoices or a page past the end.
    const pages = pageCount(list.data);
    if (state.year !== null && !list.data.years.some((y) => y.year === state.year)) update({ year: null });
    else if (state.page > pages) write({ ...state, page: pages }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.status, list.data]);

  // The search box and the selects follow the address when Back or Forward changes it.
  const [search, setSearch] = useDraft(state.q, Object.is, (typed, q) => typed.trim() === q);
  const [choice, setChoice] = useDraft({ year: state.year, status: state.status }, sameChoice);
  const focusNext = useFocusNext();

  // Searching as the customer types, and filtering as they choose, once they pause: no list asked
  // and no history entry per key (arrow keys change a select's value one step at a time).
  useEffect(() => {
    const timer = setTimeout(() => {
      const patch: Partial<ListState> = {};
      if (search.trim() !== state.q) patch.q = search.trim();
      if (choice.year !== state.year) patch.year = choice.year;
      if (choice.status !== state.status) patch.status = choice.status;
      if (Object.keys(patch).length > 0) update(patch);
    }, 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, choice, address.search]);

  const yearInfo = page?.years.find((y) => y.year === state.year);
  const pages = page ? pageCount(page) : 1;
  const busy = list.status === "loading";

  return (
    <div className="container" part="invoices">
      <PageTitle icon={INVOICES_ICON}>{t`My invoices`}</PageTitle>

      {/* "No invoices at all" only from an answer to this very query: while the filters are cleared,
          the empty filtered answer still shown is no reason to say so (nor to drop the form). */}
      {list.status === "ready" && page && page.total === 0 && !filtered ? (
        <NoInvoices />
      ) : (
        <>
          <form
            className="filters"
            role="search"
            aria-label={t`Find an invoice`}
            onSubmit={(e) => {
              e.preventDefault();
              update({ q: search.trim(), ...choice });
            }}
          >
            <div className="search-field">
              <Field
                name="invoice-search"
                type="search"
                label={t`Invoice number or reference`}
                hint={t`With ${PREFIX_ONLY} characters or fewer, only the start of the invoice number is searched.`}
                autoComplete="off"
                value={search}
                maxLength={50}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <SelectField
              name="invoice-year"
              label={t`Year`}
              value={choice.year === null ? "" : String(choice.year)}
              onChange={(e) => setChoice((c) => ({ ...c, year: e.target.value ? Number(e.target.value) : null }))}
              options={[
                { value: "", label: t`All years` },
                ...(page?.years ?? []).map((y) => ({ value: String(y.year), label: y.archive ? t`${y.year} (archive)` : String(y.year) })),
              ]}
            />
            <SelectField
              name="invoice-status"
              label={t`Status`}
              value={choice.status}
              onChange={(e) => setChoice((c) => ({ ...c, status: e.target.value as ListState["status"] }))}
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
                    write(DEFAULT_LIST, { replace: true });
                    focusNext("invoice-search");
                  }}
                >
                  {t`Clear the filters`}
                </Button>
              </div>
            )}
          </form>

          {yearInfo?.archive && (
            <p className="note">
              <Trans>Invoices from {state.year} come from our customer accounting: they may take a little longer to show.</Trans>
            </p>
          )}

          <div className="invoice-list" aria-busy={busy}>
            <div className="results">
              <p role="status">{page && (page.total === 0 ? <Trans>No invoice matches your search.</Trans> : <Range page={page} />)}</p>
              {state.year !== null && page && page.total > 0 && <YearDownload year={state.year} />}
            </div>

            {list.status === "error" && !page ? (
              <LoadError message={t`Your invoices cannot be shown right now.`} onRetry={list.reload} />
            ) : (
              // No column headers above "no invoice matches": there is nothing under them.
              page?.total !== 0 && (
                <InvoiceTable
                  invoices={page?.items ?? null}
                  busy={busy}
                  sort={state.sort}
                  order={state.order}
                  onSort={(sort) => update({ sort, order: state.sort === sort && state.order === "desc" ? "asc" : "desc" })}
                />
              )
            )}
            {list.status === "error" && page && <Alert kind="error">{t`The list could not be updated. Please try again.`}</Alert>}

            {page && pages > 1 && (
              <Pagination page={page.page} pages={pages} onPage={(n) => write({ ...state, page: n }, { replace: false })} />
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Pages of the answer. A search counted only part of its matches (`moreThanTotal`): at least the
 * page after the last one counted exists, and is offered as the last one until it is reached.
 */
function pageCount({ total, pageSize, moreThanTotal }: InvoicePage): number {
  return Math.max(1, Math.floor(total / pageSize) + (moreThanTotal || total % pageSize > 0 ? 1 : 0));
}

/** "26–50 of 2,150 invoices", or "of more than 1,000" when a search counted only part of its matches. */
function Range({ page }: { page: InvoicePage }) {
  const { t } = useLingui();
  const { locale } = useElement();
  const from = formatNumber(locale, (page.page - 1) * page.pageSize + 1);
  const to = formatNumber(locale, Math.min(page.page * page.pageSize, page.total));
  const total = formatNumber(locale, page.total);
  return page.moreThanTotal ? t`${from}–${to} of more than ${total} invoices` : t`${from}–${to} of ${total} invoices`;
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
  const columns: Array<Column<Invoice, SortKey>> = [
    { label: t`Number`, sortKey: "number", rowHeader: true, cell: (invoice) => invoice.number },
    { label: t`Date`, sortKey: "date", cell: (invoice) => formatDate(locale, invoice.date) },
    { label: t`Reference`, cell: (invoice) => invoice.reference || "—" },
    { label: t`Amount`, sortKey: "amount", numeric: true, cell: (invoice) => formatAmount(locale, invoice.amountCents, invoice.currency) },
    { label: t`Due date`, cell: (invoice) => (invoice.dueDate ? formatDate(locale, invoice.dueDate) : "—") },
    {
      label: t`Status`,
      cell: (invoice) => (
        <span className={`badge-status badge-status--${invoice.paid ? "paid" : "unpaid"}`}>{invoice.paid ? t`Paid` : t`Unpaid`}</span>
      ),
    },
    { label: t`Download`, actions: true, cell: (invoice) => <InvoiceDownload invoice={invoice} /> },
  ];
  return (
    <DataTable
      caption={t`Your invoices; column headers with buttons sort the list.`}
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => String(invoice.id)}
      busy={busy}
      skeleton={{ rows: 8 }}
      sort={{ key: sort, order, onSort }}
    />
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
      const blob = await downloadYear(request, year, (loaded, total) =>
        setProgress({ percent: total ? Math.round((loaded / total) * 100) : null }),
      );
      saveBlob(blob, `factures-${year}.zip`);
    } catch {
      setFailed(true);
    } finally {
      running.current = false;
      setProgress(null);
    }
  };
  // The button comes first and the progress after it, so the button never moves (idle, running, done).
  return (
    <div className="progress">
      {/* The archive holds every invoice of the year, whatever the other filters. */}
      <Button variant="secondary" busy={progress !== null} onClick={() => void start()}>
        {t`Download all the invoices of ${year} (ZIP)`}
      </Button>
      {progress !== null && (
        <span className="progress__state">
          <span id={label}>{t`Preparing the archive…`}</span>
          <progress aria-labelledby={label} max={100} value={progress.percent ?? undefined} />
        </span>
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
