import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { LOCALES, type Locale } from "../../core/constants";
import { isLocale } from "../../core/locale";
import { showsJoinUs, sitePath } from "../../core/site";
import { showsInvoices } from "../../core/theme";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { RouteLink } from "../../ui/RouteLink";
import { BasketIcon, GlobeIcon, LogoutIcon, MenuIcon, SearchIcon, SwitchIcon, UserIcon } from "./icons";
import { LOCALE_LABELS } from "../../core/locale-labels";

/** `<macc-header>`: brand, tools (locale, search, basket), main menu and the logged-in company block. */
export function Header() {
  const { t } = useLingui();
  const { locale, theme } = useElement();
  const logged = useMacc((s) => s.auth.logged);
  const codeReseau = useMacc((s) => s.auth.entreprise?.codeReseau);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header part="header">
      <div className="container topbar">
        <a className="brand" href="/" part="brand">
          {theme === "AGRI" ? "AGRIMACC" : "MACC"}
          <span className="visually-hidden"> — {t`home page`}</span>
        </a>
        <div className="topbar__tools">
          <LocaleSelector current={locale} />
          <SearchBox />
          <BasketLink />
          <Button variant="secondary" className="menu-toggle" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOpen((o) => !o)}>
            <MenuIcon />
            <Trans>Menu</Trans>
          </Button>
        </div>
      </div>
      <nav className="main" aria-label={t`Main menu`} data-open={menuOpen} part="menu">
        <div className="container">
          <ul id="main-menu">
            <li>
              <a href={sitePath("products", locale)}>{t`Products`}</a>
            </li>
            <li>
              <a href={sitePath("whoWeAre", locale)}>{t`Who we are`}</a>
            </li>
            <li>
              <a href={sitePath("innovate", locale)}>{t`Innovate together`}</a>
            </li>
            {showsJoinUs(locale, codeReseau) && (
              <li>
                <a href={sitePath("joinUs", locale)}>{t`Join us`}</a>
              </li>
            )}
            <li>{logged ? <AccountMenu /> : <RouteLink route="LOGIN">{t`My account`}</RouteLink>}</li>
            <li>
              <RouteLink route="INTERLOCUTEURS">{t`Contact`}</RouteLink>
            </li>
            <li>
              <a href={sitePath("news", locale)}>{t`News`}</a>
            </li>
            <li>
              <a href={sitePath("faq", locale)}>{t`FAQ`}</a>
            </li>
          </ul>
        </div>
      </nav>
      {logged && <CompanyBlock />}
    </header>
  );
}

/** The my-account submenu: a disclosure (not an ARIA menu), closed by Escape or a click elsewhere. */
function AccountMenu() {
  const { t } = useLingui();
  const { theme } = useElement();
  const codeReseau = useMacc((s) => s.auth.entreprise?.codeReseau ?? s.auth.user?.codeReseau);
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        (ref.current?.querySelector("button") as HTMLButtonElement | null)?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={ref}>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t`My account`} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="submenu" id={id} onClick={() => setOpen(false)}>
          <li>
            <RouteLink route="DASHBOARD">{t`Dashboard`}</RouteLink>
          </li>
          <li>
            <RouteLink route="PARC_PRODUITS">{t`My product fleet`}</RouteLink>
          </li>
          <li>
            <RouteLink route="INFOS_PERSONNEL">{t`My information`}</RouteLink>
          </li>
          {showsInvoices(codeReseau, theme) && (
            <li>
              <RouteLink route="FACTURES">{t`My invoices`}</RouteLink>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function CompanyBlock() {
  const { t } = useLingui();
  const { core, emit } = useElement();
  const entreprise = useMacc((s) => s.auth.entreprise);
  const companyCount = useMacc((s) => s.auth.user?.entreprises.length ?? 0);
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      await core.session.logout();
    } catch {
      // The page is logged out even when the server could not be told; the API client reported it.
    } finally {
      setLeaving(false);
      emit("macc-logout", { reason: "user" });
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
              {entreprise.formeJuridique} {entreprise.raisonSocial}
            </span>{" "}
            <span className="company__number">{entreprise.immatriculation}</span>
          </span>
        </p>
      )}
      {companyCount > 1 && (
        <RouteLink route="CHOIX_ENTREPRISE" className="btn btn--secondary" part="change-company">
          <SwitchIcon />
          <span>{t`Change company`}</span>
        </RouteLink>
      )}
      <Button variant="secondary" busy={leaving} onClick={() => void logout()} part="logout">
        <LogoutIcon />
        <Trans>Log out</Trans>
      </Button>
    </div>
  );
}

function LocaleSelector({ current }: { current: Locale }) {
  const { t } = useLingui();
  const { core } = useElement();
  return (
    <div className="locale">
      <GlobeIcon />
      <label className="visually-hidden" htmlFor="locale-select">
        {t`Country and language`}
      </label>
      <select
        id="locale-select"
        value={current}
        autoComplete="off"
        onChange={(e) => {
          if (isLocale(e.target.value)) core.store.getState().setLocale(e.target.value);
        }}
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

function SearchBox() {
  const { t } = useLingui();
  const { locale } = useElement();
  return (
    <form className="search" role="search" action={sitePath("search", locale)} method="get">
      <label className="visually-hidden" htmlFor="site-search">
        {t`Search the site`}
      </label>
      <input id="site-search" name="q" type="search" placeholder={t`Search`} autoComplete="off" />
      <button className="btn" type="submit">
        <SearchIcon />
        <span className="visually-hidden">{t`Search`}</span>
      </button>
    </form>
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
      <span className="visually-hidden">{count === 1 ? t`1 item` : t`${count} items`}</span>
    </RouteLink>
  );
}
