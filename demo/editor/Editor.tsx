import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { proveHuman } from "../../src/core/bot-check";
import { LOCALES, type Locale } from "../../src/contract/constants";
import { ApiError } from "../../src/core/errors";
import { getCore } from "../../src/core/index";
import { LOCALE_LABELS } from "../../src/core/locale-labels";
import { isLocale } from "../../src/core/locale";
import { COMMON_ATTRIBUTES, TAGS } from "../../src/core/tags";
import { Alert } from "../../src/ui/Alert";
import { Button } from "../../src/ui/Button";
import { SelectField } from "../../src/ui/Choice";
import { ErrorSummary, type FieldError } from "../../src/ui/ErrorSummary";
import { Field } from "../../src/ui/Field";
import { CopyBlock } from "./CopyBlock";
import {
  allowlistJson,
  allowlistOf,
  cspDirectives,
  cspHeader,
  domPurifyConfig,
  guidesOf,
  languageOfLocale,
  NONCE_PLACEHOLDER,
  originOf,
  snippetOf,
  wordpressFilter,
  type AttributeGuide,
  type AttributeInfo,
  type ChosenElement,
  type ElementGuide,
  type ElementInfo,
  type PageSettings,
} from "./model";
import { PageCheckForm } from "./PageCheckForm";

/** The demo accounts (README "Demo accounts"); the preview logs in through the API as the elements do. */
const DEMO_ACCOUNTS = [
  "multi@demo.macc.test",
  "stale@demo.macc.test",
  "welcome@demo.macc.test",
  "uk@demo.macc.test",
  "comptable@demo.macc.test",
  "atelier@demo.macc.test",
];
const DEMO_PASSWORD = "Macc2026!";

interface Draft extends ChosenElement {
  /** Stable across removals, for the controls' ids. */
  key: number;
}

interface Applied {
  settings: PageSettings;
  elements: ChosenElement[];
}

/** The values a page-level setting takes: those of the attribute every element has (`locale`, `theme`). */
function valuesOf(catalogue: readonly ElementInfo[], name: string): string[] {
  const control = catalogue[0]?.attributes.find((attribute) => attribute.name === name)?.control;
  return control?.kind === "select" ? control.values : [];
}

const fieldId = (key: number, attribute: string) => `element-${key}-${attribute}`;

