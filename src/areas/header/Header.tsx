import { Plural, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FocusEvent, type MouseEvent } from "react";
import { formatCompanyName } from "../../core/company-name";
import { LOCALES, type Locale } from "../../contract/constants";
import { isLocale } from "../../core/locale";
import { mediaQuery } from "../../core/media";
import { showsJoinUs } from "../../core/site";
import { brandName, showsInvoices } from "../../core/theme";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useSitePath } from "../../ui/context";
import { useNotificationCount } from "../../ui/notifications";
import { RouteLink } from "../../ui/RouteLink";
import { useRoleLabels } from "../../ui/useRoleLabels";
import { BasketIcon, GlobeIcon, LogoutIcon, MenuIcon, SearchIcon, SwitchIcon, UserIcon } from "./icons";
import { LOCALE_LABELS } from "../../core/locale-labels";
import { roleAllows } from "../../core/roles";
import { isLogged, selectCompany, selectNetwork, selectRole } from "../../core/store";

/** Below this width the header collapses: menu and language behind a button, search behind an icon. */
export const NARROW = mediaQuery("headerCollapses");

function useNarrow(): boolean {
  const query = useMemo(() => (typeof matchMedia === "function" ? matchMedia(NARROW) : null), []);
  return useSyncExternalStore(
    (onChange) => {
      query?.addEventListener("change", onChange);
      return () => query?.removeEventListener("change", onChange);
    },
    () => query?.matches ?? false,
  );
}

/**
 * A part of the narrow header shown by its toggle button: open state, the button's ref, and Escape
 * closing it with focus back on the button. Only `active` (narrow screens) listens for Escape.
 */
function useDisclosure(active: boolean) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!active || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, open]);
  return { open, button, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}

/** `<macc-header>`: brand, tools (locale, search, basket), main menu and the logged-in company block. */
export function Header() {
  const { t } = useLingui();
  const { locale, theme } = useElement();
  const site = useSitePath();
  const logged = useMacc(isLogged);
  const codeReseau = useMacc((s) => selectCompany(s)?.codeReseau);
  const narrow = useNarrow();
  const menu = useDisclosure(narrow);
  const collapsed = narrow && !menu.open;

  return (
    <header part="header">
      <SkipLink />
      <div className="container topbar">
        <a className="brand" href={site("home")} part="brand">
          {brandName(theme)}
          <span className="visually-hidden"> — {t`home page`}</span>
        </a>
        <div className="topbar__tools">
          {!narrow && <LocaleSelector current={locale} />}
          <SearchBox narrow={narrow} />
          <BasketLink />
          {narrow && (
            <button
              ref={menu.button}
              type="button"
              className="btn btn--secondary menu-toggle"
              aria-expanded={menu.open}
              aria-controls="header-panel"
              title={t`Menu`}
              onClick={menu.toggle}
            >
              <MenuIcon />
              <span className="visually-hidden">{t`Menu`}</span>
            </button>
          )}
        </div>
      </div>
      {/* A link followed closes the menu: in the portal the header stays while the screen changes under it. */}
      <div id="header-panel" hidden={collapsed} onClick={(event) => (event.target as Element).closest("a") && menu.close()}>
        {narrow && (
          <div className="container panel-locale">
            <LocaleSelector current={locale} />
          </div>
        )}
        <nav className="main" aria-label={t`Main menu`} data-open={!collapsed} part="menu">
          <div className="container">
            <ul id="main-menu">
              <li>
                <a href={site("products")}>{t`Products`}</a>
              </li>
              <li>
                <a href={site("whoWeAre")}>{t`Who we are`}</a>
              </li>
              <li>
                <a href={site("innovate")}>{t`Innovate together`}</a>
              </li>
              {showsJoinUs(locale, codeReseau) && (
                <li>
                  <a href={site("joinUs")}>{t`Join us`}</a>
                </li>
              )}
              <li>{logged ? <AccountMenu /> : <RouteLink route="LOGIN">{t`My account`}</RouteLink>}</li>
              <li>
                <RouteLink route="INTERLOCUTEURS">{t`Contact`}</RouteLink>
              </li>
              <li>
                <a href={site("news")}>{t`News`}</a>
              </li>
              <li>
                <a href={site("faq")}>{t`FAQ`}</a>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      {logged && <CompanyBlock />}
    </header>
  );
}

