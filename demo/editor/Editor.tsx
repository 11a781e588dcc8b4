import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { proveHuman } from "../../src/core/bot-check";
import { LOCALES, type Locale } from "../../src/contract/constants";
import { ApiError } from "../../src/core/errors";
import { getCore } from "../../src/core/index";
import { LOCALE_LABELS } from "../../src/core/locale-labels";
import { Alert } from "../../src/ui/Alert";
import { Button } from "../../src/ui/Button";
import { SelectField } from "../../src/ui/Choice";
import { ErrorSummary, type FieldError } from "../../src/ui/ErrorSummary";
import { Field } from "../../src/ui/Field";
import {
  allowlistJson,
  allowlistOf,
  cspDirectives,
  cspHeader,
  domPurifyConfig,
  NONCE_PLACEHOLDER,
  originOf,
  snippetOf,
  wordpressFilter,
  type AttributeInfo,
  type ChosenElement,
  type ElementInfo,
  type PageSettings,
} from "./model";

/** The demo accounts (README "Demo accounts"); the preview logs in through the API as the elements do. */
const DEMO_ACCOUNTS = ["multi@demo.macc.test", "stale@demo.macc.test", "welcome@demo.macc.test", "uk@demo.macc.test"];
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
  const [toAdd, setToAdd] = useState(catalogue[0]?.tag ?? "");
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [applied, setApplied] = useState<Applied>(() => ({ settings, elements: drafts }));
  const byTag = useMemo(() => new Map(catalogue.map((element) => [element.tag, element])), [catalogue]);

  const set = <K extends keyof PageSettings>(key: K, value: PageSettings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  const setAttribute = (key: number, name: string, value: string | boolean) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, attributes: { ...d.attributes, [name]: value } } : d)));

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
    if (drafts.length === 0) found.push({ field: "add-tag", message: t`Add at least one element` });
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length === 0) setApplied({ settings, elements: drafts.map(({ tag, attributes }) => ({ tag, attributes })) });
  }

  const error = (field: string) => errors.find((e) => e.field === field)?.message;
  const pageSelect = (name: string, key: "locale" | "theme", label: string) => (
    <SelectField
      name={name}
      label={label}
      options={[{ value: "", label: t`Not set` }, ...valuesOf(catalogue, key).map((value) => ({ value, label: value }))]}
      value={settings[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const address = (
    name: string,
    key: "filesBase" | "apiBase" | "portalBase" | "siteBase" | "errorEndpoint",
    label: string,
    hint?: string,
  ) => (
    <Field
      name={name}
      label={label}
      hint={hint}
      error={error(name)}
      // The portal's and the site's bases are paths, the others full addresses.
      type={key === "portalBase" || key === "siteBase" ? "text" : "url"}
      spellCheck={false}
      value={settings[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const check = (name: string, key: "hostSheet" | "nonce", label: string) => (
    <Checkbox name={name} label={label} checked={settings[key]} onChange={(checked) => set(key, checked)} />
  );

  return (
    <div className="macc-root editor">
      <header className="editor__header">
        <h1>{t`Element configurator`}</h1>
        <LanguageForm locale={locale} />
      </header>
      <p className="editor__intro">
        {t`Choose the elements of a CMS page and their settings, see them work against the demo server, then copy what the page and the CMS need: the snippet, the sanitizer allowlist and the Content-Security-Policy.`}
      </p>

      <form className="panel editor__form" noValidate onSubmit={submit} aria-labelledby="settings-title">
        <h2 id="settings-title">{t`Settings`}</h2>
        <ErrorSummary errors={errors} attempt={attempt} />
        <fieldset className="form-section">
          <legend className="editor__legend">{t`The page (the loader's data-* settings)`}</legend>
          <div className="form-grid">
            {pageSelect("page-locale", "locale", t`Language (data-locale)`)}
            {pageSelect("page-theme", "theme", t`Theme (data-theme)`)}
          </div>
          {address(
            "files-base",
            "filesBase",
            t`Address of the files (the copied static folder)`,
            t`The loader is its js/macc-elements.js, the optional sheet its css/macc-elements.css.`,
          )}
          {address("api-base", "apiBase", t`Address of the API (data-api-base)`, t`The preview always uses this demo server's API.`)}
          {address("portal-base", "portalBase", t`Path of the portal's pages (data-portal-base, optional)`)}
          {address(
            "site-base",
            "siteBase",
            t`Path of the site's own pages (data-site-base, optional)`,
            t`When the country site is not at its address's root: the header's and footer's links to its home, products or FAQ go under it.`,
          )}
          {address("error-endpoint", "errorEndpoint", t`Address that receives the elements' errors (data-error-endpoint, optional)`)}
          {check("host-sheet", "hostSheet", t`Include the host sheet, which keeps each element's room while it loads`)}
          {check("nonce", "nonce", t`The page's Content-Security-Policy uses nonces`)}
        </fieldset>

        {drafts.map((draft) => (
          <ElementFieldset
            key={draft.key}
            draft={draft}
            info={byTag.get(draft.tag)}
            error={error}
            onChange={(name, value) => setAttribute(draft.key, name, value)}
            onRemove={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
          />
        ))}

        <div className="editor__add">
          <SelectField
            name="add-tag"
            label={t`Element to add`}
            error={error("add-tag")}
            options={catalogue.map((element) => ({ value: element.tag, label: `<${element.tag}>` }))}
            value={toAdd}
            onChange={(e) => setToAdd(e.target.value)}
          />
          <Button
            variant="secondary"
            onClick={() => setDrafts((list) => [...list, { key: nextKey.current++, tag: toAdd, attributes: {} }])}
          >
            {t`Add the element`}
          </Button>
        </div>

        <div className="actions">
          <Button type="submit">{t`Update the preview and the code`}</Button>
        </div>
      </form>

      <Preview applied={applied} />
      <Outputs applied={applied} catalogue={catalogue} />
    </div>
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
        {label}
      </label>
    </div>
  );
}

/** One element of the snippet: a control per attribute of the manifest. */
function ElementFieldset({
  draft,
  info,
  error,
  onChange,
  onRemove,
}: {
  draft: Draft;
  info: ElementInfo | undefined;
  error: (field: string) => string | undefined;
  onChange: (name: string, value: string | boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const element = `<${draft.tag}>`;
  const descriptionId = useId();
  return (
    <fieldset className="form-section editor__element" aria-describedby={descriptionId}>
      <legend className="editor__legend">
        <code>{element}</code>
      </legend>
      <p className="field__hint" id={descriptionId} lang="en">
        <Markdown text={info?.description ?? ""} />
      </p>
      <div className="form-grid">
        {info?.attributes.map((attribute) => (
          <AttributeControl
            key={attribute.name}
            id={fieldId(draft.key, attribute.name)}
            attribute={attribute}
            value={draft.attributes[attribute.name] ?? ""}
            error={error(fieldId(draft.key, attribute.name))}
            onChange={(value) => onChange(attribute.name, value)}
          />
        ))}
      </div>
      <Button variant="secondary" onClick={onRemove}>{t`Remove ${element}`}</Button>
    </fieldset>
  );
}

function AttributeControl({
  id,
  attribute,
  value,
  error,
  onChange,
}: {
  id: string;
  attribute: AttributeInfo;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useLingui();
  const label = <code>{attribute.name}</code>;
  const hint = attribute.description ? (
    <span lang="en">
      <Markdown text={attribute.description} />
    </span>
  ) : undefined;
  const { control } = attribute;
  if (control.kind === "checkbox") return <Checkbox name={id} label={label} checked={value === true} onChange={onChange} />;
  if (control.kind === "select") {
    return (
      <SelectField
        name={id}
        label={label}
        hint={hint}
        error={error}
        options={[{ value: "", label: t`Not set` }, ...control.values.map((v) => ({ value: v, label: v }))]}
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

/** The manifest's descriptions are Markdown; their `code` spans are all they use. */
function Markdown({ text }: { text: string }) {
  return text.split("`").map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
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

/** The elements as the snippet sets them, in a blank page of this server; the session is the site's, shared with the frame. */
function Preview({ applied }: { applied: Applied }) {
  const { t } = useLingui();
  const [account, setAccount] = useState<Account>({ state: "visitor" });
  const [chosen, setChosen] = useState("");
  const [reloads, setReloads] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const frameHeight = usePreviewHeight(frame);

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
  const src = `/editor/preview.html?snippet=${encodeURIComponent(
    JSON.stringify({
      locale: settings.locale,
      theme: settings.theme,
      portalBase: settings.portalBase,
      hostSheet: settings.hostSheet,
      elements,
    }),
  )}`;
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
        className="editor__frame"
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
        <h2 id="snippet-title">{t`Snippet`}</h2>
        <p>{t`The link and the script go once in the page's head (or the site's template), the tags where the elements show.`}</p>
        {settings.nonce && <p>{t`Your server replaces ${placeholder} with the nonce of each response.`}</p>}
        <CopyBlock id="snippet" label={t`HTML of the page`} copyLabel={t`Copy the snippet`} text={snippetOf(settings, elements)} />
      </section>
      <section className="panel" aria-labelledby="allowlist-title">
        <h2 id="allowlist-title">{t`Sanitizer allowlist`}</h2>
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
      <section className="panel" aria-labelledby="csp-title">
        <h2 id="csp-title">{t`Content-Security-Policy`}</h2>
        <p>{t`The sources the elements need, to add to the directives of the page's own policy.`}</p>
        <CopyBlock id="csp" label={t`Policy`} copyLabel={t`Copy the policy`} text={cspHeader(cspDirectives(settings, { nonce: false }))} />
        <CopyBlock
          id="csp-nonce"
          label={t`Policy for a page that uses nonces`}
          copyLabel={t`Copy the policy with nonces`}
          text={cspHeader(cspDirectives(settings, { nonce: true }))}
        />
      </section>
    </>
  );
}

/** Read-only text with a copy button; where the clipboard is refused, the text is selected for the keyboard's copy. */
function CopyBlock({ id, label, copyLabel, text }: { id: string; label: string; copyLabel: string; text: string }) {
  const { t } = useLingui();
  const area = useRef<HTMLTextAreaElement>(null);
  const [result, setResult] = useState<{ text: string; copied: boolean } | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setResult({ text, copied: true });
    } catch {
      area.current?.focus();
      area.current?.select();
      setResult({ text, copied: false });
    }
  }
  // A confirmation is about the text it copied, not one changed since.
  const shown = result?.text === text ? result : null;
  return (
    <div className="field editor__copy">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        className="field__input field__textarea editor__code"
        readOnly
        spellCheck={false}
        rows={Math.min(14, text.split("\n").length + 1)}
        value={text}
      />
      <div className="actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <p role="status" className="editor__copied">
          {shown?.copied === true && t`Copied to the clipboard.`}
          {shown?.copied === false && t`The browser did not allow copying: the text is selected, press Ctrl+C (⌘C on a Mac).`}
        </p>
      </div>
    </div>
  );
}