export function Editor({ catalogue, locale }: { catalogue: readonly ElementInfo[]; locale: Locale }) {
  const { t } = useLingui();
  const guides = useMemo(() => guidesOf(TAGS, COMMON_ATTRIBUTES, languageOfLocale(locale)), [locale]);
  const [settings, setSettings] = useState<PageSettings>(() => ({
    locale: "fr-FR",
    theme: "macc",
    apiBase: `${location.origin}/api`,
    filesBase: `${location.origin}/static`,
    portalBase: "",
    siteBase: "",
    errorEndpoint: "",
    hostSheet: true,
    nonce: false,
  }));
  const nextKey = useRef(1);
  const [drafts, setDrafts] = useState<Draft[]>(() => [{ key: 0, tag: "macc-login", attributes: {} }]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [advanced, setAdvanced] = useState(false);
  const [applied, setApplied] = useState<Applied>(() => ({ settings, elements: drafts }));
  const byTag = useMemo(() => new Map(catalogue.map((element) => [element.tag, element])), [catalogue]);

  const set = <K extends keyof PageSettings>(key: K, value: PageSettings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  const setAttribute = (key: number, name: string, value: string | boolean) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, attributes: { ...d.attributes, [name]: value } } : d)));
  const add = (tag: string) => setDrafts((list) => [...list, { key: nextKey.current++, tag, attributes: {} }]);

  function validate(): FieldError[] {
    const found: FieldError[] = [];
    const url = (field: string, value: string, message: string, optional = false) => {
      if (!(optional && value.trim() === "") && !originOf(value)) found.push({ field, message });
    };
    url("files-base", settings.filesBase, t`Enter the address of the files as a full address, like https://cdn.example/macc/static`);
    url("api-base", settings.apiBase, t`Enter the address of the API as a full address, like https://extranet.example/api`);
    if (settings.portalBase.trim() !== "" && !settings.portalBase.trim().startsWith("/")) {
      found.push({ field: "portal-base", message: t`Enter the portal's path starting with a slash, like /mon-espace, or leave it empty` });
    }
    if (settings.siteBase.trim() !== "" && !settings.siteBase.trim().startsWith("/")) {
      found.push({ field: "site-base", message: t`Enter the site's path starting with a slash, like /be-nl, or leave it empty` });
    }
    url(
      "error-endpoint",
      settings.errorEndpoint,
      t`Enter the error endpoint as a full address, like https://errors.example/macc, or leave it empty`,
      true,
    );
    for (const draft of drafts) {
      const value = draft.attributes["api-base"];
      if (typeof value === "string") {
        const element = `<${draft.tag}>`;
        url(fieldId(draft.key, "api-base"), value, t`Enter the API address of ${element} as a full address, or leave it empty`, true);
      }
    }
    if (drafts.length === 0) found.push({ field: "gallery-title", message: t`Add at least one element` });
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    // The error summary links to every field in error: the Advanced ones must be showing.
    if (found.some((error) => ADVANCED_FIELDS.includes(error.field))) setAdvanced(true);
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length === 0) setApplied({ settings, elements: drafts.map(({ tag, attributes }) => ({ tag, attributes })) });
  }

  const error = (field: string) => errors.find((e) => e.field === field)?.message;
  const pageSelect = (name: string, key: "locale" | "theme", label: string, hint: string, names: (value: string) => string) => (
    <SelectField
      name={name}
      label={label}
      hint={<Term hint={hint} term={`data-${key}`} />}
      options={[{ value: "", label: t`Not set` }, ...valuesOf(catalogue, key).map((value) => ({ value, label: names(value) }))]}
      value={settings[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const address = (
    name: string,
    key: "filesBase" | "apiBase" | "portalBase" | "siteBase" | "errorEndpoint",
    label: string,
    hint: string,
    term: string,
  ) => (
    <Field
      name={name}
      label={label}
      hint={<Term hint={hint} term={term} />}
      error={error(name)}
      // The portal's and the site's bases are paths, the others full addresses.
      type={key === "portalBase" || key === "siteBase" ? "text" : "url"}
      spellCheck={false}
      value={settings[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const check = (name: string, key: "hostSheet" | "nonce", label: string, term: string) => (
    <Checkbox name={name} label={<Term hint={label} term={term} />} checked={settings[key]} onChange={(checked) => set(key, checked)} />
  );

  return (
    <div className="macc-root editor">
      <header className="editor__header">
        <h1>{t`Element configurator`}</h1>
        <LanguageForm locale={locale} />
      </header>
      <p className="editor__intro">
        {t`Choose the blocks of the customer area that your page shows, set them, and see them work. Then copy the code to paste into the page, and check that the page has what they need.`}
      </p>

      <Gallery catalogue={catalogue} guides={guides} settings={applied.settings} onAdd={add} />

      <form className="panel editor__form" noValidate onSubmit={submit} aria-labelledby="settings-title">
        <h2 id="settings-title">{t`Settings of your page`}</h2>
        <ErrorSummary errors={errors} attempt={attempt} />
        <fieldset className="form-section">
          <legend className="editor__legend">{t`The whole page`}</legend>
          <div className="form-grid">
            {pageSelect(
              "page-locale",
              "locale",
              t`Language`,
              t`The language the elements speak, until the visitor chooses another.`,
              (value) => (isLocale(value) ? LOCALE_LABELS[value] : value),
            )}
            {pageSelect("page-theme", "theme", t`Theme`, t`The brand's colours and logo.`, (value) => THEME_NAMES[value] ?? value)}
          </div>
        </fieldset>

        {drafts.map((draft) => (
          <ElementFieldset
            key={draft.key}
            draft={draft}
            info={byTag.get(draft.tag)}
            guide={guides.get(draft.tag)}
            error={error}
            onChange={(name, value) => setAttribute(draft.key, name, value)}
            onRemove={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
          />
        ))}

        <details className="editor__advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
          <summary>{t`Advanced settings`}</summary>
          <p className="field__hint">
            {t`Addresses and security, usually set once for the whole site by your web developer. Each shows its technical name.`}
          </p>
          {address(
            "files-base",
            "filesBase",
            t`Where the elements' files are`,
            t`The address of the copied static folder: the page loads js/macc-elements.js from it, and the optional css/macc-elements.css.`,
            "static/",
          )}
          {address(
            "api-base",
            "apiBase",
            t`Address of the customer area's server`,
            t`The preview always uses this demo server.`,
            "data-api-base",
          )}
          {address(
            "portal-base",
            "portalBase",
            t`Path of the customer area's pages (optional)`,
            t`Where the links of the elements lead, like /mon-espace.`,
            "data-portal-base",
          )}
          {address(
            "site-base",
            "siteBase",
            t`Path of the site's own pages (optional)`,
            t`When the country site is not at its address's root: the header's and footer's links to its home, products or FAQ go under it.`,
            "data-site-base",
          )}
          {address(
            "error-endpoint",
            "errorEndpoint",
            t`Address that receives error reports (optional)`,
            t`Where the elements report their errors, for your web developer.`,
            "data-error-endpoint",
          )}
          {check("host-sheet", "hostSheet", t`Keep each element's space on the page while it loads`, "macc-elements.css")}
          {check("nonce", "nonce", t`My site's security policy gives each page a one-time code`, "nonce, Content-Security-Policy")}
        </details>

        <div className="actions">
          <Button type="submit">{t`Update the preview and the code`}</Button>
        </div>
      </form>

      <Preview applied={applied} />
      <Outputs applied={applied} catalogue={catalogue} />
      <PageCheckForm settings={applied.settings} elements={applied.elements} />
    </div>
  );
}

/** The page settings under "Advanced", by their controls' ids. */
const ADVANCED_FIELDS: readonly string[] = ["files-base", "api-base", "portal-base", "site-base", "error-endpoint"];

/** The themes' names as the brand writes them. */
const THEME_NAMES: Record<string, string> = { macc: "MACC", agri: "AGRIMACC" };

/** Plain words first, the technical name after them, for a developer to search. */
function Term({ hint, term }: { hint: ReactNode; term: string }) {
  return (
    <>
      {hint} <code className="editor__term">{term}</code>
    </>
  );
}

/** Every element as a card: a live thumbnail, its name and what it does in the editor's language, and a button to add it. */
function Gallery({
  catalogue,
  guides,
  settings,
  onAdd,
}: {
  catalogue: readonly ElementInfo[];
  guides: Map<string, ElementGuide>;
  settings: PageSettings;
  onAdd: (tag: string) => void;
}) {
  const { t } = useLingui();
  const [added, setAdded] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="gallery-title">
      <h2 id="gallery-title" tabIndex={-1}>
        {t`The elements`}
      </h2>
      <p>{t`Each card shows an element as visitors see it. Add the ones your page needs; their settings follow below.`}</p>
      <ul className="editor__gallery">
        {catalogue.map(({ tag }) => {
          const guide = guides.get(tag);
          const name = guide?.name ?? tag;
          return (
            <li key={tag} className="editor__card">
              <Thumbnail title={name} src={previewSrc(settings, [{ tag, attributes: {} }])} />
              <h3 className="editor__card-title">{name}</h3>
              <p className="editor__card-text">{guide?.description}</p>
              <p className="editor__card-tag">
                <code>{`<${tag}>`}</code>
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  onAdd(tag);
                  setAdded(name);
                }}
              >
                {t`Add`}
                <span className="visually-hidden"> {t`“${name}” to the page`}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="editor__copied">
        {added && t`“${added}” added to the settings below.`}
      </p>
    </section>
  );
}

/** The editor's own language: a plain GET form, so changing it is a deliberate step. */
function LanguageForm({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <form className="editor__language" method="get" action="">
      <SelectField
        name="locale"
        label={t`Language of this page`}
        defaultValue={locale}
        options={LOCALES.map((value) => ({ value, label: LOCALE_LABELS[value] }))}
      />
      <Button type="submit" variant="secondary">{t`Change language`}</Button>
    </form>
  );
}

function Checkbox({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="radio" htmlFor={name}>
        <input type="checkbox" id={name} name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {/* One flex item: the words and a technical name flow as one text. */}
        <span>{label}</span>
      </label>
    </div>
  );
}

/** One element of the snippet: a control per attribute of the manifest, in the registry's words; the server address under "More". */
function ElementFieldset({
  draft,
  info,
  guide,
  error,
  onChange,
  onRemove,
}: {
  draft: Draft;
  info: ElementInfo | undefined;
  guide: ElementGuide | undefined;
  error: (field: string) => string | undefined;
  onChange: (name: string, value: string | boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const name = guide?.name ?? draft.tag;
  const descriptionId = useId();
  const control = (attribute: AttributeInfo) => (
    <AttributeControl
      key={attribute.name}
      id={fieldId(draft.key, attribute.name)}
      attribute={attribute}
      guide={guide?.attributes[attribute.name]}
      value={draft.attributes[attribute.name] ?? ""}
      error={error(fieldId(draft.key, attribute.name))}
      onChange={(value) => onChange(attribute.name, value)}
    />
  );
  const attributes = info?.attributes ?? [];
  const technical = attributes.filter((attribute) => TECHNICAL_ATTRIBUTES.has(attribute.name));
  const [open, setOpen] = useState(false);
  // Open while one of its fields is in error, so the error summary's link reaches it.
  const inError = technical.some((attribute) => error(fieldId(draft.key, attribute.name)));
  return (
    <fieldset className="form-section editor__element" aria-describedby={descriptionId}>
      <legend className="editor__legend">
        {name} <code className="editor__term">{`<${draft.tag}>`}</code>
      </legend>
      <p className="field__hint" id={descriptionId}>
        {guide?.description}
      </p>
      <div className="form-grid">{attributes.filter((attribute) => !TECHNICAL_ATTRIBUTES.has(attribute.name)).map(control)}</div>
      {technical.length > 0 && (
        <details className="editor__advanced" open={open || inError} onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>{t`Advanced settings of “${name}”`}</summary>
          {technical.map(control)}
        </details>
      )}
      <Button variant="secondary" onClick={onRemove}>{t`Remove “${name}”`}</Button>
    </fieldset>
  );
}

/** Attributes a CMS editor rarely sets: under the element's own "Advanced". */
const TECHNICAL_ATTRIBUTES = new Set(["api-base"]);

function AttributeControl({
  id,
  attribute,
  guide,
  value,
  error,
  onChange,
}: {
  id: string;
  attribute: AttributeInfo;
  guide: AttributeGuide | undefined;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useLingui();
  const label = guide?.label ?? attribute.name;
  const hint = <Term hint={guide?.help} term={attribute.name} />;
  const { control } = attribute;
  if (control.kind === "checkbox")
    return <Checkbox name={id} label={<Term hint={label} term={attribute.name} />} checked={value === true} onChange={onChange} />;
  if (control.kind === "select") {
    const words = (v: string) => guide?.values[v] ?? (isLocale(v) ? LOCALE_LABELS[v] : (THEME_NAMES[v] ?? v));
    return (
      <SelectField
        name={id}
        label={label}
        hint={hint}
        error={error}
        options={[{ value: "", label: t`Not set` }, ...control.values.map((v) => ({ value: v, label: words(v) }))]}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <Field
      name={id}
      label={label}
      hint={hint}
      error={error}
      spellCheck={false}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

type Account = { state: "visitor" } | { state: "busy" } | { state: "logged"; email: string } | { state: "failed"; message: string };

/** Bounds the frame keeps whatever the preview says: room for a skeleton, and no runaway page. */
const PREVIEW_HEIGHT = { min: 240, max: 6000 };

/** The height the preview page reports for itself (preview.js), from that frame only; null until it does. */
function usePreviewHeight(frame: RefObject<HTMLIFrameElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string; height?: unknown }>) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      const reported = event.data?.type === "macc-preview-height" ? Number(event.data.height) : NaN;
      if (Number.isFinite(reported)) setHeight(Math.min(Math.max(reported, PREVIEW_HEIGHT.min), PREVIEW_HEIGHT.max));
    };
    addEventListener("message", onMessage);
    return () => removeEventListener("message", onMessage);
  }, [frame]);
  return height;
}

/**
 * Whether focus is inside the frame's page. No selector matches the frame then (:focus neither) and
 * no focus event reaches this page: it sees its window lose focus, after which the frame is its active element.
 */
function useFrameFocus(frame: RefObject<HTMLIFrameElement | null>): boolean {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const check = () => {
      const root = frame.current?.getRootNode() as Document | ShadowRoot | undefined;
      setFocused(root?.activeElement === frame.current && frame.current !== null);
    };
    // The active element changes once the blur is dispatched.
    const later = () => setTimeout(check);
    addEventListener("blur", later);
    addEventListener("focus", check);
    document.addEventListener("focusin", check);
    return () => {
      removeEventListener("blur", later);
      removeEventListener("focus", check);
      document.removeEventListener("focusin", check);
    };
  }, [frame]);
  return focused;
}

/**
 * A picture of an element: the preview page, out of the tab order and of the accessibility tree
 * (the card says it in words). Loaded once it comes near the screen: each is a page running the
 * elements, and `loading="lazy"` starts them all, a few screens ahead.
 */
function Thumbnail({ title, src }: { title: string; src: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: "200px" });
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="editor__thumb" inert>
      {near && <iframe title={title} tabIndex={-1} src={src} />}
    </div>
  );
}

/** The preview page (preview.js) showing the elements as the snippet sets them. */
const previewSrc = (settings: PageSettings, elements: readonly ChosenElement[]) =>
  `/editor/preview.html?snippet=${encodeURIComponent(
    JSON.stringify({
      locale: settings.locale,
      theme: settings.theme,
      portalBase: settings.portalBase,
      hostSheet: settings.hostSheet,
      elements,
    }),
  )}`;

/** The elements as the snippet sets them, in a blank page of this server; the session is the site's, shared with the frame. */
function Preview({ applied }: { applied: Applied }) {
  const { t } = useLingui();
  const [account, setAccount] = useState<Account>({ state: "visitor" });
  const [chosen, setChosen] = useState("");
  const [reloads, setReloads] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const frameHeight = usePreviewHeight(frame);
  const framed = useFrameFocus(frame);

  useEffect(() => {
    const core = getCore();
    void core.ready.then(() => {
      const email = core.store.getState().auth.user?.infosConnexion.emailLogin;
      if (email) {
        setAccount({ state: "logged", email });
        setChosen(email);
      }
    });
  }, []);

  async function switchAccount(event: FormEvent) {
    event.preventDefault();
    if (account.state === "busy") return;
    setAccount({ state: "busy" });
    const core = getCore();
    try {
      if (core.store.getState().auth.user) await core.session.logout();
      if (chosen) {
        const proof = await proveHuman(core.api);
        await core.session.login(chosen, DEMO_PASSWORD, proof);
        setAccount({ state: "logged", email: chosen });
      } else {
        setAccount({ state: "visitor" });
      }
    } catch (error) {
      const detail = error instanceof ApiError ? error.problem.detail : undefined;
      setAccount({ state: "failed", message: detail ?? t`The demo server could not be reached. Try again.` });
    }
    setReloads((n) => n + 1);
  }

  const email = account.state === "logged" ? account.email : null;
  const { settings, elements } = applied;
  const src = previewSrc(settings, elements);
  return (
    <section className="panel" aria-labelledby="preview-title">
      <h2 id="preview-title">{t`Preview`}</h2>
      <form className="editor__account" onSubmit={switchAccount}>
        <SelectField
          name="preview-account"
          label={t`Show the elements to`}
          options={[{ value: "", label: t`A visitor (not logged in)` }, ...DEMO_ACCOUNTS.map((email) => ({ value: email, label: email }))]}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={account.state === "busy"}>
          {t`Log in or out`}
        </Button>
      </form>
      <div role="status" className="editor__account-status">
        {email && t`Logged in as ${email} through the demo API.`}
        {account.state === "busy" && t`Changing the preview's account…`}
      </div>
      {account.state === "failed" && <Alert kind="error">{account.message}</Alert>}
      <iframe
        ref={frame}
        key={reloads}
        className={framed ? "editor__frame editor__frame--focus" : "editor__frame"}
        title={t`Preview of the elements`}
        src={src}
        style={frameHeight ? { height: frameHeight } : undefined}
      />
    </section>
  );
}

function Outputs({ applied, catalogue }: { applied: Applied; catalogue: readonly ElementInfo[] }) {
  const { t } = useLingui();
  const { settings, elements } = applied;
  const allowlist = allowlistOf(
    catalogue,
    elements.map((element) => element.tag),
  );
  const placeholder = NONCE_PLACEHOLDER;
  return (
    <>
      <section className="panel" aria-labelledby="snippet-title">
        <h2 id="snippet-title">{t`Code to paste into your page`}</h2>
        <p>{t`The first lines go once in the page's head (or the site's template), the tags where the elements show.`}</p>
        {settings.nonce && <p>{t`Your server replaces ${placeholder} with the nonce of each response.`}</p>}
        <CopyBlock id="snippet" label={t`HTML of the page`} copyLabel={t`Copy the snippet`} text={snippetOf(settings, elements)} />
      </section>
      <details className="panel editor__advanced editor__developer">
        <summary>{t`For your web developer: the CMS filter and the security policy`}</summary>
        <section aria-labelledby="allowlist-title">
          <h3 id="allowlist-title">{t`Sanitizer allowlist`}</h3>
          <p>{t`What a rich-text filter must keep for these tags: every attribute they take, so a later change of setting survives too.`}</p>
          <CopyBlock id="allowlist-json" label={t`As JSON`} copyLabel={t`Copy the JSON`} text={allowlistJson(allowlist)} />
          <CopyBlock
            id="allowlist-dompurify"
            label={t`As DOMPurify options`}
            copyLabel={t`Copy the DOMPurify options`}
            text={domPurifyConfig(allowlist)}
          />
          <CopyBlock
            id="allowlist-wordpress"
            label={t`As a WordPress filter (wp_kses_allowed_html, in the theme's functions.php or a plugin)`}
            copyLabel={t`Copy the WordPress filter`}
            text={wordpressFilter(allowlist)}
          />
        </section>
        <section aria-labelledby="csp-title">
          <h3 id="csp-title">{t`Security policy (Content-Security-Policy)`}</h3>
          <p>{t`The sources the elements need, to add to the directives of the page's own policy.`}</p>
          <CopyBlock
            id="csp"
            label={t`Policy`}
            copyLabel={t`Copy the policy`}
            text={cspHeader(cspDirectives(settings, { nonce: false }))}
          />
          <CopyBlock
            id="csp-nonce"
            label={t`Policy for a page that uses nonces`}
            copyLabel={t`Copy the policy with nonces`}
            text={cspHeader(cspDirectives(settings, { nonce: true }))}
          />
        </section>
      </details>
    </>
  );
}
