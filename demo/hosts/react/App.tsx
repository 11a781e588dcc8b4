import { useEffect, useState, useSyncExternalStore, type MouseEvent } from "react";
import { createHostRouter, HOST_ROUTES, listenToSession, LOCALES, logged, THEMES, type HostRoute, type LoggedEvent } from "../host";

const router = createHostRouter("/hosts/react/");
type Locale = (typeof LOCALES)[number];
type Theme = (typeof THEMES)[number];

/**
 * A React 19 app hosting the suite: React 19 sets the elements' attributes (or their properties,
 * once defined) from its state, and adds `onmacc-navigate` as a listener for that event.
 */
export function App() {
  const route = useSyncExternalStore(router.subscribe, router.current);
  const [locale, setLocale] = useState<Locale>("fr-FR");
  const [theme, setTheme] = useState<Theme>("");
  const [renders, setRenders] = useState(1);
  const [account, setAccount] = useState<string | null>(null);
  const [log, setLog] = useState<LoggedEvent[]>([]);

  useEffect(
    () =>
      listenToSession((line, email) => {
        setAccount(email ?? null);
        setLog((previous) => logged(previous, line));
        if (!email) router.go("home");
      }),
    [],
  );

  const onNavigate = (event: Event) => {
    const line = router.navigate(event);
    setLog((previous) => logged(previous, line));
  };
  const follow = (to: HostRoute) => (event: MouseEvent) => {
    event.preventDefault();
    router.go(to);
  };

  return (
    <>
      <div className="host-bar">
        <p className="host-name">React 19 host</p>
        <nav aria-label="Host app">
          {(Object.keys(HOST_ROUTES) as HostRoute[]).map((to) => (
            <a key={to} href={router.href(to)} aria-current={to === route ? "page" : undefined} onClick={follow(to)}>
              {HOST_ROUTES[to].label}
            </a>
          ))}
        </nav>
        <label>
          Language
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label>
          Theme
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            {THEMES.map((t) => (
              <option key={t} value={t}>
                {t || "suite's choice"}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          Re-render the host ({renders})
        </button>
      </div>
      <div className="host-status" role="status">
        <p>
          Host route: <code data-testid="host-route">{router.href(route)}</code>
        </p>
        <p>Session: {account ? `logged in as ${account}` : "no macc-login event yet"}</p>
      </div>
      <ul className="host-log" aria-label="Events from the elements">
        {log.length === 0 && <li>No event from the elements yet.</li>}
        {log.map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </ul>
      <macc-header locale={locale} theme={theme || undefined} onmacc-navigate={onNavigate} />
      <main className="host-main">
        {route === "home" && <macc-login locale={locale} theme={theme || undefined} onmacc-navigate={onNavigate} />}
        {route === "company" && <macc-company-choice locale={locale} theme={theme || undefined} onmacc-navigate={onNavigate} />}
        {route === "account" && <macc-invoices locale={locale} theme={theme || undefined} onmacc-navigate={onNavigate} />}
      </main>
      <macc-footer locale={locale} theme={theme || undefined} />
    </>
  );
}