/**
 * First Tab stop of the page (WCAG 2.4.1). A fragment link cannot reach into a shadow root, so
 * it focuses the portal's own main region, or else the host page's.
 */
function SkipLink() {
  const { t } = useLingui();
  const { host } = useElement();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = host?.shadowRoot?.querySelector("main") ?? document.querySelector<HTMLElement>("main, [role=main]");
    if (!target) return;
    event.preventDefault();
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView?.();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      {t`Skip to content`}
    </a>
  );
}

/** The my-account submenu: a disclosure (not an ARIA menu), closed by Escape, a click elsewhere or focus leaving it. */
function AccountMenu() {
  const { t } = useLingui();
  const { theme } = useElement();
  const codeReseau = useMacc(selectNetwork);
  const role = useMacc(selectRole);
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // What needs the customer (issue 30): the action banner's read, shared, not a request of its own.
  const notifications = useNotificationCount();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        // Inside the narrow menu panel, Escape closes this submenu first, not the panel too.
        e.preventDefault();
        setOpen(false);
        (ref.current?.querySelector("button") as HTMLButtonElement | null)?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  // Tabbing past its last link closes it: left open, it would cover the controls focus moves to.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div ref={ref} onBlur={onBlur}>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t`My account`}
        {notifications > 0 && (
          <span className="account-count">
            <span aria-hidden="true">{notifications}</span>
            <span className="visually-hidden">
              <Plural value={notifications} one="(# notification)" other="(# notifications)" />
            </span>
          </span>
        )}{" "}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="submenu" id={id} onClick={() => setOpen(false)}>
          <li>
            <RouteLink route="DASHBOARD">{t`Dashboard`}</RouteLink>
          </li>
          {/* The dashboard's tiles, in their order, those the role allows (src/contract/permissions.ts). */}
          {showsInvoices(codeReseau, theme) && roleAllows("FACTURES", role) && (
            <li>
              <RouteLink route="FACTURES">{t`My invoices`}</RouteLink>
            </li>
          )}
          <li>
            <RouteLink route="INFOS_PERSONNEL">{t`My information`}</RouteLink>
          </li>
          {roleAllows("PARC_PRODUITS", role) && (
            <li>
              <RouteLink route="PARC_PRODUITS">{t`My product fleet`}</RouteLink>
            </li>
          )}
          {roleAllows("TEAM", role) && (
            <li>
              <RouteLink route="TEAM">{t`My team`}</RouteLink>
            </li>
          )}
          <li>
            <RouteLink route="NOTIFICATIONS">{t`My notifications`}</RouteLink>
          </li>
          {/* The account's devices and activity: every role's. */}
          <li>
            <RouteLink route="SECURITY">{t`Security`}</RouteLink>
          </li>
        </ul>
      )}
    </div>
  );
}

function CompanyBlock() {
  const { t } = useLingui();
  const { core } = useElement();
  const entreprise = useMacc(selectCompany);
  const companyCount = useMacc((s) => s.auth.user?.entreprises.length ?? 0);
  const role = useMacc(selectRole);
  const roles = useRoleLabels();
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      await core.session.logout();
    } catch {
      // The page is logged out even when the server could not be told; the API client reported it.
    } finally {
      setLeaving(false);
      core.toasts.getState().show("success", t`You are logged out.`);
    }
  };

  return (
    <div className="container account" part="company">
      {entreprise && (
        <p className="company">
          <UserIcon />
          <span>
            <span className="visually-hidden">{t`Company:`} </span>
            <span className="company__name">
              {formatCompanyName(entreprise.raisonSocial, entreprise.formeJuridique, entreprise.pays)}
            </span>{" "}
            <span className="company__number">{entreprise.immatriculation}</span>{" "}
            {/* The account's role in the company (issue 29), as the company choice shows it. */}
            <span className="company__role">
              <span className="visually-hidden">{t`Role:`} </span>
              {roles[role]}
            </span>
          </span>
        </p>
      )}
      {companyCount > 1 && (
        <RouteLink route="CHOIX_ENTREPRISE" className="btn btn--secondary" part="change-company" title={t`Change company`}>
          <SwitchIcon />
          <span className="narrow-hidden">{t`Change company`}</span>
        </RouteLink>
      )}
      <Button variant="secondary" busy={leaving} onClick={() => void logout()} part="logout" title={t`Log out`}>
        <LogoutIcon />
        <span className="narrow-hidden">{t`Log out`}</span>
      </Button>
    </div>
  );
}

/** Keys that move through a closed select's options, changing its value on every press. */
const BROWSING_KEY = /^(Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown|.)$/u;

/**
 * Arrow keys and typing on a closed select change its value at once: the language changes only
 * when the choice is committed (Enter, leaving the list, or a pick in the opened list), so a
 * keyboard user browses the options without the page changing under them (WCAG 3.2.2).
 */
function LocaleSelector({ current }: { current: Locale }) {
  const { t } = useLingui();
  const { core } = useElement();
  const [pending, setPending] = useState<Locale | null>(null);
  // Read by Enter and blur, which can come before the re-render that the change scheduled.
  const latestPending = useRef<Locale | null>(null);
  const browsing = useRef(false);
  useEffect(() => {
    latestPending.current = null;
    setPending(null);
  }, [current]);
  const commit = (value: Locale | null) => {
    if (value && value !== current) core.store.getState().chooseLocale(value);
  };
  return (
    <div className="locale">
      <GlobeIcon />
      <label className="visually-hidden" htmlFor="locale-select">
        {t`Country and language`}
      </label>
      <select
        id="locale-select"
        value={pending ?? current}
        autoComplete="off"
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(latestPending.current);
          browsing.current = !e.altKey && e.key !== " " && BROWSING_KEY.test(e.key);
        }}
        onPointerDown={() => {
          browsing.current = false;
        }}
        onChange={(e) => {
          const value = e.target.value;
          if (!isLocale(value)) return;
          latestPending.current = value;
          setPending(value);
          if (!browsing.current) commit(value);
          browsing.current = false;
        }}
        onBlur={() => commit(latestPending.current)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The site search; on narrow screens behind an icon button that reveals the field and focuses it. */
function SearchBox({ narrow }: { narrow: boolean }) {
  const { t } = useLingui();
  const site = useSitePath();
  const { open, button, toggle } = useDisclosure(narrow);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const hidden = narrow && !open;
  return (
    <>
      {narrow && (
        <button
          ref={button}
          type="button"
          className="btn btn--secondary search-toggle"
          aria-expanded={open}
          aria-controls="site-search-form"
          onClick={toggle}
        >
          <SearchIcon />
          <span className="visually-hidden">{t`Search the site`}</span>
        </button>
      )}
      <form id="site-search-form" className="search" role="search" action={site("search")} method="get" hidden={hidden}>
        <label className="visually-hidden" htmlFor="site-search">
          {t`Search the site`}
        </label>
        <input ref={input} id="site-search" name="q" type="search" placeholder={t`Search`} autoComplete="off" />
        <button className="btn" type="submit">
          <SearchIcon />
          <span className="visually-hidden">{t`Search`}</span>
        </button>
      </form>
    </>
  );
}

function BasketLink() {
  const { t } = useLingui();
  const count = useMacc((s) => s.app.panier.length);
  return (
    <RouteLink route="PANIER" className="btn btn--secondary basket" part="basket">
      <BasketIcon />
      <span className="visually-hidden">{t`Basket`}, </span>
      <span className="basket__count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        <Plural value={count} one="# item" other="# items" />
      </span>
    </RouteLink>
  );
}
